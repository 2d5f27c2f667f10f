import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { SHELTER_COST } from '../../../../api/game/shelter-cost.ts';
import { $firstRunDismissed } from '../../stores/first-run.ts';
import { GuideBox } from './GuideBox.tsx';
import { isNarrow, useTouch } from './useNarrow.ts';

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
  const showing = placement === 'map' ? isNarrow() : !isNarrow();
  const touch = useTouch();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the guide first appears
  useEffect(() => {
    if (!dismissed && showing) box.current?.focus({ preventScroll: true });
  }, []);

  if (dismissed) return null;
  return (
    <GuideBox
      placement={placement}
      title="First steps"
      wikiHref="/wiki#getting-started"
      boxRef={box}
      onClose={() => $firstRunDismissed.set(true)}
    >
      <ol className="game-guide__steps">
        <li>
          <strong>Move:</strong>{' '}
          {touch
            ? 'tap the map to walk there; drag to look around, pinch to zoom.'
            : 'click the map (or W A S D); drag to look around.'}
        </li>
        <li>
          <strong>Scavenge:</strong> walk up to a site (◆) and press Scavenge in Actions.
        </li>
        <li>
          <strong>Build a shelter:</strong> with {shelterMaterials}, in Settlement (phone: Manage).
        </li>
        <li>
          <strong>Recruit:</strong> build two beds in Settlement: you sleep in the first, a wanderer met while scavenging a
          landmark (the large ringed ◆) takes the second.
        </li>
        <li>
          <strong>Talk:</strong> Chat reaches survivors near you; a Portable Radio from your bench reaches everyone.
        </li>
      </ol>
    </GuideBox>
  );
}
