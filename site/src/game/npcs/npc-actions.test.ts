import { beforeEach, describe, expect, test } from 'bun:test';
import type { EquipmentItem, EquipmentOutcome } from '../../../../api/contract/equipment.ts';
import { RAID_TEXT } from '../../../../api/contract/raids.ts';
import type { ToastInput } from '../../stores/toast.ts';
import { $npcBusy, $npcGear, $settlementNpcs, resetNpcStores } from '../../stores/npcs.ts';
import { createNpcActions, type NpcCalls } from './npc-actions.ts';
import { npcView } from './test-npcs.ts';

const httpError = (status: number, message: string) => Object.assign(new Error(`${status}: ${message}`), { status });
const radio: EquipmentItem = { id: 'e1', itemName: 'Portable Radio', slot: 'communication', quality: 60 };
const outcome = (message: string, equipment: EquipmentItem[] = []): EquipmentOutcome => ({ message, equipment });

function harness(over: Partial<NpcCalls> = {}) {
  const toasts: ToastInput[] = [];
  const sent: string[] = [];
  let refreshed = 0;
  let unauthorized = 0;
  const calls: NpcCalls = {
    assign: async (id, a) => {
      sent.push(`assign ${id} ${a}`);
      return { message: `NPC ${id} will ${a}`, npc: npcView(id, { assignment: a, assignmentStatus: 'gathering' }) };
    },
    equipment: async () => [radio],
    equip: async (id, b) => {
      sent.push(`equip ${id} ${b.itemId} ${b.slot} at ${b.settlementId}`);
      return outcome('Equipped Portable Radio on NPC 1', [radio]);
    },
    unequip: async (id, b) => {
      sent.push(`unequip ${id} ${b.slot} at ${b.settlementId}`);
      return outcome('Unequipped Portable Radio from NPC 1');
    },
    equipAll: async (id, s) => {
      sent.push(`equipAll ${id} at ${s}`);
      return outcome('Equipped 1 item', [radio]);
    },
    unequipAll: async (id, s) => {
      sent.push(`unequipAll ${id} at ${s}`);
      return outcome('NPC 1 has nothing equipped');
    },
    treat: async (id) => {
      sent.push(`treat ${id}`);
      return { message: RAID_TEXT.treated(`NPC ${id}`), npc: npcView(id, { condition: 'fit' }) };
    },
    dismiss: async (name) => {
      sent.push(`dismiss ${name}`);
      return { message: `${name} left Haven` };
    },
    ...over,
  };
  const actions = createNpcActions({
    calls,
    toast: (t) => toasts.push(t),
    unauthorized: () => unauthorized++,
    refresh: () => refreshed++,
  });
  return { actions, toasts, sent, refreshed: () => refreshed, unauthorized: () => unauthorized };
}

beforeEach(() => {
  resetNpcStores();
  $settlementNpcs.set({ settlementId: 's1', npcs: [npcView('1'), npcView('2')] });
});

describe('the settlement’s NPCs', () => {
  test('assign: the row follows the answer, the server’s sentence as a toast, then a refresh; the same job is not sent', async () => {
    const h = harness();
    const going = h.actions.assign('1', 'scavenge');
    expect($npcBusy.get()).toBe('assign:1');
    expect(await h.actions.assign('2', 'foraging')).toBe(false); // one at a time
    expect(await going).toBe(true);
    expect(h.sent).toEqual(['assign 1 scavenge']);
    expect($settlementNpcs.get()?.npcs.map((n) => [n.id, n.assignment, n.assignmentStatus])).toEqual([
      ['1', 'scavenge', 'gathering'],
      ['2', 'defend', 'resting'],
    ]);
    expect(h.toasts).toEqual([{ title: 'NPC 1 will scavenge' }]);
    expect(h.refreshed()).toBe(1);
    expect(await h.actions.assign('2', 'defend')).toBe(false);
    expect(h.sent).toHaveLength(1);
  });

  test("assign refused: 'Failed to assign NPC' with the reason; Unauthorized goes to the login", async () => {
    const h = harness({ assign: async () => Promise.reject(httpError(403, 'Only members of Haven can assign its NPCs')) });
    expect(await h.actions.assign('1', 'scavenge')).toBe(false);
    expect(h.toasts).toEqual([
      { title: 'Failed to assign NPC', description: 'Only members of Haven can assign its NPCs', variant: 'destructive' },
    ]);
    expect($settlementNpcs.get()?.npcs[0]?.assignment).toBe('defend');
    const u = harness({ assign: async () => Promise.reject(httpError(401, 'Unauthorized')) });
    await u.actions.assign('1', 'scavenge');
    expect(u.unauthorized()).toBe(1);
    expect(u.toasts).toEqual([]);
  });

  test('the Equipment dialog loads what the NPC wears; a failure shows in it', async () => {
    const h = harness();
    const loading = h.actions.openGear('1');
    expect($npcGear.get()).toEqual({ npcId: '1', items: null, error: null });
    await loading;
    expect($npcGear.get()).toEqual({ npcId: '1', items: [radio], error: null });
    h.actions.closeGear();
    expect($npcGear.get()).toBeNull();
    const f = harness({ equipment: async () => Promise.reject(httpError(403, 'You do not manage Haven')) });
    await f.actions.openGear('2');
    expect($npcGear.get()).toEqual({ npcId: '2', items: null, error: 'You do not manage Haven' });
  });

  test('equip, unequip, equip all, unequip all: at the NPC’s settlement, the dialog shows the answer', async () => {
    const h = harness();
    await h.actions.openGear('1');
    $npcGear.set({ npcId: '1', items: [], error: null });
    await h.actions.equip('1', { itemId: '77', slot: 'communication' });
    expect($npcGear.get()?.items).toEqual([radio]);
    await h.actions.unequip('1', 'communication');
    expect($npcGear.get()?.items).toEqual([]);
    await h.actions.equipAll('1');
    await h.actions.unequipAll('1');
    expect(h.sent).toEqual([
      'equip 1 77 communication at s1',
      'unequip 1 communication at s1',
      'equipAll 1 at s1',
      'unequipAll 1 at s1',
    ]);
    expect(h.toasts.map((t) => t.title)).toEqual([
      'Equipped Portable Radio on NPC 1',
      'Unequipped Portable Radio from NPC 1',
      'Equipped 1 item',
      'NPC 1 has nothing equipped',
    ]);
    expect(h.refreshed()).toBe(4);
  });

  test("equipment failures: 'Equipment Error' with the reason, or the spec's fallback for that call", async () => {
    const h = harness({
      equip: async () => Promise.reject(httpError(400, 'Binoculars go in the vision slot')),
      unequip: async () => Promise.reject(new Error('500: ')),
      equipAll: async () => Promise.reject(new Error('500: ')),
      unequipAll: async () => Promise.reject(new Error('500: ')),
    });
    await h.actions.equip('1', { itemId: '5', slot: 'tool' });
    await h.actions.unequip('1', 'tool');
    await h.actions.equipAll('1');
    await h.actions.unequipAll('1');
    await h.actions.equip('1', null);
    await h.actions.equipAll('99'); // not in the list any more
    expect(h.toasts).toEqual([
      { title: 'Equipment Error', description: 'Binoculars go in the vision slot', variant: 'destructive' },
      { title: 'Equipment Error', description: 'Failed to unequip item', variant: 'destructive' },
      { title: 'Equipment Error', description: 'Failed to equip all items', variant: 'destructive' },
      { title: 'Equipment Error', description: 'Failed to unequip all items', variant: 'destructive' },
      { title: 'Equipment Error', description: 'Failed to equip item', variant: 'destructive' },
      { title: 'Equipment Error', description: 'Failed to equip all items', variant: 'destructive' },
    ]);
  });

  test('treat: the row is fit again from the answer, the server’s sentence as a toast; refused, its reason', async () => {
    $settlementNpcs.set({ settlementId: 's1', npcs: [npcView('1', { condition: 'injured' }), npcView('2')] });
    const h = harness();
    expect(await h.actions.treat('1')).toBe(true);
    expect(h.sent).toEqual(['treat 1']);
    expect($settlementNpcs.get()?.npcs.map((n) => n.condition)).toEqual(['fit', 'fit']);
    expect(h.toasts).toEqual([{ title: 'NPC 1 is treated and fit again' }]);
    expect(h.refreshed()).toBe(1);
    const f = harness({ treat: async () => Promise.reject(httpError(409, RAID_TEXT.noMedicine)) });
    expect(await f.actions.treat('2')).toBe(false);
    expect(f.toasts).toEqual([{ title: 'Treatment failed', description: RAID_TEXT.noMedicine, variant: 'destructive' }]);
  });

  test("dismiss: sent by the NPC's name, the row leaves the list, 'NPC Dismissed' with the server's sentence; refused, its reason", async () => {
    const h = harness();
    const name = npcView('1').name;
    expect(await h.actions.dismiss('1')).toBe(true);
    expect(h.sent).toEqual([`dismiss ${name}`]);
    expect($settlementNpcs.get()?.npcs.map((n) => n.id)).toEqual(['2']);
    expect(h.toasts).toEqual([{ title: 'NPC Dismissed', description: `${name} left Haven` }]);
    expect(h.refreshed()).toBe(1);
    expect(await h.actions.dismiss('1')).toBe(false); // no longer listed: nothing sent
    expect(h.sent).toHaveLength(1);
    const f = harness({
      dismiss: async () => Promise.reject(httpError(403, 'Only members of its settlement can dismiss this NPC')),
    });
    expect(await f.actions.dismiss('2')).toBe(false);
    expect($settlementNpcs.get()?.npcs.map((n) => n.id)).toEqual(['2']);
    expect(f.toasts).toEqual([
      { title: 'Dismissal Failed', description: 'Only members of its settlement can dismiss this NPC', variant: 'destructive' },
    ]);
  });
});
