import { type ReactNode, useEffect, useId, useState } from 'react';

/**
 * A collapsible sidebar section: a heading button with aria-expanded over its content. `toggleSound` names the
 * open/close sound the audio's delegated listener plays for it (game/audio/ui.ts) instead of the plain click.
 */
export function Section({
  title,
  children,
  defaultOpen = true,
  badge,
  label,
  onToggle,
  toggleSound,
}: {
  title: string;
  children: ReactNode;
  defaultOpen?: boolean;
  badge?: ReactNode;
  /** The heading button's accessible name when the title alone does not say it all ("Radio, 2 unread"). */
  label?: string;
  /** Told whenever the section opens or closes (and once with its first state). */
  onToggle?: (open: boolean) => void;
  toggleSound?: 'inventory';
}) {
  const [open, setOpen] = useState(defaultOpen);
  useEffect(() => onToggle?.(open), [open, onToggle]);
  const id = useId();
  return (
    <section className="game-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="game-section__heading">
        <button
          type="button"
          aria-expanded={open}
          aria-label={label}
          aria-controls={`${id}-c`}
          data-audio-toggle={toggleSound}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="game-section__chevron" aria-hidden="true" />
          <span className="game-section__title">{title}</span>
          {badge}
        </button>
      </h2>
      <div id={`${id}-c`} className="game-section__content" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
