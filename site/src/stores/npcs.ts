/**
 * What the Wanderer dialog and the settlement's NPC list show (spec sections 2 and 3), as nanostores. The logic
 * that fills them lives in site/src/game/npcs/; these are plain state.
 */
import type { NpcSkill } from '../../../api/game/npc-skills.ts';
import { atom } from 'nanostores';
import type { EquipmentItem } from '../../../api/contract/equipment.ts';
import type { NpcView } from '../../../api/contract/npcs.ts';

export type { NpcView };

/** A settlement the survivor may be recruited into (recruitment options, or the fallback). */
export interface RecruitChoice {
  id: string;
  name: string;
  emptyBeds: number;
  x: number;
  y: number;
}

/**
 * The Wanderer dialog's data, loaded when a scavenge draws a survivor: who (the server's open offer, else the one the
 * scavenge named, else a generated one) and the settlements with an empty bed.
 */
export type RecruitState =
  | { status: 'loading' }
  | { status: 'ready'; npc: { name: string; description: string; skills?: NpcSkill[] }; settlements: readonly RecruitChoice[] };
export const $recruit = atom<RecruitState>({ status: 'loading' });
/** The recruit or dismiss call in flight (Recruit and Dismiss wait for it). */
export const $recruitPending = atom<'recruit' | 'dismiss' | null>(null);

/** The NPCs of the settlement here, when the player manages it (GET /settlements/:id/npcs). */
export const $settlementNpcs = atom<{ settlementId: string; npcs: readonly NpcView[] } | null>(null);

/** The NPC call in flight (assign, equipment): one at a time, every NPC button waits for it. */
export const $npcBusy = atom<string | null>(null);

/** The NPC whose Equipment dialog is open, and what it wears (null while loading). */
export const $npcGear = atom<{ npcId: string; items: readonly EquipmentItem[] | null; error: string | null } | null>(null);

export function resetNpcStores(): void {
  $recruit.set({ status: 'loading' });
  $recruitPending.set(null);
  $settlementNpcs.set(null);
  $npcBusy.set(null);
  $npcGear.set(null);
}
