/**
 * The words of recruiting and managing NPCs: the spec's toasts (sections 4, 5 and 8, texts in api/game/npcs.ts
 * NPC_TEXT), the labels of assignments and statuses, and the settlement choice. Pure.
 */
import type { NpcAssignment, NpcStatus } from '../../../../api/game/npcs.ts';
import type { NpcCondition } from '../../../../api/game/upkeep.ts';
import { NPC_TEXT } from '../../../../api/game/npcs.ts';
import type { ToastInput } from '../../stores/toast.ts';
import type { RecruitChoice } from '../../stores/npcs.ts';
import { listItems } from '../actions/text.ts';

/** The server's reason without the "<status>: " the client puts in front (site/src/lib/api.ts unwrap). */
export function reasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err ?? '');
  return text.replace(/^\d{3}: ?/, '').trim();
}

export const NPC_TOASTS = {
  noSettlementSelected: { title: NPC_TEXT.noSettlementSelected, description: NPC_TEXT.selectSettlement, variant: 'destructive' },
  noAvailableBeds: { title: NPC_TEXT.noAvailableBeds, description: NPC_TEXT.needEmptyBed, variant: 'destructive' },
} as const satisfies Record<string, ToastInput>;

/** 'NPC Recruited!' / 'NPC Dismissed' with the server's sentence. */
export const recruitedToast = (message: string): ToastInput => ({ title: NPC_TEXT.recruited, description: message });
export const dismissedToast = (message: string): ToastInput => ({ title: NPC_TEXT.dismissed, description: message });

/** 'Recruitment Failed' / 'Dismissal Failed' with the server's message, else the spec's fallback. */
export const recruitFailedToast = (err: unknown): ToastInput => ({
  title: NPC_TEXT.recruitFailed,
  description: reasonOf(err) || NPC_TEXT.recruitFailedDefault,
  variant: 'destructive',
});
export const dismissFailedToast = (err: unknown): ToastInput => ({
  title: NPC_TEXT.dismissFailed,
  description: reasonOf(err) || NPC_TEXT.dismissFailedDefault,
  variant: 'destructive',
});

/** Spec section 8's default 'Failed to assign NPC', with the server's reason under it. */
export const assignFailedToast = (err: unknown): ToastInput => ({
  title: NPC_TEXT.assignFailed,
  description: reasonOf(err) || undefined,
  variant: 'destructive',
});

export const ASSIGNMENT_LABELS: Record<NpcAssignment, string> = {
  defend: 'Defend',
  scavenge: 'Scavenge',
  foraging: 'Foraging',
  craft: 'Craft',
};

export const STATUS_LABELS: Record<NpcStatus, string> = {
  resting: 'Resting',
  gathering: 'Gathering',
  working: 'Working',
  returning: 'Returning',
};

/**
 * The status an NPC's row shows: one assigned to Craft, home and not injured, works the bench (the pace counts it:
 * api/game/crafting.ts); the others as the server says.
 */
export function statusLabel(n: {
  assignment: NpcAssignment;
  assignmentStatus: NpcStatus;
  isMoving: boolean;
  condition?: NpcCondition;
}): string {
  const atBench = n.assignment === 'craft' && n.assignmentStatus === 'resting' && !n.isMoving && n.condition !== 'injured';
  return atBench ? 'At the bench' : STATUS_LABELS[n.assignmentStatus];
}

/** 'Rust Haven (1 empty bed)'. */
export function choiceLabel(s: Pick<RecruitChoice, 'name' | 'emptyBeds'>): string {
  return `${s.name} (${s.emptyBeds} empty bed${s.emptyBeds === 1 ? '' : 's'})`;
}

/** The settlement preselected in the dialog: the nearest one with an empty bed (null when none has one). */
export function preselect(list: readonly RecruitChoice[], at: { x: number; y: number } | null): string | null {
  let best: RecruitChoice | null = null;
  let bestD = Infinity;
  for (const s of list) {
    if (s.emptyBeds <= 0) continue;
    const d = at ? Math.hypot(s.x - at.x, s.y - at.y) : 0;
    if (d < bestD) {
      best = s;
      bestD = d;
    }
  }
  return best?.id ?? null;
}

/** An NPC home from a work cycle with its finds stored: 'Ada is back at Haven with Rope ×2, Bandages'. */
export function returnedLine(
  npcName: string,
  settlementName: string,
  items: readonly { itemName: string; quantity: number }[],
): string {
  return `${npcName} is back at ${settlementName} with ${listItems(items)}`;
}

export const returnedToast = (
  npcName: string,
  settlementName: string,
  items: readonly { itemName: string; quantity: number }[],
): ToastInput => ({ title: `${npcName} is back`, description: returnedLine(npcName, settlementName, items), notice: true });
