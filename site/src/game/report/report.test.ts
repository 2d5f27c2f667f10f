import { expect, test } from 'bun:test';
import type { AwayReportView, SettlementReportView } from '../../../../api/contract/report.ts';
import { awayFor, opensByItself, reportLines, reportSummary } from './report.ts';

const quiet: SettlementReportView = {
  settlementId: '1',
  settlementName: 'Haven',
  hauls: [],
  journeys: 0,
  meals: [],
  hungry: [],
  injured: [],
  left: [],
  treatments: [],
  crafts: [],
  raids: [],
  upkeep: [],
  decayed: [],
};
const busy: SettlementReportView = {
  ...quiet,
  hauls: [
    { itemName: 'Scrap Metal', quantity: 4 },
    { itemName: 'Rope', quantity: 1 },
  ],
  journeys: 3,
  meals: [{ itemName: 'Canned Beans', quantity: 2 }],
  injured: ['Ivo'],
  raids: [
    {
      at: '2026-12-01T02:00:00.000Z',
      outcome: 'breached',
      strength: 40,
      defence: 12,
      losses: [{ itemName: 'Canned Beans', quantity: 6 }],
      injured: ['Ivo'],
    },
  ],
  decayed: [{ buildingName: 'Walls', level: 1 }],
};
const report = (over: Partial<AwayReportView> = {}): AwayReportView => ({
  since: '2026-12-01T00:00:00.000Z',
  until: '2026-12-01T03:00:00.000Z',
  awayMs: 3 * 3_600_000,
  opensAfterMs: 600_000,
  quiet: false,
  settlements: [busy],
  ...over,
});

test('an absence in words', () => {
  expect(awayFor(20_000)).toBe('1 min');
  expect(awayFor(45 * 60_000)).toBe('45 min');
  expect(awayFor(125 * 60_000)).toBe('2 h 5 min');
  expect(awayFor(3 * 3_600_000)).toBe('3 h');
  expect(awayFor(76 * 3_600_000)).toBe('3 days 4 h');
});

test('a settlement in lines: raids first, then people, what came in and what went out', () => {
  expect(reportLines(quiet)).toEqual([]);
  expect(reportLines(busy)).toEqual([
    'Raid broke through (strength 40 against a defence of 12); they took 6 Canned Beans.',
    'Injured: Ivo.',
    'Brought home in 3 journeys: 4 Scrap Metal, 1 Rope.',
    'Eaten: 2 Canned Beans.',
    'Walls lost a level for want of upkeep (now level 1).',
  ]);
});

test('it opens by itself after a long enough absence with news, once per absence', () => {
  expect(opensByItself(report(), null)).toBe(true);
  expect(opensByItself(report(), '2026-12-01T00:00:00.000Z')).toBe(false);
  expect(opensByItself(report({ awayMs: 599_999 }), null)).toBe(false);
  expect(opensByItself(report({ quiet: true, settlements: [quiet] }), null)).toBe(false);
  expect(opensByItself(null, null)).toBe(false);
  expect(reportSummary(report())).toBe('Away 3 h: 1 raid, 3 journeys home.');
  expect(reportSummary(report({ quiet: true, settlements: [quiet] }))).toBe('Away 3 h: all quiet at your settlements.');
});
