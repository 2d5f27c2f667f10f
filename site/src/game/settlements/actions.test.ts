import { afterEach, beforeEach, expect, test } from 'bun:test';
import type { SettlementView, ShelterView, StorageOutcome } from '../../../../api/contract/settlements.ts';
import { SETTLEMENT_TEXT } from '../../../../api/game/settlements.ts';
import { REINFORCE_COST, SHELTER_COST, scaledCost, BED_BASE_COST, TRANSFER_MAX } from '../../../../api/game/settlements.ts';
import type { ToastInput } from '../../stores/toast.ts';
import {
  $buildings,
  $hereIds,
  $offerCreateAnyway,
  $settlementBusy,
  $settlements,
  $shelters,
  resetSettlementStores,
} from '../../stores/settlements.ts';
import { createSettlementActions, type SettlementCalls } from './actions.ts';
import { buildKind } from './kinds.ts';
import { settlementView } from './test-settlements.ts';

const httpError = (status: number, message: string) => Object.assign(new Error(`${status}: ${message}`), { status });

const HAVEN = settlementView();
const shelter = (more: Partial<ShelterView> = {}): ShelterView => ({
  id: '3',
  x: 102.5,
  y: 102.5,
  tileX: 20,
  tileY: 20,
  poiId: null,
  settlementId: null,
  builtBy: null,
  ...more,
});
const outcome = (message: string): StorageOutcome => ({ moved: 1, stacks: 1, left: 0, message });

function harness(over: Partial<SettlementCalls> = {}) {
  const toasts: ToastInput[] = [];
  const sent: { call: string; args: unknown[] }[] = [];
  const seen = { refresh: 0, unauthorized: 0, shelters: [] as ShelterView[], created: [] as SettlementView[] };
  const record =
    <A extends unknown[], R>(call: string, answer: (...a: A) => R) =>
    async (...args: A) => {
      sent.push({ call, args });
      return answer(...args);
    };
  const calls: SettlementCalls = {
    buildShelter: record('buildShelter', () => ({
      upgradedPOI: false,
      shelter: shelter(),
      x: 102.5,
      y: 102.5,
      message: SETTLEMENT_TEXT.shelterBuilt,
    })),
    createSettlement: record('createSettlement', (b: { name: string }) => ({ ...HAVEN, name: b.name })),
    build: record('build', () => ({ message: SETTLEMENT_TEXT.buildingConstructed })),
    reinforce: record('reinforce', () => ({ message: SETTLEMENT_TEXT.containerReinforced })),
    autoDeposit: record('autoDeposit', () => outcome('Deposited 5 items into Haven')),
    depositCategory: record('depositCategory', () => outcome('Deposited 5 items into Haven')),
    take: record('take', () => outcome('Took 5 Canned Beans from storage')),
    consolidate: record('consolidate', () => outcome('Storage is already consolidated')),
    pickupAll: record('pickupAll', () => outcome('Picked up 5 items')),
    levelUp: record('levelUp', () => ({ message: 'Haven is now an Outpost!' })),
    fixCategorization: record('fixCategorization', () => outcome('Every item is in the right container')),
    ...over,
  };
  const actions = createSettlementActions({
    calls,
    position: () => ({ x: 101, y: 99 }),
    toast: (t) => toasts.push(t),
    unauthorized: () => seen.unauthorized++,
    refresh: () => seen.refresh++,
    shelterBuilt: (s) => seen.shelters.push(s),
    settlementCreated: (s) => seen.created.push(s),
  });
  return { actions, toasts, sent, seen };
}

const atSettlement = (s: SettlementView = HAVEN) => {
  $settlements.set([s]);
  $hereIds.set({ settlementId: s.id, shelterId: null });
};
const atShelter = (sh: ShelterView) => {
  $shelters.set([sh]);
  $hereIds.set({ settlementId: null, shelterId: sh.id });
};

const warn = console.warn;
beforeEach(() => {
  resetSettlementStores();
  console.warn = () => {}; // each failure is logged as well as toasted
});
afterEach(() => {
  console.warn = warn;
});

test('Build Shelter posts the engine position and the shelter cost, shows the shelter and the server message', async () => {
  const h = harness();
  await h.actions.buildShelter();
  expect(h.sent).toEqual([{ call: 'buildShelter', args: [{ x: 101, y: 99 }, SHELTER_COST] }]);
  expect(h.seen.shelters.map((s) => s.id)).toEqual(['3']);
  expect(h.toasts).toEqual([
    {
      title: 'Basic Shelter built!',
      description: 'A basic shelter now stands here. Name it in Settlement (phone: Manage) to found your settlement.',
    },
  ]);
  expect(h.seen.refresh).toBe(1);
  expect($settlementBusy.get()).toBeNull();
});

test('a refused shelter: the spec title with the reason; Unauthorized goes to the login instead', async () => {
  const h = harness({
    buildShelter: async () => {
      throw httpError(409, 'Insufficient materials! Missing 1 Cloth Scraps.');
    },
  });
  await h.actions.buildShelter();
  expect(h.toasts).toEqual([
    { title: 'Failed to build shelter', description: 'Insufficient materials! Missing 1 Cloth Scraps.', variant: 'destructive' },
  ]);
  const u = harness({
    buildShelter: async () => {
      throw httpError(401, 'Unauthorized');
    },
  });
  await u.actions.buildShelter();
  expect(u.toasts).toEqual([]);
  expect(u.seen.unauthorized).toBe(1);
});

test('Create Settlement: trimmed name, the POI id only for a POI shelter, never a basic shelter id', async () => {
  const h = harness();
  atShelter(shelter());
  expect(await h.actions.createSettlement('   ')).toBe(false);
  expect(h.sent).toEqual([]);
  expect(await h.actions.createSettlement('  New   Haven ')).toBe(true);
  expect(h.sent[0]).toEqual({ call: 'createSettlement', args: [{ name: 'New Haven', x: 101, y: 99, poiId: undefined }] });
  expect(h.toasts).toEqual([{ title: 'Settlement established!' }]);
  expect(h.seen.created.map((s) => s.name)).toEqual(['New Haven']);

  atShelter(shelter({ poiId: 'poi_0_20_20' }));
  await h.actions.createSettlement('Gas Town');
  expect((h.sent[1]!.args[0] as { poiId?: string }).poiId).toBe('poi_0_20_20');
});

test('a refused POI offers Create Settlement Here Anyway, which posts without it', async () => {
  let first = true;
  const h = harness({
    createSettlement: async (b) => {
      if (first) {
        first = false;
        throw httpError(404, SETTLEMENT_TEXT.poiMissing);
      }
      return { ...HAVEN, name: b.name };
    },
  });
  atShelter(shelter({ poiId: 'poi_0_20_20' }));
  expect(await h.actions.createSettlement('Gas Town')).toBe(false);
  expect(h.toasts.at(-1)).toEqual({
    title: 'Failed to create settlement',
    description: 'POI does not exist',
    variant: 'destructive',
  });
  expect($offerCreateAnyway.get()).toBe(true);
  expect(await h.actions.createSettlement('Gas Town', { anyway: true })).toBe(true);
  expect($offerCreateAnyway.get()).toBe(false);

  const other = harness({
    createSettlement: async () => {
      throw httpError(409, 'A settlement named Gas Town already exists');
    },
  });
  await other.actions.createSettlement('Gas Town');
  expect($offerCreateAnyway.get()).toBe(false);
});

test('Build: the cost of the next of its kind with what stands, the server message, the alert on failure', async () => {
  const h = harness();
  await h.actions.build(buildKind('bed'), 'Bunk');
  expect(h.sent).toEqual([]); // no settlement here
  atSettlement();
  $buildings.set({
    settlementId: HAVEN.id,
    list: [
      {
        id: '1',
        settlementId: HAVEN.id,
        type: 'bed',
        subtype: null,
        name: 'Bed',
        capacity: null,
        level: 0,
        occupant: 'Sal',
        createdAt: '',
      },
    ],
  });
  expect(await h.actions.build(buildKind('bed'), ' Bunk ')).toBe(true);
  expect(h.sent[0]!.args[0]).toEqual({
    type: 'bed',
    subtype: null,
    name: 'Bunk',
    materials: scaledCost(BED_BASE_COST, 1),
    settlementId: '7',
  });
  expect(h.toasts).toEqual([
    { title: 'Building completed successfully!', description: `Building constructed! Bunk stands in ${HAVEN.name}.` },
  ]);

  const f = harness({
    build: async () => {
      throw httpError(409, 'Insufficient materials! Missing 2 Wood Planks.');
    },
  });
  expect(await f.actions.build(buildKind('container:food'), 'Food Storage')).toBe(false);
  expect(f.toasts).toEqual([
    { title: 'Building failed: Insufficient materials! Missing 2 Wood Planks.', variant: 'destructive' },
  ]);
});

test('nothing is managed at a settlement that belongs to someone else', async () => {
  const h = harness();
  atSettlement({ ...HAVEN, status: 'visible' });
  await h.actions.deposit();
  await h.actions.reinforce('4');
  await h.actions.take('Canned Beans');
  expect(h.sent).toEqual([]);
});

test('Reinforce and the storage calls: each server message, each spec fallback', async () => {
  const h = harness();
  atSettlement();
  await h.actions.reinforce('4');
  await h.actions.deposit();
  await h.actions.deposit('food');
  await h.actions.take('Canned Beans');
  await h.actions.storage('pickup');
  await h.actions.storage('consolidate');
  await h.actions.storage('fixCategorization');
  expect(h.sent).toEqual([
    { call: 'reinforce', args: ['4', REINFORCE_COST] },
    { call: 'autoDeposit', args: ['7'] },
    { call: 'depositCategory', args: ['7', 'food'] },
    { call: 'take', args: ['7', 'Canned Beans', TRANSFER_MAX] },
    { call: 'pickupAll', args: ['7'] },
    { call: 'consolidate', args: ['7'] },
    { call: 'fixCategorization', args: ['7'] },
  ]);
  expect(h.toasts.map((t) => t.title)).toEqual([
    'Container reinforced successfully!',
    'Deposited 5 items into Haven',
    'Deposited 5 items into Haven',
    'Took 5 Canned Beans from storage',
    'Picked up 5 items',
    'Storage is already consolidated',
    'Every item is in the right container',
  ]);
  expect(h.seen.refresh).toBe(7);

  const down = async () => {
    throw new Error('');
  };
  const f = harness({
    reinforce: down,
    autoDeposit: down,
    depositCategory: down,
    take: down,
    pickupAll: down,
    consolidate: down,
  });
  await f.actions.reinforce('4');
  await f.actions.deposit();
  await f.actions.deposit('food');
  await f.actions.take('Canned Beans');
  await f.actions.storage('pickup');
  await f.actions.storage('consolidate');
  expect(f.toasts.map((t) => t.title)).toEqual([
    'Upgrade failed: Unknown error',
    'Auto-deposit failed: Unknown error',
    'Failed to deposit items',
    'Failed to transfer item',
    'Failed to pick up items',
    'Failed to consolidate storage',
  ]);
  expect(f.toasts.every((t) => t.variant === 'destructive')).toBe(true);
});

test('one action at a time', async () => {
  let release = () => {};
  const h = harness({
    autoDeposit: () =>
      new Promise((r) => {
        release = () => r(outcome('Deposited 1 item into Haven'));
      }),
  });
  atSettlement();
  const first = h.actions.deposit();
  expect($settlementBusy.get()).toBe('deposit');
  await h.actions.storage('pickup');
  release();
  await first;
  expect(h.sent.map((s) => s.call)).toEqual([]);
  expect(h.toasts.map((t) => t.title)).toEqual(['Deposited 1 item into Haven']);
});

test('level up: the settlement here, its answer on screen; a refusal says what is missing', async () => {
  const h = harness();
  atSettlement();
  await h.actions.levelUp();
  expect(h.sent).toEqual([{ call: 'levelUp', args: [HAVEN.id] }]);
  expect(h.toasts.at(-1)).toMatchObject({ title: 'Settlement levelled up!', description: 'Haven is now an Outpost!' });
  const refused = harness({
    levelUp: async () => Promise.reject(Object.assign(new Error('Requirements not met: Beds 1/2.'), { status: 409 })),
  });
  await refused.actions.levelUp();
  expect(refused.toasts.at(-1)).toMatchObject({ title: 'Could not level up', variant: 'destructive' });
  expect(refused.toasts.at(-1)!.description).toContain('Beds 1/2');
});
