import { expect, test } from 'bun:test';
import { stakesHintShown } from './first-run.ts';

test('the raids hint: only with a settlement, only after the first-run guide, only until dismissed', () => {
  expect(stakesHintShown({ guideDismissed: true, hintDismissed: false, hasSettlement: true })).toBe(true);
  expect(stakesHintShown({ guideDismissed: true, hintDismissed: false, hasSettlement: false })).toBe(false);
  expect(stakesHintShown({ guideDismissed: false, hintDismissed: false, hasSettlement: true })).toBe(false);
  expect(stakesHintShown({ guideDismissed: true, hintDismissed: true, hasSettlement: true })).toBe(false);
});
