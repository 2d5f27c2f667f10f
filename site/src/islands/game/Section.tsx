import { useId, useState, type ReactNode } from 'react';

/**
 * A collapsible sidebar section: a heading button with aria-expanded over its content. `toggleSound` names the
 * open/close sound the audio's delegated listener plays for it (game/audio/ui.ts) instead of the plain click.
 */
export function Section({
  title,
  children,
  defaultOpen = true,
  badge,
  toggleSound,
}: {
  title: string;
  children: ReactNode;
  defaultOpen?: boolean;
  badge?: ReactNode;
  toggleSound?: 'inventory';
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <section className="game-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="game-section__heading">
        <button
          type="button"
          aria-expanded={open}
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
