import { beforeEach, expect, test } from 'bun:test';
import type { EquipmentOutcome } from '../../../../api/contract/equipment.ts';
import { EQUIPMENT_TEXT } from '../../../../api/game/equipment.ts';
import type { ToastInput } from '../../stores/toast.ts';
import { $equipBusy, $equipment, $equipSite, resetEquipmentStores } from '../../stores/equipment.ts';
import { createEquipmentActions, type EquipmentCalls } from './actions.ts';
import type { EquipOption } from './options.ts';

const httpError = (status: number, message: string) => Object.assign(new Error(`${status}: ${message}`), { status });
const WORN: EquipmentOutcome = {
  message: 'Equipped Binoculars',
  equipment: [{ id: '1', itemName: 'Binoculars', slot: 'vision', quality: 60 }],
};
const option = (source: 'inventory' | 'settlement'): EquipOption => ({
  key: `${source}:5`,
  source,
  itemId: '5',
  itemName: 'Binoculars',
  quality: 60,
  quantity: 1,
  slot: 'vision',
  shownSlot: 'Vision',
  label: 'Binoculars',
});

function harness(answer: (call: string) => Promise<EquipmentOutcome>) {
  const toasts: ToastInput[] = [];
  const sent: { call: string; args: unknown[] }[] = [];
  const seen = { refresh: 0, unauthorized: 0 };
  const record =
    (call: string) =>
    async (...args: unknown[]) => {
      sent.push({ call, args });
      return answer(call);
    };
  const calls: EquipmentCalls = {
    equip: record('equip'),
    unequip: record('unequip'),
    equipAll: record('equipAll'),
    unequipAll: record('unequipAll'),
  };
  const actions = createEquipmentActions({
    calls,
    toast: (t) => toasts.push(t),
    unauthorized: () => seen.unauthorized++,
    refresh: () => seen.refresh++,
  });
  return { actions, toasts, sent, seen };
}

beforeEach(() => resetEquipmentStores());

test('an equip shows the server’s sentence, what is worn now, and refreshes the pack and storage', async () => {
  const h = harness(async () => WORN);
  await h.actions.equip(option('settlement'));
  expect(h.sent).toEqual([{ call: 'equip', args: [{ itemId: '5', slot: 'vision', source: 'settlement' }] }]);
  expect(h.toasts).toEqual([{ title: 'Equipped Binoculars' }]);
  expect($equipment.get()).toEqual({ status: 'ready', items: WORN.equipment });
  expect(h.seen.refresh).toBe(1);
  expect($equipBusy.get()).toBeNull();
});

test("failures: 'Equipment Error' with the server's reason, else the spec's fallback for that call", async () => {
  const refused = harness(async () => {
    throw httpError(403, 'No settlement nearby');
  });
  await refused.actions.equip(option('inventory'));
  expect(refused.toasts).toEqual([{ title: 'Equipment Error', description: 'No settlement nearby', variant: 'destructive' }]);

  const silent = harness(async () => {
    throw httpError(500, '');
  });
  $equipSite.set({ id: '7', name: 'Haven', x: 0, y: 0 });
  await silent.actions.equip(option('inventory'));
  await silent.actions.equip(option('settlement'));
  await silent.actions.equip(null);
  await silent.actions.unequip('1');
  await silent.actions.equipAll();
  await silent.actions.unequipAll();
  expect(silent.toasts.map((t) => [t.title, t.description])).toEqual([
    ['Equipment Error', EQUIPMENT_TEXT.failedEquipInventory],
    ['Equipment Error', EQUIPMENT_TEXT.failedEquipSettlement],
    ['Equipment Error', EQUIPMENT_TEXT.failedEquip],
    ['Equipment Error', EQUIPMENT_TEXT.failedUnequip],
    ['Equipment Error', EQUIPMENT_TEXT.failedEquipAll],
    ['Equipment Error', EQUIPMENT_TEXT.failedUnequipAll],
  ]);
  expect(silent.sent.map((s) => s.call)).toEqual(['equip', 'equip', 'unequip', 'equipAll', 'unequipAll']);
  expect(silent.sent.at(-1)!.args).toEqual(['7']);
});

test("equip all and unequip all away from a settlement say 'No settlement nearby' without asking the server", async () => {
  const h = harness(async () => WORN);
  await h.actions.equipAll();
  await h.actions.unequipAll();
  expect(h.sent).toEqual([]);
  expect(h.toasts.map((t) => t.description)).toEqual(['No settlement nearby', 'No settlement nearby']);
});

test('one call at a time; Unauthorized goes to the login instead of a toast', async () => {
  let release!: () => void;
  const h = harness(() => new Promise((r) => (release = () => r(WORN))));
  const first = h.actions.unequip('1');
  await h.actions.unequip('1');
  expect(h.sent.length).toBe(1);
  release();
  await first;
  const out = harness(async () => {
    throw httpError(401, 'Unauthorized');
  });
  await out.actions.unequip('1');
  expect(out.seen.unauthorized).toBe(1);
  expect(out.toasts).toEqual([]);
});
