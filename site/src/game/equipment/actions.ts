/**
 * Equip, unequip, equip all from the settlement and unequip all: each call → server → toast → what is worn now
 * (from the answer) and a refresh of what it may have moved (the pack, the settlement's storage). One runs at a
 * time ($equipBusy). The server decides everything (reach, slots, who manages); this only reports it.
 * Dependencies are injected (equipment/wire.ts wires the real ones), so the flows are unit-tested without a browser.
 */
import type { EquipmentOutcome } from '../../../../api/contract/equipment.ts';
import { EQUIPMENT_TEXT, type EquipSource } from '../../../../api/game/equipment.ts';
import { isUnauthorizedError } from '../../../../api/contract/errors.ts';
import { type EquipmentSlot, NO_SETTLEMENT_NEARBY } from '../../../../api/game/equipment.ts';
import type { ToastInput } from '../../stores/toast.ts';
import { $equipBusy, $equipment, $equipSite } from '../../stores/equipment.ts';
import type { EquipOption } from './options.ts';
import { equipFallback, equipmentDone, equipmentError } from './text.ts';

export interface EquipmentCalls {
  equip(body: { itemId: string; slot: EquipmentSlot; source: EquipSource }): Promise<EquipmentOutcome>;
  unequip(itemId: string): Promise<EquipmentOutcome>;
  equipAll(settlementId: string): Promise<EquipmentOutcome>;
  unequipAll(settlementId: string): Promise<EquipmentOutcome>;
}

export interface EquipmentActionDeps {
  calls: EquipmentCalls;
  toast(t: ToastInput): void;
  unauthorized(): void;
  /** Refetch what a change may have moved: the pack, the settlement's storage, what is worn. */
  refresh(): void;
}

export interface EquipmentActions {
  /** `null` when the chosen option is gone (the list changed under the user). */
  equip(option: EquipOption | null): Promise<void>;
  unequip(itemId: string): Promise<void>;
  equipAll(): Promise<void>;
  unequipAll(): Promise<void>;
}

export function createEquipmentActions(d: EquipmentActionDeps): EquipmentActions {
  async function run(name: string, call: () => Promise<EquipmentOutcome>, fallback: string): Promise<void> {
    if ($equipBusy.get()) return;
    $equipBusy.set(name);
    try {
      const r = await call();
      $equipment.set({ status: 'ready', items: r.equipment });
      d.toast(equipmentDone(r.message));
    } catch (err) {
      if (isUnauthorizedError(err)) d.unauthorized();
      else {
        console.warn(`[equipment] ${name} failed`, err);
        d.toast(equipmentError(fallback, err));
      }
    } finally {
      $equipBusy.set(null);
      d.refresh();
    }
  }

  /** Spec section 5: equip all and unequip all need a settlement nearby, said before asking the server. */
  const atSite = (fallback: string, call: (settlementId: string) => Promise<EquipmentOutcome>, name: string) => {
    const site = $equipSite.get();
    if (!site) {
      d.toast(equipmentError(fallback, new Error(NO_SETTLEMENT_NEARBY)));
      return Promise.resolve();
    }
    return run(name, () => call(site.id), fallback);
  };

  return {
    equip: (o) => {
      if (!o) {
        d.toast(equipmentError(equipFallback(null)));
        return Promise.resolve();
      }
      return run('equip', () => d.calls.equip({ itemId: o.itemId, slot: o.slot, source: o.source }), equipFallback(o.source));
    },
    unequip: (itemId) => run('unequip', () => d.calls.unequip(itemId), EQUIPMENT_TEXT.failedUnequip),
    equipAll: () => atSite(EQUIPMENT_TEXT.failedEquipAll, (id) => d.calls.equipAll(id), 'equipAll'),
    unequipAll: () => atSite(EQUIPMENT_TEXT.failedUnequipAll, (id) => d.calls.unequipAll(id), 'unequipAll'),
  };
}
