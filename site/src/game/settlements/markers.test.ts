import { expect, test } from 'bun:test';
import { toBuildingViews, toSettlementViews, toShelterViews, undate } from './markers.ts';

const haven = {
  id: '1',
  worldId: 'default',
  name: 'Haven',
  x: 1,
  y: 2,
  biome: 'plains',
  status: 'manageable',
  emptyBeds: 0,
  beds: 1,
  founderId: 'sal',
  founderName: 'Sal',
  poiId: null,
  createdAt: '2025-08-01T10:00:00.000Z',
  level: 0,
  levelName: 'Camp',
};

function quietly<T>(fn: () => T): { value: T; warned: number } {
  const warn = console.warn;
  let warned = 0;
  console.warn = () => void warned++;
  try {
    return { value: fn(), warned };
  } finally {
    console.warn = warn;
  }
}

test('settlements: entries that match SettlementView, nothing else', () => {
  expect(toSettlementViews(null)).toEqual([]);
  const { value, warned } = quietly(() =>
    toSettlementViews([haven, { x: 'a' }, null, { ...haven, status: 'owned' }, { ...haven, x: Number.NaN, id: '2' }]),
  );
  expect(value.map((s) => s.id)).toEqual(['1']);
  expect(warned).toBe(4);
});

test('the Dates Eden makes of ISO strings are read back as the strings the server sent', () => {
  const fromEden = { ...haven, createdAt: new Date(haven.createdAt) };
  expect(toSettlementViews([fromEden])).toEqual([haven as never]);
  expect(undate({ a: [new Date(0)], b: 'x' })).toEqual({ a: ['1970-01-01T00:00:00.000Z'], b: 'x' });
});

test('shelters and buildings are read with their own schemas', () => {
  const shelter = { id: '3', x: 10, y: 10, tileX: 2, tileY: 2, poiId: null, settlementId: null, builtBy: null };
  expect(quietly(() => toShelterViews([shelter, { ...shelter, poiId: 4 }])).value).toEqual([shelter]);
  const bed = {
    id: '5',
    settlementId: '1',
    type: 'bed',
    subtype: null,
    name: 'Bed',
    capacity: null,
    level: 0,
    occupant: null,
    createdAt: new Date(0),
  };
  expect(quietly(() => toBuildingViews([bed, { ...bed, type: 'tower' }])).value).toEqual([
    { ...bed, type: 'bed', createdAt: '1970-01-01T00:00:00.000Z' },
  ]);
});
