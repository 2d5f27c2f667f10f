/** The engine's own layers: the navigation target (under other survivors) and you (on top of everything). */
import { LayerZ, type MapLayer } from './layer.ts';
import { drawLabel, drawNavTarget, drawRoute, drawSurvivor } from './sprites.ts';
import type { Walk } from './walk.ts';

/**
 * The marker where you clicked: it pulses and fades while it shows (Walk.navMarker), then one draw clears it. A
 * planned walk round obstacles shows as a faint route line through its waypoints while it lasts.
 */
export function navTargetLayer(walk: Walk): MapLayer {
  let shown = false;
  return {
    z: LayerZ.navTarget,
    needsDraw: (now) => shown || walk.navMarker(now) !== null || walk.remaining.length > 1,
    draw(ctx, view) {
      const nav = walk.navMarker(view.now);
      const route = walk.remaining;
      const routed = route.length > 1;
      shown = nav !== null || routed;
      const me = view.toScreen(view.me.x, view.me.y);
      if (routed) drawRoute(ctx, [me, ...route.map((p) => view.toScreen(p.x, p.y))]);
      if (!nav) return;
      drawNavTarget(ctx, me, view.toScreen(nav.x, nav.y), nav.alpha, (Math.sin(view.now / 250) + 1) / 2, !routed);
    },
  };
}

/** You: where the engine puts you (its own inputs), in your colour, with your name. */
export function selfLayer(walk: Walk): MapLayer {
  let drawn: { colour: string; name: string } | null = null;
  return {
    z: LayerZ.self,
    needsDraw: () => drawn === null || drawn.colour !== walk.me.colour || drawn.name !== walk.me.name,
    draw(ctx, view) {
      drawn = { colour: walk.me.colour, name: walk.me.name };
      const me = view.toScreen(view.me.x, view.me.y);
      drawSurvivor(ctx, me.x, me.y, walk.me.colour, true);
      if (!view.small) drawLabel(ctx, walk.me.name, me.x, me.y - 14, '#fff4dc', { anchor: me });
    },
  };
}
