/**
 * The bench queue as the Crafting section lists it: each job with what it makes, who queued it, its progress (the
 * started one) and its time left, from GET /settlements/:id/craft-queue and the clock. A waiting job's time is the
 * server's projection at the bench's pace now. Pure.
 */
import type { CraftQueueView } from '../../../../api/contract/crafting.ts';
import { craftProgress } from '../../../../api/game/crafting.ts';

export interface JobRow {
  id: string;
  name: string;
  /** 'Portable Radio ×1 · Q55'. */
  product: string;
  crafter: string | null;
  started: boolean;
  /** 0–1; 0 while it waits. */
  progress: number;
  /** Until its readyAt; negative once past (the simulation delivers it on its next round). */
  msLeft: number;
}

/** ISO on the wire; the typed client may have made it a Date. */
export const toMs = (at: string | Date | null): number | null => (at === null ? null : new Date(at).getTime());

export function jobRows(view: Pick<CraftQueueView, 'jobs'>, now: number): JobRow[] {
  return view.jobs.map((j) => {
    const startedAt = toMs(j.startedAt);
    const readyAt = toMs(j.readyAt) ?? now;
    return {
      id: j.id,
      name: j.name,
      product: `${j.output.itemName} ×${j.output.quantity} · Q${j.output.quality}`,
      crafter: j.crafterName,
      started: startedAt !== null,
      progress: craftProgress({ startedAt, readyAt }, now),
      msLeft: readyAt - now,
    };
  });
}
