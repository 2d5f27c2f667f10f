import { expect, test } from 'bun:test';
import { toCraftQueue } from './schemas.ts';
import { craftJob, craftQueue } from './test-crafting.ts';

test('a queue answer is read as it came; Dates the typed client made are put back; a wrong one is an error', () => {
  const view = craftQueue([craftJob(), craftJob({ id: '2', startedAt: null, crafterName: null })], 1);
  expect(toCraftQueue(view)).toEqual(view);
  const dated = { ...view, jobs: [{ ...view.jobs[0], readyAt: new Date('2026-03-01T10:01:30.000Z') }] };
  expect(toCraftQueue(dated).jobs[0]!.readyAt).toBe('2026-03-01T10:01:30.000Z');
  expect(() => toCraftQueue({ jobs: [{ id: 1 }], crafters: 0 })).toThrow(/unexpected craft queue answer/);
  expect(() => toCraftQueue({ jobs: [] })).toThrow(/unexpected craft queue answer/);
});
