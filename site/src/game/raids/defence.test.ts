import { expect, test } from 'bun:test';
import { AMMO_PER_DEFENDER } from '../../../../api/game/raids.ts';
import { UNFED_DAYS_TO_LEAVE } from '../../../../api/game/upkeep.ts';
import { ammoText, exposure, threatHint, upkeepText, whenText } from './defence.ts';

test('ammunition: enough arms every defender; short says how many fight unarmed and how weakly', () => {
  expect(ammoText({ ammo: 3 * AMMO_PER_DEFENDER, defenders: 3 })).toEqual({ text: '6 rounds', short: null });
  expect(ammoText({ ammo: 3, defenders: 3 })).toEqual({
    text: '3 rounds',
    short: 'Ammunition for 1 of 3 defenders (2 rounds each): the others fight at 40%.',
  });
  expect(ammoText({ ammo: 1, defenders: 0 })).toEqual({ text: '1 round', short: null });
  expect(ammoText({ ammo: 1, defenders: 1 }).short).toBe('No ammunition (2 rounds per defender): defenders fight at 40%.');
});

test('upkeep: NPCs × food a day against the food stored; short when the next meal is', () => {
  expect(upkeepText({ npcs: 3, foodPerDay: 3, food: 10, medicine: 2 })).toEqual({
    text: '3 NPCs × 1 = 3 food a day · 10 stored (3 days)',
    short: null,
  });
  const short = upkeepText({ npcs: 2, foodPerDay: 2, food: 1, medicine: 0 });
  expect(short.text).toBe('2 NPCs × 1 = 2 food a day · 1 stored (0 days)');
  expect(short.short).toContain(`leave after ${UNFED_DAYS_TO_LEAVE} days unfed`);
  expect(upkeepText({ npcs: 0, foodPerDay: 0, food: 4, medicine: 0 })).toEqual({
    text: 'No NPCs to feed · 4 food stored',
    short: null,
  });
});

test('the threat in words: protection first, then wealth, then the level', () => {
  const now = Date.parse('2026-03-01T12:00:00.000Z');
  const later = '2026-03-01T13:00:00.000Z';
  expect(threatHint({ threat: 'none', wealthAbove: 80, protectedUntil: later }, now)).toBe("Beginner's protection: no raid yet");
  expect(threatHint({ threat: 'none', wealthAbove: 0, protectedUntil: null }, now)).toContain('Nothing stored above protection');
  expect(threatHint({ threat: 'high', wealthAbove: 80, protectedUntil: '2026-03-01T11:00:00.000Z' }, now)).toBe(
    'A raid is likely on a coming night',
  );
  expect(threatHint({ threat: 'low', wealthAbove: 5, protectedUntil: null }, now)).toBe('A raid is possible on a coming night');
});

test('a moment to come reads as a clock time and a countdown; one come, as the word given', () => {
  const now = Date.parse('2026-03-01T12:00:00.000Z');
  const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16);
  expect(whenText('2026-03-01T12:03:12.000Z', now, clock)).toBe('12:03 (in 03:12)');
  expect(whenText('2026-03-01T11:00:00.000Z', now, clock)).toBe('now');
  expect(whenText('2026-03-01T12:00:00.000Z', now, clock, 'arriving')).toBe('arriving');
});

test('per container: what it holds and how much of it lies above its protected part', () => {
  const entry = (id: string, totalQuantity: number) => ({
    building: { id, name: `Box ${id}` },
    totalQuantity,
    protectedCapacity: 50,
  });
  expect(exposure([entry('1', 80), entry('2', 20)])).toEqual([
    { id: '1', name: 'Box 1', stored: 80, above: 30, protectedCapacity: 50 },
    { id: '2', name: 'Box 2', stored: 20, above: 0, protectedCapacity: 50 },
  ]);
});
