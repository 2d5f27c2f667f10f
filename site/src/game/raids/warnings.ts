/**
 * The raids on their way, as the banner and the map's marker show them: one per settlement (a new warning for the
 * same settlement replaces the old), soonest first, gone at arrival or when the result comes, whichever is first.
 */
import type { RaidWarningFrame } from '../../../../api/contract/raids.ts';
import { $raidWarnings, type RaidWarning } from '../../stores/raids.ts';

export function fromFrame(f: Omit<RaidWarningFrame, 'type'>): RaidWarning | null {
  const arriveAt = Date.parse(f.arriveAt);
  if (!Number.isFinite(arriveAt)) return null;
  return { settlementId: f.settlementId, settlementName: f.settlementName, x: f.x, y: f.y, arriveAt, strength: f.strength };
}

/** The warnings still to come at `now`, soonest first. */
export function pending(list: readonly RaidWarning[], now: number): RaidWarning[] {
  return list.filter((w) => w.arriveAt > now).sort((a, b) => a.arriveAt - b.arriveAt);
}

/** What the banner shows at `now`: the soonest raid, and how many more are on their way. */
export function bannerOf(list: readonly RaidWarning[], now: number): { warning: RaidWarning; others: number } | null {
  const [warning, ...rest] = pending(list, now);
  return warning ? { warning, others: rest.length } : null;
}

/** Adds (or replaces) a settlement's warning; one already past at `now` is not shown. */
export function warn(w: RaidWarning, now: number): void {
  const rest = $raidWarnings.get().filter((x) => x.settlementId !== w.settlementId);
  $raidWarnings.set(pending(w.arriveAt > now ? [...rest, w] : rest, now));
}

/** The settlement's raid came (its result arrived): its warning goes. */
export function settle(settlementId: string): void {
  const list = $raidWarnings.get();
  if (list.some((w) => w.settlementId === settlementId)) $raidWarnings.set(list.filter((w) => w.settlementId !== settlementId));
}

/** Drops the warnings whose raid has arrived by `now`; answers when the next one arrives (null: none left). */
export function prune(now: number): number | null {
  const list = $raidWarnings.get();
  const left = pending(list, now);
  if (left.length !== list.length) $raidWarnings.set(left);
  return left[0]?.arriveAt ?? null;
}
