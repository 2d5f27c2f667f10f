import { useStore } from '@nanostores/react';
import { AMMO_PER_DEFENDER, BEGINNER_PROTECTION_DAYS } from '../../../../api/game/raids.ts';
import { PROTECTED_CAPACITY } from '../../../../api/game/settlements.ts';
import { NPC_FOOD_PER_DAY, UNFED_DAYS_TO_LEAVE } from '../../../../api/game/upkeep.ts';
import { $firstRunDismissed, $stakesHintDismissed, stakesHintShown } from '../../stores/first-run.ts';
import { $mine } from '../../stores/settlements.ts';
import { GuideBox } from './GuideBox.tsx';

/**
 * The first-run guide's later step: once the player has a settlement (and the guide itself has gone), what raids,
 * protected capacity, ammunition, medicine and upkeep mean for it, until dismissed (once per browser). Laid out as
 * the guide is: atop the sidebar on a desktop, over the top of the map on a phone (CSS picks the one that shows).
 */
export function StakesHint({ placement }: { placement: 'sidebar' | 'map' }) {
  const guideDismissed = useStore($firstRunDismissed);
  const hintDismissed = useStore($stakesHintDismissed);
  const mine = useStore($mine);
  const hasSettlement = mine.list.some((s) => s.status === 'manageable');
  if (!stakesHintShown({ guideDismissed, hintDismissed, hasSettlement })) return null;
  return (
    <GuideBox
      placement={placement}
      title="Keeping your settlement"
      wikiHref="/wiki#raids-and-upkeep"
      testId="stakes-hint"
      onClose={() => $stakesHintDismissed.set(true)}
    >
      <ul className="game-guide__steps">
        <li>
          <strong>Raids:</strong> raiders come at night for what a container holds above its protected {PROTECTED_CAPACITY}; that
          part is never taken. None in the first {BEGINNER_PROTECTION_DAYS} in-game days, and every raid is announced.
        </li>
        <li>
          <strong>Defence:</strong> NPCs on Defend fight, each firing {AMMO_PER_DEFENDER} rounds of stored ammunition; members at
          home when raiders arrive fight too.
        </li>
        <li>
          <strong>Upkeep:</strong> each NPC eats {NPC_FOOD_PER_DAY} food a day from storage and leaves after {UNFED_DAYS_TO_LEAVE}{' '}
          days unfed. Stored medicine treats the injured; Treat uses one from your pack.
        </li>
      </ul>
    </GuideBox>
  );
}
