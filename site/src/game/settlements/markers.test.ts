import { expect, test } from 'bun:test';
import { toSettlementMarkers } from './markers.ts';

test('settlement markers: entries that match the SettlementSummary schema, nothing else', () => {
  expect(toSettlementMarkers(null)).toEqual([]);
  const haven = { id: 's1', worldId: 'default', name: 'Haven', x: 1, y: 2 };
  const warn = console.warn;
  const warned: unknown[] = [];
  console.warn = (...a: unknown[]) => void warned.push(a);
  try {
    expect(toSettlementMarkers([haven, { x: 'a' }, null, { x: 3, y: 4 }, { ...haven, x: Number.NaN }])).toEqual([
      { x: 1, y: 2, name: 'Haven' },
    ]);
  } finally {
    console.warn = warn;
  }
  expect(warned).toHaveLength(4);
});
