/**
 * What the settlement's NPC list does: assign (defend, scavenge, foraging) and the Equipment dialog (load what an
 * NPC wears; equip from the settlement's storage, unequip, equip all, unequip all). Each call → server → toast → the
 * list or the dialog from the answer, then a refresh of what it may have moved (the settlement's storage, the lists).
 * One runs at a time ($npcBusy). The server decides (who may, what fits); this reports it: 'Failed to assign NPC'
 * (spec section 8) and the equipment calls' 'Equipment Error' with their fallbacks. Treat uses medicine
 * from the pack on an injured NPC and shows the server's sentence, or its reason; Dismiss sends a
 * recruited NPC away with the recruit dialog's toasts ('NPC Dismissed' / 'Dismissal Failed'). Dependencies are injected.
 */
import type { EquipmentItem, EquipmentOutcome } from '../../../../api/contract/equipment.ts';
import { EQUIPMENT_TEXT } from '../../../../api/game/equipment.ts';
import { isUnauthorizedError } from '../../../../api/contract/errors.ts';
import type { NpcView } from '../../../../api/contract/npcs.ts';
import type { EquipmentSlot } from '../../../../api/game/equipment.ts';
import type { NpcAssignment } from '../../../../api/game/npcs.ts';
import type { ToastInput } from '../../stores/toast.ts';
import { $npcBusy, $npcGear, $settlementNpcs } from '../../stores/npcs.ts';
import { equipmentDone, equipmentError } from '../equipment/text.ts';
import { treatedToast, treatFailedToast } from '../raids/text.ts';
import { assignFailedToast, dismissedToast, dismissFailedToast, reasonOf } from './text.ts';

export interface NpcCalls {
  assign(npcId: string, assignment: NpcAssignment): Promise<{ message: string; npc: NpcView }>;
  equipment(npcId: string): Promise<EquipmentItem[]>;
  equip(npcId: string, body: { itemId: string; slot: EquipmentSlot; settlementId: string }): Promise<EquipmentOutcome>;
  unequip(npcId: string, body: { slot: EquipmentSlot; settlementId: string }): Promise<EquipmentOutcome>;
  equipAll(npcId: string, settlementId: string): Promise<EquipmentOutcome>;
  unequipAll(npcId: string, settlementId: string): Promise<EquipmentOutcome>;
  /** POST /npcs/:id/treat: one medicine from the player's pack. */
  treat(npcId: string): Promise<{ npc: NpcView; message: string }>;
  /** POST /npcs/dismiss: the server dismisses by name, from a settlement the player manages. */
  dismiss(npcName: string): Promise<{ message: string }>;
}

export interface NpcActionDeps {
  calls: NpcCalls;
  toast(t: ToastInput): void;
  unauthorized(): void;
  /** Refetch what a change may have moved: the settlement's NPCs and storage, the map's NPCs. */
  refresh(): void;
}

export interface NpcActions {
  /** False when refused, unchanged, or another NPC call is in flight. */
  assign(npcId: string, assignment: NpcAssignment): Promise<boolean>;
  /** Opens the Equipment dialog of an NPC and loads what it wears. */
  openGear(npcId: string): Promise<void>;
  closeGear(): void;
  equip(npcId: string, choice: { itemId: string; slot: EquipmentSlot } | null): Promise<void>;
  unequip(npcId: string, slot: EquipmentSlot): Promise<void>;
  equipAll(npcId: string): Promise<void>;
  unequipAll(npcId: string): Promise<void>;
  /** Treats an injured NPC with medicine from the pack; false when refused or another NPC call is in flight. */
  treat(npcId: string): Promise<boolean>;
  /** Sends a recruited NPC away (its bed frees, what it wore or carried goes to the pack); false when refused. */
  dismiss(npcId: string): Promise<boolean>;
}

/** The NPC as the settlement's list has it (its settlement is the one its gear comes from and goes back to). */
function listed(npcId: string): NpcView | null {
  return $settlementNpcs.get()?.npcs.find((n) => n.id === npcId) ?? null;
}

export function createNpcActions(d: NpcActionDeps): NpcActions {
  async function run<T>(name: string, call: () => Promise<T>, failure: (err: unknown) => ToastInput): Promise<T | null> {
    if ($npcBusy.get()) return null;
    $npcBusy.set(name);
    try {
      return await call();
    } catch (err) {
      if (isUnauthorizedError(err)) d.unauthorized();
      else {
        const t = failure(err);
        console.warn(`[npcs] ${t.title}`, err);
        d.toast(t);
      }
      return null;
    } finally {
      $npcBusy.set(null);
      d.refresh();
    }
  }

  /** Shows what the NPC wears after a change, if its dialog is still open. */
  const worn = (npcId: string, items: readonly EquipmentItem[]) => {
    if ($npcGear.get()?.npcId === npcId) $npcGear.set({ npcId, items, error: null });
  };

  async function gearCall(
    npcId: string,
    name: string,
    fallback: string,
    call: (settlementId: string) => Promise<EquipmentOutcome>,
  ) {
    const npc = listed(npcId);
    if (!npc) {
      d.toast(equipmentError(fallback));
      return;
    }
    const r = await run(
      `${name}:${npcId}`,
      () => call(npc.settlementId),
      (err) => equipmentError(fallback, err),
    );
    if (!r) return;
    worn(npcId, r.equipment);
    d.toast(equipmentDone(r.message));
  }

  /** The list's row for an NPC, from an answer. */
  const replace = (npc: NpcView) => {
    const list = $settlementNpcs.get();
    if (list) $settlementNpcs.set({ ...list, npcs: list.npcs.map((n) => (n.id === npc.id ? npc : n)) });
  };

  return {
    async assign(npcId, assignment) {
      const npc = listed(npcId);
      if (npc && npc.assignment === assignment) return false;
      const r = await run(`assign:${npcId}`, () => d.calls.assign(npcId, assignment), assignFailedToast);
      if (!r) return false;
      replace(r.npc);
      d.toast({ title: r.message });
      return true;
    },

    async treat(npcId) {
      const r = await run(`treat:${npcId}`, () => d.calls.treat(npcId), treatFailedToast);
      if (!r) return false;
      replace(r.npc);
      d.toast(treatedToast(r.message));
      return true;
    },

    async dismiss(npcId) {
      const npc = listed(npcId);
      if (!npc) return false;
      const r = await run(`dismiss:${npcId}`, () => d.calls.dismiss(npc.name), dismissFailedToast);
      if (!r) return false;
      const list = $settlementNpcs.get();
      if (list) $settlementNpcs.set({ ...list, npcs: list.npcs.filter((n) => n.id !== npcId) });
      if ($npcGear.get()?.npcId === npcId) $npcGear.set(null);
      d.toast(dismissedToast(r.message));
      return true;
    },

    async openGear(npcId) {
      $npcGear.set({ npcId, items: null, error: null });
      try {
        const items = await d.calls.equipment(npcId);
        worn(npcId, items);
      } catch (err) {
        if (isUnauthorizedError(err)) return d.unauthorized();
        console.warn('[npcs] NPC equipment failed', err);
        if ($npcGear.get()?.npcId === npcId) $npcGear.set({ npcId, items: null, error: reasonOf(err) || 'no answer' });
      }
    },

    closeGear: () => $npcGear.set(null),

    equip: (npcId, choice) => {
      if (!choice) {
        d.toast(equipmentError(EQUIPMENT_TEXT.failedEquip));
        return Promise.resolve();
      }
      return gearCall(npcId, 'equip', EQUIPMENT_TEXT.failedEquip, (settlementId) =>
        d.calls.equip(npcId, { itemId: choice.itemId, slot: choice.slot, settlementId }),
      );
    },
    unequip: (npcId, slot) =>
      gearCall(npcId, 'unequip', EQUIPMENT_TEXT.failedUnequip, (settlementId) => d.calls.unequip(npcId, { slot, settlementId })),
    equipAll: (npcId) =>
      gearCall(npcId, 'equipAll', EQUIPMENT_TEXT.failedEquipAll, (settlementId) => d.calls.equipAll(npcId, settlementId)),
    unequipAll: (npcId) =>
      gearCall(npcId, 'unequipAll', EQUIPMENT_TEXT.failedUnequipAll, (settlementId) => d.calls.unequipAll(npcId, settlementId)),
  };
}
