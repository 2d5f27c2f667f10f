/** The engine's own layers: the navigation target (under other survivors) and you (on top of everything). */
import { LayerZ, type MapLayer } from './layer.ts';
import { drawLabel, drawNavTarget, drawSurvivor } from './sprites.ts';
import type { Walk } from './walk.ts';

export function navTargetLayer(walk: Walk): MapLayer {
  return {
    z: LayerZ.navTarget,
    draw(ctx, view) {
      const nav = walk.navMarker(view.now);
      if (!nav) return;
      const me = view.toScreen(view.me.x, view.me.y);
      drawNavTarget(ctx, me, view.toScreen(nav.x, nav.y), nav.alpha, (Math.sin(view.now / 250) + 1) / 2);
    },
  };
}

export function selfLayer(walk: Walk): MapLayer {
  return {
    z: LayerZ.self,
    draw(ctx, view) {
      const me = view.toScreen(view.me.x, view.me.y);
      drawSurvivor(ctx, me.x, me.y, walk.me.colour, true);
      if (!view.small) drawLabel(ctx, walk.me.name, me.x, me.y - 14, '#fff4dc');
    },
  };
}
