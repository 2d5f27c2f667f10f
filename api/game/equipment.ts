/**
 * The equipment rules: what can be worn and in which slot, where it can be changed, which item fills an empty slot,
 * and what worn gear does (vision by day and by night, tools, the radio). One home: the server judges and applies
 * them (api/modules/equipment, api/modules/actions), the islands mirror them (the map's vision, the Scavenge
 * button, the Character panel), and the wiki quotes these numbers. Pure: no server imports.
 */
import { type Tools, toolsFrom } from './actions.ts';
import { EQUIPPABLE_NAMES, type EquipmentSlot, itemDef } from './items.ts';
import { categoryOf, SETTLEMENT_REACH } from './settlements.ts';
import { type ContainerState, room } from './storage.ts';
import { NIGHT_VISION } from './vision.ts';

export { BINOCULARS_VISION, dayNightVision, NIGHT_VISION, visionInput } from './vision.ts';

/** Spec section 8: the Equipment Error toast and its fallbacks when the server gives no reason. */
export const EQUIPMENT_TEXT = {
  errorTitle: 'Equipment Error',
  failedEquip: 'Failed to equip item',
  failedUnequip: 'Failed to unequip item',
  failedEquipInventory: 'Failed to equip item from inventory',
  failedEquipSettlement: 'Failed to equip item from settlement',
  failedEquipAll: 'Failed to equip all items',
  failedUnequipAll: 'Failed to unequip all items',
} as const;

export const EQUIP_SOURCES = ['inventory', 'settlement'] as const;
export type EquipSource = (typeof EQUIP_SOURCES)[number];

export const EQUIPMENT_SLOTS = [
  'vision',
  'communication',
  'tool',
  'light',
  'device',
  'other',
] as const satisfies readonly EquipmentSlot[];
export type { EquipmentSlot };

/** Gear changes only this close (world units) to the centre of a settlement the survivor manages. */
export const EQUIPMENT_REACH = SETTLEMENT_REACH;
/** The refusal everywhere else (spec sections 5 and 8). */
export const NO_SETTLEMENT_NEARBY = 'No settlement nearby';

/** The catalogue's slot for an item the spec lets a survivor wear; null for anything else. */
export function equipSlotOf(itemName: string): EquipmentSlot | null {
  if (!(EQUIPPABLE_NAMES as readonly string[]).includes(itemName)) return null;
  return itemDef(itemName)?.slot ?? null;
}

/** Why an equip of `itemName` into `slot` is refused (400), or null when it may go there. */
export function equipRefusal(itemName: string, slot: string): string | null {
  const own = equipSlotOf(itemName);
  if (!own) return `${itemName} cannot be equipped`;
  if (own !== slot) return `${itemName} goes in the ${own} slot, not ${slot}`;
  return null;
}

// ── What the equip list shows (spec section 5) ──────────────────────────────────────────────────────────────────

/** The names the equip dropdown matches storage items against: a storage item qualifies when its name contains one. */
export const EQUIP_LIST_NAMES = EQUIPPABLE_NAMES;

export function matchesEquipList(itemName: string): boolean {
  return EQUIP_LIST_NAMES.some((n) => itemName.includes(n));
}

/**
 * The slot the panel shows for an item, guessed from its name exactly as spec section 5 says (display only: the
 * server goes by the catalogue).
 */
export function guessSlot(itemName: string): EquipmentSlot | 'equipment' {
  const n = itemName.toLowerCase();
  if (n.includes('binocular')) return 'vision';
  if (n.includes('radio')) return 'communication';
  if (n.includes('lockpick') || n.includes('crowbar') || n.includes('multitool')) return 'tool';
  if (n.includes('flashlight')) return 'light';
  if (n.includes('scanner')) return 'device';
  if (n.includes('backpack')) return 'other';
  return 'equipment';
}

// ── Filling empty slots ─────────────────────────────────────────────────────────────────────────────────────────

export interface Candidate {
  id: number;
  itemName: string;
  quality: number;
  quantity: number;
}

/** Orders two candidates for one slot: above 0 when `a` is the better pick. */
export type CandidateOrder = (a: Candidate, b: Candidate) => number;

/** The default order: the higher quality. */
export const byQuality: CandidateOrder = (a, b) => a.quality - b.quality;

/**
 * For each slot not in `filled`, the best candidate that goes there by `better` (the highest quality unless told), the
 * lowest row id among equals (so the choice is stable). Slots nothing fits stay out of the answer.
 */
export function bestForEmptySlots<C extends Candidate>(
  candidates: readonly C[],
  filled: Iterable<string>,
  better: CandidateOrder = byQuality,
): { slot: EquipmentSlot; item: C }[] {
  const taken = new Set(filled);
  const best = new Map<EquipmentSlot, C>();
  for (const c of candidates) {
    const slot = equipSlotOf(c.itemName);
    if (!slot || taken.has(slot) || c.quantity <= 0) continue;
    const held = best.get(slot);
    const order = held ? better(c, held) : 1;
    if (!held || order > 0 || (order === 0 && c.id < held.id)) best.set(slot, c);
  }
  return EQUIPMENT_SLOTS.filter((s) => best.has(s)).map((slot) => ({ slot, item: best.get(slot)! }));
}

// ── What worn gear does ─────────────────────────────────────────────────────────────────────────────────────────

type Worn = readonly { itemName: string }[];
const wearing = (worn: Worn, name: string) => worn.some((w) => w.itemName === name);

export function hasBinoculars(worn: Worn): boolean {
  return wearing(worn, 'Binoculars');
}

/** A Portable Radio is worn: the gate for chat and radio tracking. */
export function hasRadio(worn: Worn): boolean {
  return wearing(worn, 'Portable Radio');
}

export function nightVisionMultiplier(worn: Worn): number {
  let m: number = NIGHT_VISION.none;
  if (wearing(worn, 'Flashlight')) m = Math.max(m, NIGHT_VISION.Flashlight);
  if (wearing(worn, 'Night Vision Goggles')) m = Math.max(m, NIGHT_VISION['Night Vision Goggles']);
  return m;
}

/** Crowbar and Multitool from the tool slot, Scanner from the device slot: only worn tools count. */
export function wornTools(worn: Worn): Tools {
  return toolsFrom(worn.map((w) => w.itemName));
}

export interface EquipmentEffects {
  binoculars: boolean;
  nightVisionMultiplier: number;
  radio: boolean;
  tools: Tools;
}

/**
 * Which worn vision gear works right now, by the rules the core and dayNightVision apply: Binoculars by day while
 * standing still, a Flashlight or Night Vision Goggles at night. Tools and the radio always work.
 */
export function visionGearActive(
  gear: { binoculars: boolean; nightVisionMultiplier: number },
  now: { isDay: boolean; moving: boolean },
): { binoculars: boolean; nightVision: boolean } {
  return {
    binoculars: gear.binoculars && now.isDay && !now.moving,
    nightVision: gear.nightVisionMultiplier > NIGHT_VISION.none && !now.isDay,
  };
}

export function equipmentEffects(worn: Worn): EquipmentEffects {
  return {
    binoculars: hasBinoculars(worn),
    nightVisionMultiplier: nightVisionMultiplier(worn),
    radio: hasRadio(worn),
    tools: wornTools(worn),
  };
}

// ── Putting everything away ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Where each worn item goes on "unequip all": into the first container of its storage category (id order) with room
 * left, else the survivor's pack (`toContainerId` null). One unit each, so capacity is counted per item.
 */
export function planUnequipAll(
  worn: readonly { id: number; itemName: string }[],
  containers: readonly ContainerState[],
): { id: number; toContainerId: number | null }[] {
  const free = new Map(containers.map((c) => [c.id, room(c)]));
  const ordered = [...containers].sort((a, b) => a.id - b.id);
  return worn.map((w) => {
    const target = ordered.find((c) => c.subtype === categoryOf(w.itemName) && free.get(c.id)! > 0);
    if (!target) return { id: w.id, toContainerId: null };
    free.set(target.id, free.get(target.id)! - 1);
    return { id: w.id, toContainerId: target.id };
  });
}
