/**
 * What the Character panel's equipment part lists, pure: the slots in order with what fills each, and the Equip
 * choices — pack items the catalogue lets a survivor wear, and storage items whose name contains one of the spec's
 * names (section 5), each with the slot shown (guessed from the name, as the spec says) and the slot sent (the
 * catalogue's; the server judges it).
 */
import type { EquipmentItem } from '../../../../api/contract/equipment.ts';
import type { EquipSource } from '../../../../api/game/equipment.ts';
import type { InventoryItem } from '../../../../api/contract/items.ts';
import { EQUIPMENT_SLOTS, type EquipmentSlot, equipSlotOf, guessSlot, matchesEquipList } from '../../../../api/game/equipment.ts';
import type { StoredItem } from '../../stores/equipment.ts';

export const SLOT_LABELS: Record<EquipmentSlot | 'equipment', string> = {
  vision: 'Vision',
  communication: 'Communication',
  tool: 'Tool',
  light: 'Light',
  device: 'Device',
  other: 'Other',
  equipment: 'Equipment',
};

export interface SlotRow {
  slot: EquipmentSlot;
  label: string;
  item: EquipmentItem | null;
}

export function slotRows(worn: readonly EquipmentItem[]): SlotRow[] {
  return EQUIPMENT_SLOTS.map((slot) => ({ slot, label: SLOT_LABELS[slot], item: worn.find((w) => w.slot === slot) ?? null }));
}

export interface EquipOption {
  /** Unique among the options (the select's value). */
  key: string;
  source: EquipSource;
  itemId: string;
  itemName: string;
  quality: number;
  quantity: number;
  /** What the request names. */
  slot: EquipmentSlot;
  /** What the list shows (spec section 5's guess). */
  shownSlot: string;
  label: string;
}

function option(source: EquipSource, s: { id: string; itemName: string; quality: number; quantity: number }): EquipOption {
  const guessed = guessSlot(s.itemName);
  const slot = equipSlotOf(s.itemName) ?? (guessed === 'equipment' ? 'other' : guessed);
  const shownSlot = SLOT_LABELS[guessed];
  const where = source === 'inventory' ? 'pack' : 'storage';
  return {
    key: `${source}:${s.id}`,
    source,
    itemId: s.id,
    itemName: s.itemName,
    quality: s.quality,
    quantity: s.quantity,
    slot,
    shownSlot,
    label: `${s.itemName} (quality ${s.quality}, ${shownSlot}) from ${where}`,
  };
}

/** Pack items first (by name, best quality first), then the settlement's storage items the same way. */
export function equipOptions(inventory: readonly InventoryItem[], storage: readonly StoredItem[]): EquipOption[] {
  const order = (a: EquipOption, b: EquipOption) => a.itemName.localeCompare(b.itemName) || b.quality - a.quality;
  const pack = inventory
    .filter((i) => i.quantity > 0 && equipSlotOf(i.itemName))
    .map((i) => option('inventory', { id: i.id, itemName: i.itemName, quality: i.metadata.quality, quantity: i.quantity }))
    .sort(order);
  const stored = storage
    .filter((s) => s.quantity > 0 && matchesEquipList(s.itemName))
    .map((s) => option('settlement', s))
    .sort(order);
  return [...pack, ...stored];
}
