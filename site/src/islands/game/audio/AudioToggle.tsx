import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { $audioSettings } from '../../../stores/audio.ts';
import { AudioSettings } from './AudioSettings.tsx';

/** The header's speaker button (crossed out while muted or at zero) and its popover with the audio settings. */
export function AudioToggle() {
  const { muted, master } = useStore($audioSettings);
  const silent = muted || master === 0;
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the popover closes it, as in the button
    <div ref={root} className="game-audio-toggle" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="game-icon-button"
        aria-label="Audio settings"
        aria-expanded={open}
        aria-controls={id}
        title={silent ? 'Audio settings (sound off)' : 'Audio settings'}
        data-silent={silent}
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 9v6h4l5 4V5L8 9H4z" />
          {silent ? <path d="M16 9l5 6M21 9l-5 6" /> : <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" />}
        </svg>
      </button>
      <div id={id} className="game-audio-toggle__popover wl-panel" role="dialog" aria-label="Audio settings" hidden={!open}>
        <h2>Audio Settings</h2>
        <AudioSettings />
      </div>
    </div>
  );
}
