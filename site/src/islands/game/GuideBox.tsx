import { useStore } from '@nanostores/react';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { $mobilePanel } from '../../stores/game.ts';
import './first-run.css';

/**
 * The guide's box, shared by the first-run guide and its later steps: a non-modal dialog that heads the sidebar on a
 * desktop and sits over the top of the map on a phone (CSS picks the one that shows). Escape or "Got it" closes it and
 * hands focus back to the map. Its steps fold away under the title (Hide steps), and on the map they start folded
 * while a phone panel is open, so the guide and the panel together never cover the whole map.
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
  const stepsId = useId();
  const panelOpen = useStore($mobilePanel) !== null && props.placement === 'map';
  const [collapsed, setCollapsed] = useState(false);
  // A panel opening folds the steps (the player may unfold them again); closing it brings back what they had before.
  const beforePanel = useRef(false);
  useEffect(() => {
    if (panelOpen)
      setCollapsed((was) => {
        beforePanel.current = was;
        return true;
      });
    else setCollapsed(beforePanel.current);
  }, [panelOpen]);
  const close = () => {
    props.onClose();
    document.querySelector<HTMLElement>('.game-map__surface')?.focus({ preventScroll: true });
  };
  return (
    <div
      ref={props.boxRef}
      className={`game-guide game-guide--${props.placement}${collapsed ? ' game-guide--collapsed' : ''}`}
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
      <div className="game-guide__head">
        <h2 id={titleId} className="game-guide__title">
          {props.title}
        </h2>
        {props.placement === 'map' && (
          <button
            type="button"
            className="wl-button wl-button--ghost wl-button--sm game-guide__fold"
            aria-expanded={!collapsed}
            aria-controls={stepsId}
            onClick={() => setCollapsed(!collapsed)}
          >
            {collapsed ? 'Show steps' : 'Hide steps'}
          </button>
        )}
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the steps scroll inside the box, and a keyboard must be able to scroll them (axe: scrollable-region-focusable) */}
      <section id={stepsId} className="game-guide__body" hidden={collapsed} aria-label="Steps" tabIndex={0}>
        {props.children}
      </section>
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
