/**
 * Which game cue a change of the page's state stands for (wire.ts listens; these decide). Pure: each compares what
 * a store held with what it holds now.
 */
import { NPC_TEXT } from '../../../../api/game/npcs.ts';
import type { GameCue } from '../../lib/audio-rules.ts';

/**
 * A toast: a buzz for any failure, the notice bell for news (an invitation, an answer, an NPC home), the recruit
 * fanfare for 'NPC Recruited!', a chime for the rest.
 */
export function toastCue(t: { title: string; variant: 'default' | 'destructive'; notice?: boolean }): GameCue {
  if (t.variant === 'destructive') return 'error';
  if (t.notice) return 'notice';
  return t.title === NPC_TEXT.recruited ? 'recruit' : 'success';
}

/**
 * The newest Scavenge Results entry, when it is new: a scavenge rummages; a forage that found something is a
 * pickup, one that found nothing a rummage.
 */
export function resultCue(
  newest: { id: number; kind: 'scavenge' | 'forage'; items: readonly unknown[] } | undefined,
  lastSeenId: number,
): GameCue | null {
  if (!newest || newest.id <= lastSeenId) return null;
  return newest.kind === 'forage' && newest.items.length > 0 ? 'pickup' : 'scavenge';
}

/**
 * A shelter appeared on the survivor's own tile that the region did not hold before: the survivor built it (the
 * build action adds it at once; a poll that merely brings a far one into view does not put it underfoot).
 */
export function builtHere(
  before: ReadonlySet<string>,
  now: readonly { id: string; tileX: number; tileY: number }[],
  here: { tileX: number; tileY: number },
): boolean {
  return now.some((s) => !before.has(s.id) && s.tileX === here.tileX && s.tileY === here.tileY);
}

/** One of the managed settlement's NPCs took a new assignment (the same settlement's list, before and after). */
export function reassigned(
  before: { settlementId: string; npcs: readonly { id: string; assignment: string }[] } | null,
  now: { settlementId: string; npcs: readonly { id: string; assignment: string }[] } | null,
): boolean {
  if (!before || !now || before.settlementId !== now.settlementId) return false;
  const was = new Map(before.npcs.map((n) => [n.id, n.assignment]));
  return now.npcs.some((n) => was.has(n.id) && was.get(n.id) !== n.assignment);
}

/** A raid's result: a call for a raid repelled, a crash for a breach (its red toast would otherwise buzz). */
export const raidCue = (outcome: 'repelled' | 'breached'): GameCue => (outcome === 'breached' ? 'raidBreached' : 'raidRepelled');
