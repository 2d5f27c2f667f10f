import { expect, test } from 'bun:test';
import { equipmentEffects } from '../../../../api/game/equipment.ts';
import { effectState, gearEffectLines } from './effects.ts';

const gear = (...names: string[]) => equipmentEffects(names.map((itemName) => ({ itemName })));
const states = (names: string[], now: { isDay: boolean; moving: boolean } | null) =>
  gearEffectLines(gear(...names), now).map((l) => `${l.text}: ${effectState(l)}`);

test('Binoculars work by day standing still, not at night nor while walking', () => {
  expect(states(['Binoculars'], { isDay: true, moving: false })).toEqual(['Vision ×2.5 by day while standing still: active now']);
  expect(states(['Binoculars'], { isDay: false, moving: false })).toEqual([
    'Vision ×2.5 by day while standing still: inactive now: night',
  ]);
  expect(states(['Binoculars'], { isDay: true, moving: true })).toEqual([
    'Vision ×2.5 by day while standing still: inactive now: walking',
  ]);
});

test('night-vision gear works at night only; tools and the radio always', () => {
  expect(states(['Flashlight', 'Crowbar', 'Portable Radio'], { isDay: true, moving: true })).toEqual([
    'Night vision ×0.7 (bare eyes ×0.5): inactive now: daytime',
    'Search down to −3: active now',
    'Radio on: active now',
  ]);
  expect(states(['Night Vision Goggles'], { isDay: false, moving: true })).toEqual([
    'Night vision ×0.9 (bare eyes ×0.5): active now',
  ]);
});

test('before the clock is known the vision gear counts as working; nothing worn, no lines', () => {
  expect(states(['Binoculars'], null)).toEqual(['Vision ×2.5 by day while standing still: active now']);
  expect(states([], { isDay: false, moving: false })).toEqual([]);
});
