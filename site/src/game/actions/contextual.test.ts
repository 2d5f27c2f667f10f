import { expect, test } from 'bun:test';
import { NO_TOOLS } from '../../../../api/game/actions.ts';
import type { NearbyPoiView } from '../../stores/actions.ts';
import { type ContextualInput, contextualAction, shelterStepNext } from './contextual.ts';

const poi: NearbyPoiView = {
  id: 'p1',
  name: 'Old Depot',
  type: 'gas_station',
  biome: 'desert',
  landmark: false,
  significance: 5,
  currentSignificance: 3,
};
const idle = { scavenging: false, foraging: false, auto: false, settlement: false };
const base: ContextualInput = { poi: null, exhausted: null, tools: NO_TOOLS, scoured: false, shelterNext: false, busy: idle };

test('Forage where no POI is in reach; Scavenge (naming the place) where one is', () => {
  expect(contextualAction(base)).toEqual({ kind: 'forage', label: 'Forage', off: false, why: null });
  expect(contextualAction({ ...base, poi })).toEqual({ kind: 'scavenge', label: 'Scavenge Old Depot', off: false, why: null });
});

test('a POI picked clean for these tools (the shared isPickedClean floor) falls back to Forage; a crowbar searches on', () => {
  const clean = { ...poi, currentSignificance: 0 };
  expect(contextualAction({ ...base, poi: clean }).kind).toBe('forage');
  expect(contextualAction({ ...base, poi: clean, tools: { ...NO_TOOLS, crowbar: true } }).kind).toBe('scavenge');
  // The server's depleted answer at this significance holds too.
  expect(contextualAction({ ...base, poi, exhausted: { poiId: 'p1', significance: 3 } }).kind).toBe('forage');
});

test('blocked while the same action runs, or where the last forage was', () => {
  expect(contextualAction({ ...base, scoured: true })).toEqual({
    kind: 'forage',
    label: 'Forage',
    off: true,
    why: 'Already scoured here: walk on',
  });
  expect(contextualAction({ ...base, busy: { ...idle, foraging: true } })).toMatchObject({ label: 'Foraging...', off: true });
  expect(contextualAction({ ...base, poi, busy: { ...idle, auto: true } })).toMatchObject({
    off: true,
    why: 'Auto-scavenging: stop it in Actions',
  });
  expect(contextualAction({ ...base, poi, busy: { ...idle, scavenging: true } })).toMatchObject({
    label: 'Scavenging...',
    off: true,
  });
});

test("Build Shelter comes first while the guide's shelter step is next", () => {
  expect(contextualAction({ ...base, poi, shelterNext: true })).toEqual({
    kind: 'shelter',
    label: 'Build Shelter',
    off: false,
    why: null,
  });
  expect(contextualAction({ ...base, shelterNext: true, busy: { ...idle, settlement: true } })).toMatchObject({
    label: 'Building...',
    off: true,
  });
});

test('the shelter step is next only while the guide is open, without a settlement, away from one or a shelter, with the materials', () => {
  const s = { guideOpen: true, hasSettlement: false, settlementHere: false, shelterHere: false, affordable: true };
  expect(shelterStepNext(s)).toBe(true);
  expect(shelterStepNext({ ...s, guideOpen: false })).toBe(false);
  expect(shelterStepNext({ ...s, hasSettlement: true })).toBe(false);
  expect(shelterStepNext({ ...s, settlementHere: true })).toBe(false);
  expect(shelterStepNext({ ...s, shelterHere: true })).toBe(false);
  expect(shelterStepNext({ ...s, affordable: false })).toBe(false);
});
