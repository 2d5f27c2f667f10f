import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { $me, $onlineList } from '../../stores/game.ts';

/** 'n online' with the 'Survivors Online' list on hover or keyboard focus (and on tap, for touch screens). */
export function OnlinePlayers() {
  const list = useStore($onlineList);
  const me = useStore($me);
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only mirrors the button's own focus and click behaviour
    <div className="game-online" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="game-online__count"
        aria-expanded={open}
        aria-controls={id}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <circle cx="9" cy="8" r="3.5" />
          <path d="M2 20c0-4 3-6.5 7-6.5s7 2.5 7 6.5z" />
          <circle cx="17" cy="9" r="2.5" opacity=".7" />
        </svg>
        <span>
          {list.length}
          <span className="game-online__label"> online</span>
        </span>
      </button>
      {/* biome-ignore lint/a11y/useSemanticElements: a popover region named by its heading, not a page section */}
      <div id={id} className="game-online__popover wl-panel" role="region" aria-label="Survivors Online" hidden={!open}>
        <h2>Survivors Online</h2>
        {list.length === 0 ? (
          <p className="wl-muted">No survivors online</p>
        ) : (
          <ul>
            {list.map((p) => (
              <li key={p.id}>
                {p.name}
                {p.id === me?.id && <span className="wl-muted"> (You)</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
