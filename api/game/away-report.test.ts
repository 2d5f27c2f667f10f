import { expect, test } from 'bun:test';
import { AWAY_REPORT_ITEMS_MAX, AWAY_REPORT_MAX_MS, awayWindow, byItem, isQuiet, settlementReport } from './away-report.ts';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-12-01T12:00:00Z');

test('by item: summed, the most first (ties by name), empty lines dropped, at most the cap', () => {
  expect(
    byItem([
      { itemName: 'b', quantity: 2 },
      { itemName: 'a', quantity: 1 },
      { itemName: 'a', quantity: 1 },
      { itemName: 'c', quantity: 5 },
      { itemName: 'z', quantity: 0 },
    ]),
  ).toEqual([
    { itemName: 'c', quantity: 5 },
    { itemName: 'a', quantity: 2 },
    { itemName: 'b', quantity: 2 },
  ]);
  const many = Array.from({ length: 20 }, (_, i) => ({ itemName: `i${i}`, quantity: i + 1 }));
  expect(byItem(many)).toHaveLength(AWAY_REPORT_ITEMS_MAX);
  expect(byItem(many)[0]).toEqual({ itemName: 'i19', quantity: 20 });
});

test('the window: from the last departure to the return (or now), never before the survivor or the retention', () => {
  expect(awayWindow(null, null, NOW - HOUR, NOW)).toBeNull();
  expect(awayWindow(NOW - 2 * HOUR, null, NOW - 9 * HOUR, NOW)).toEqual({ since: NOW - 2 * HOUR, until: NOW });
  expect(awayWindow(NOW - 2 * HOUR, NOW - HOUR, NOW - 9 * HOUR, NOW)).toEqual({ since: NOW - 2 * HOUR, until: NOW - HOUR });
  // A return older than the departure is an earlier visit's: the survivor is still away.
  expect(awayWindow(NOW - 2 * HOUR, NOW - 3 * HOUR, NOW - 9 * HOUR, NOW)).toEqual({ since: NOW - 2 * HOUR, until: NOW });
  expect(awayWindow(NOW - 30 * 24 * HOUR, null, 0, NOW)).toEqual({ since: NOW - AWAY_REPORT_MAX_MS, until: NOW });
  expect(awayWindow(NOW - 5 * HOUR, null, NOW - HOUR, NOW)).toEqual({ since: NOW - HOUR, until: NOW });
});

test('a settlement where nothing happened is quiet; one find is not', () => {
  const s = { id: '1', name: 'Haven' };
  expect(isQuiet(settlementReport(s, [], []))).toBe(true);
  const found = settlementReport(
    s,
    [{ kind: 'returned', at: NOW, npcName: 'Mara', items: [{ itemName: 'Rope', quantity: 1 }] }],
    [],
  );
  expect(isQuiet(found)).toBe(false);
  expect(found.journeys).toBe(1);
  // A journey home with nothing is no news; a raid's losses are told with the raid, not as spending.
  const empty = settlementReport(
    s,
    [{ kind: 'returned', at: NOW, npcName: 'Mara', items: [] }],
    [{ at: NOW, reason: 'raid', itemName: 'Rope', quantity: 3 }],
  );
  expect(isQuiet(empty)).toBe(true);
});
