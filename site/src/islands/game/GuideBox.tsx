import { type ReactNode, type RefObject, useId } from 'react';
import './first-run.css';

/**
 * The guide's box, shared by the first-run guide and its later steps: a non-modal dialog that heads the sidebar on a
 * desktop and sits over the top of the map on a phone (CSS picks the one that shows). Escape or "Got it" closes it and
 * hands focus back to the map.
 */
export function GuideBox(props: {
  placement: 'sidebar' | 'map';
  title: string;
  wikiHref: string;
  onClose: () => void;
  boxRef?: RefObject<HTMLDivElement | null>;
  testId?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const close = () => {
    props.onClose();
    document.querySelector<HTMLElement>('.game-map__surface')?.focus({ preventScroll: true });
  };
  return (
    <div
      ref={props.boxRef}
      className={`game-guide game-guide--${props.placement}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid={props.testId}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          close();
        }
      }}
    >
      <h2 id={titleId} className="game-guide__title">
        {props.title}
      </h2>
      {props.children}
      <div className="game-guide__actions">
        <a className="wl-button wl-button--ghost wl-button--sm" href={props.wikiHref} target="_blank" rel="noopener">
          More in the wiki
        </a>
        <button type="button" className="wl-button wl-button--sm" onClick={close}>
          Got it
        </button>
      </div>
    </div>
  );
}
