import { expect, test } from 'bun:test';
import { jobRows, toMs } from './queue.ts';
import { craftJob, craftQueue } from './test-crafting.ts';

const at = (iso: string) => Date.parse(iso);

test('each job: its product, who queued it, the started one’s progress and time left', () => {
  const view = craftQueue([
    craftJob(),
    craftJob({
      id: '2',
      recipeId: 'bandages',
      name: 'Bandages',
      quantity: 3,
      output: { itemName: 'Bandages', quantity: 6, quality: 40 },
      startedAt: null,
      readyAt: '2026-03-01T10:02:15.000Z',
      crafterName: null,
    }),
  ]);
  const rows = jobRows(view, at('2026-03-01T10:00:45.000Z'));
  expect(rows).toEqual([
    {
      id: '1',
      name: 'Portable Radio',
      product: 'Portable Radio ×1 · Q55',
      crafter: 'Ash',
      started: true,
      progress: 0.5,
      msLeft: 45_000,
    },
    { id: '2', name: 'Bandages', product: 'Bandages ×6 · Q40', crafter: null, started: false, progress: 0, msLeft: 90_000 },
  ]);
});

test('past its time a job is full and its time left negative (the simulation delivers it next)', () => {
  const [row] = jobRows(craftQueue(), at('2026-03-01T10:02:00.000Z'));
  expect(row!.progress).toBe(1);
  expect(row!.msLeft).toBe(-30_000);
});

test('times come as ISO strings or as the Dates the typed client makes of them', () => {
  expect(toMs('2026-03-01T10:00:00.000Z')).toBe(at('2026-03-01T10:00:00.000Z'));
  expect(toMs(new Date('2026-03-01T10:00:00.000Z'))).toBe(at('2026-03-01T10:00:00.000Z'));
  expect(toMs(null)).toBeNull();
  const dated = craftJob({
    startedAt: new Date('2026-03-01T10:00:00.000Z') as never,
    readyAt: new Date('2026-03-01T10:01:30.000Z') as never,
  });
  expect(jobRows(craftQueue([dated]), at('2026-03-01T10:00:45.000Z'))[0]!.progress).toBe(0.5);
});
