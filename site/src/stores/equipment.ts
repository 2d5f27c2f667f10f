/**
 * What the Character panel's equipment part shows, and the gear the map and the Actions panel apply, as nanostores.
 * The logic that fills them lives in site/src/game/equipment/; these are plain state plus the derived effects.
 */
import { atom, computed } from 'nanostores';
import type { EquipmentItem } from '../../../api/contract/equipment.ts';
import { equipmentEffects } from '../../../api/game/equipment.ts';

export type EquipmentState =
  | { status: 'loading'; items: readonly EquipmentItem[] }
  | { status: 'ready'; items: readonly EquipmentItem[] }
  | { status: 'error'; items: readonly EquipmentItem[]; message: string };
/** What the survivor wears (GET /api/player/equipment), one item per slot. */
export const $equipment = atom<EquipmentState>({ status: 'loading', items: [] });

/** What the worn gear does, by the server's rule (api/game/equipment.ts): vision, tools, the radio. */
export const $gear = computed($equipment, (e) => equipmentEffects(e.items));

/** The settlement the survivor manages and stands at (within the equipment reach), where gear can be changed. */
export interface EquipSite {
  id: string;
  name: string;
  x: number;
  y: number;
}
export const $equipSite = atom<EquipSite | null>(null);

/** A stack in that settlement's storage: its row id is what an equip from the settlement sends. */
export interface StoredItem {
  id: string;
  itemName: string;
  quality: number;
  quantity: number;
}
export const $equipStorage = atom<readonly StoredItem[]>([]);

/** Whether the survivor is walking right now (Binoculars work only standing still): the map's walk says it. */
export const $walking = atom(false);

/** The equipment call in flight (one at a time: every equipment button waits for it). */
export const $equipBusy = atom<string | null>(null);

export function resetEquipmentStores(): void {
  $equipment.set({ status: 'loading', items: [] });
  $equipSite.set(null);
  $equipStorage.set([]);
  $equipBusy.set(null);
  $walking.set(false);
}
