import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import { SHELTER_COST } from '../../../../api/game/shelter-cost.ts';
import { $firstRunDismissed } from '../../stores/first-run.ts';
import { isNarrow } from './useNarrow.ts';
import './first-run.css';

const shelterMaterials = Object.entries(SHELTER_COST)
  .map(([name, n]) => `${n} ${name}`)
  .join(', ');

/**
 * The first minute, in five steps, until dismissed (once per browser). A non-modal dialog: on a desktop it heads the
 * sidebar, on a phone it sits over the top of the map, clear of the survivor in the middle and of the bottom bar.
 * The copy in the layout that shows takes focus when it first appears; dismissing hands focus to the map.
 */
export function FirstRunGuide({ placement }: { placement: 'sidebar' | 'map' }) {
  const dismissed = useStore($firstRunDismissed);
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const showing = placement === 'map' ? isNarrow() : !isNarrow();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the guide first appears
  useEffect(() => {
    if (!dismissed && showing) box.current?.focus({ preventScroll: true });
  }, []);

  if (dismissed) return null;
  const close = () => {
    $firstRunDismissed.set(true);
    document.querySelector<HTMLElement>('.game-map__surface')?.focus({ preventScroll: true });
  };
  return (
    <div
      ref={box}
      className={`game-guide game-guide--${placement}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          close();
        }
      }}
    >
      <h2 id={titleId} className="game-guide__title">
        First steps
      </h2>
      <ol className="game-guide__steps">
        <li>
          <strong>Move:</strong> tap or click the map (or W A S D); drag to look around.
        </li>
        <li>
          <strong>Scavenge:</strong> walk up to a site (◆) and press Scavenge in Actions.
        </li>
        <li>
          <strong>Build a shelter:</strong> with {shelterMaterials}, in Settlement (phone: Manage).
        </li>
        <li>
          <strong>Recruit:</strong> build a bed; a wanderer met while scavenging can join.
        </li>
        <li>
          <strong>Radio:</strong> equip a Portable Radio to talk on Chat.
        </li>
      </ol>
      <div className="game-guide__actions">
        <a className="wl-button wl-button--ghost wl-button--sm" href="/wiki#getting-started" target="_blank" rel="noopener">
          More in the wiki
        </a>
        <button type="button" className="wl-button wl-button--sm" onClick={close}>
          Got it
        </button>
      </div>
    </div>
  );
}
