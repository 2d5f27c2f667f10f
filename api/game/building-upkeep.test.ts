import { expect, test } from 'bun:test';
import { afterUpkeepDay, CONDITION_MAX, daysInStore, type UpkeptBuilding, upkeepOf } from './building-upkeep.ts';

test('upkeep grows with the level; a building at level 0 costs nothing', () => {
  expect(upkeepOf({ type: 'walls', level: 3 })).toEqual({ 'Wood Planks': 3 });
  expect(upkeepOf({ type: 'workshop', level: 1 })).toEqual({ 'Scrap Metal': 1 });
  expect(upkeepOf({ type: 'walls', level: 0 })).toEqual({});
});

test('unpaid days wear the condition down, then take a level; paid days restore one condition a day', () => {
  let b: UpkeptBuilding = { type: 'walls', level: 2, condition: CONDITION_MAX };
  for (let d = 1; d <= CONDITION_MAX; d++) {
    b = afterUpkeepDay(b, false);
    expect(b).toMatchObject({ level: 2, condition: CONDITION_MAX - d, lostLevel: false });
  }
  const lost = afterUpkeepDay(b, false);
  expect(lost).toMatchObject({ level: 1, condition: CONDITION_MAX, lostLevel: true });
  expect(afterUpkeepDay({ ...lost, condition: 1 }, true)).toMatchObject({ condition: 2, lostLevel: false });
  expect(afterUpkeepDay({ type: 'walls', level: 0, condition: 0 }, false)).toMatchObject({ level: 0, lostLevel: false });
});

test('days in store: whole days the storage pays at the day’s cost', () => {
  expect(daysInStore({ 'Wood Planks': 2 }, new Map([['Wood Planks', 7]]))).toBe(3);
  expect(daysInStore({ 'Wood Planks': 1, Rope: 1 }, new Map([['Wood Planks', 7]]))).toBe(0);
  expect(daysInStore({}, new Map())).toBeNull();
});
