import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { formatReadout } from '../../game/map/camera.ts';
import { $engine } from '../../game/session/game-session.ts';
import { $readout } from '../../stores/game.ts';

/**
 * The canvas map, its minimap and readout. The engine draws; this component only gives it the elements.
 * Tests read the map through data-* attributes on the wrapper and window.__wastelandMap (read-only, installed by the
 * session: session/debug-hook.ts). `extras` (the update banner and the map's other notices) come once the map has drawn; the phone's first-run
 * guide is the frame's (GameFrame.tsx), so it shows while the world loads.
 */
export function MapView({ extras }: { extras?: ReactNode }) {
  const engine = useStore($engine);
  const wrapper = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const minimap = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!engine || !wrapper.current || !canvas.current) return;
    return engine.attach(canvas.current, wrapper.current, minimap.current);
  }, [engine]);

  return (
    <section className="game-map" aria-label="Map">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the map takes keyboard input (arrows, WASD), so it must be focusable */}
      <div ref={wrapper} className="game-map__surface" data-testid="map" tabIndex={0} aria-describedby="map-help">
        <canvas ref={canvas} role="img" aria-label="Map of the wasteland around your survivor" />
      </div>
      <p id="map-help" className="wl-visually-hidden">
        Click or tap to walk there. W A S D or the arrow keys walk. Drag to look around, C to re-centre. Scroll, pinch, plus or
        minus to zoom.
      </p>
      <canvas
        ref={minimap}
        className="game-minimap"
        aria-label="Minimap of explored land (click to look there)"
        role="img"
        data-testid="minimap"
      />
      <Readout />
      <RecentreButton />
      {extras}
    </section>
  );
}

function Readout() {
  const r = useStore($readout);
  return (
    <p className="game-readout" data-testid="map-readout" aria-live="off">
      {formatReadout(r.x, r.y, r.zoom)}
    </p>
  );
}

function RecentreButton() {
  const r = useStore($readout);
  const engine = useStore($engine);
  if (!r.panned || !engine) return null;
  return (
    <button type="button" className="wl-button wl-button--sm game-recentre" onClick={() => engine.recentre()}>
      Centre on me
    </button>
  );
}
