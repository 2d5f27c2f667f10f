import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { $me, $mobilePanel, $onlineList } from '../../stores/game.ts';
import { useNarrow } from './useNarrow.ts';
import './players.css';

/** Who is online: a colour swatch, the name, '(You)' on yours. The header popover, the sidebar and the phone panel. */
export function OnlinePlayersList() {
  const list = useStore($onlineList);
  const me = useStore($me);
  if (list.length === 0) return <p className="wl-muted">No survivors online</p>;
  return (
    <ul className="game-players">
      {list.map((p) => (
        <li key={p.id}>
          <span className="game-swatch" style={{ background: p.color }} aria-hidden="true" />
          <span className="game-players__name">
            {p.name}
            {p.id === me?.id && <span className="wl-muted"> (You)</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The header popover: hover shows it while the pointer stays, a click (or tap) pins it open and the next one closes
 * it. Opening on hover and then toggling on the click that follows closed it again: a tap needed two.
 */
export type PopoverState = 'closed' | 'hover' | 'pinned';
export type PopoverEvent = 'enter' | 'leave' | 'click' | 'dismiss';

export function nextPopover(state: PopoverState, event: PopoverEvent): PopoverState {
  switch (event) {
    case 'enter':
      return state === 'closed' ? 'hover' : state;
    case 'leave':
      return state === 'hover' ? 'closed' : state;
    case 'click':
      return state === 'pinned' ? 'closed' : 'pinned';
    case 'dismiss':
      return 'closed';
  }
}

/**
 * 'n online' in the header. On a desktop it opens the 'Survivors Online' popover (hover, click, keyboard); on a phone
 * it is the players button and opens the Online Players panel.
 */
export function OnlinePlayers() {
  const count = useStore($onlineList).length;
  const sheet = useStore($mobilePanel);
  const narrow = useNarrow();
  const [state, setState] = useState<PopoverState>('closed');
  const root = useRef<HTMLDivElement>(null);
  const id = useId();
  const send = (event: PopoverEvent) => setState((s) => nextPopover(s, event));
  const open = !narrow && state !== 'closed';

  useEffect(() => {
    if (state !== 'pinned') return;
    const onPress = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setState('closed');
    };
    document.addEventListener('pointerdown', onPress);
    return () => document.removeEventListener('pointerdown', onPress);
  }, [state]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only previews what the button's click and keyboard open
    <div
      ref={root}
      className="game-online"
      onMouseEnter={() => !narrow && send('enter')}
      onMouseLeave={() => send('leave')}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) send('dismiss');
      }}
    >
      <button
        type="button"
        className="game-online__count"
        aria-expanded={narrow ? sheet === 'players' : open}
        aria-controls={narrow ? undefined : id}
        onClick={() => (narrow ? $mobilePanel.set(sheet === 'players' ? null : 'players') : send('click'))}
        onKeyDown={(e) => e.key === 'Escape' && send('dismiss')}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <circle cx="9" cy="8" r="3.5" />
          <path d="M2 20c0-4 3-6.5 7-6.5s7 2.5 7 6.5z" />
          <circle cx="17" cy="9" r="2.5" opacity=".7" />
        </svg>
        <span>
          {count}
          <span className="game-online__label"> online</span>
        </span>
      </button>
      {/* biome-ignore lint/a11y/useSemanticElements: a popover region named by its heading, not a page section */}
      <div id={id} className="game-online__popover wl-panel" role="region" aria-label="Survivors Online" hidden={!open}>
        <h2>Survivors Online</h2>
        <OnlinePlayersList />
      </div>
    </div>
  );
}
