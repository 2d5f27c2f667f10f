/**
 * Whether this browser has dismissed the first-run guide (localStorage, so it shows once per browser, and every tab
 * and both of the guide's places — sidebar and phone map — agree), and the same for its later hint on raids and
 * upkeep, which shows once the player has a settlement (islands/game/StakesHint.tsx).
 */
import { persistentAtom } from '@nanostores/persistent';

export const FIRST_RUN_STORAGE_KEY = 'wasteland:first-run-guide:dismissed';
export const STAKES_HINT_STORAGE_KEY = 'wasteland:first-run-guide:stakes-dismissed';

const flag = (key: string) =>
  persistentAtom<boolean>(key, false, {
    encode: (b) => String(b),
    decode: (raw) => raw === 'true',
  });

export const $firstRunDismissed = flag(FIRST_RUN_STORAGE_KEY);
export const $stakesHintDismissed = flag(STAKES_HINT_STORAGE_KEY);

/** The raids hint comes once a settlement exists, after the first-run guide has gone (one box at a time), once. */
export const stakesHintShown = (s: { guideDismissed: boolean; hintDismissed: boolean; hasSettlement: boolean }): boolean =>
  s.hasSettlement && s.guideDismissed && !s.hintDismissed;
