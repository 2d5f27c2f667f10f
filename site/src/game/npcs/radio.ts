/**
 * Radio tracking (spec sections 6 and 7): with a Portable Radio worn, GET /npcs/batch-equipment (stale 30 s, polled
 * every 60 s) says which of the NPCs the map knows carry one, and the map shows those anywhere. Without a radio it is
 * never called (the server would answer 403) and no NPC is tracked.
 */
import { carriesRadio, NPC_BATCH_MAX } from '../../../../api/game/npc-equipment.ts';
import { type Freshness, withFreshness } from './stale.ts';

export const BATCH_EQUIPMENT_STALE_MS = 30_000;
export const BATCH_EQUIPMENT_POLL_MS = 60_000;

export type BatchCall = (ids: string[]) => Promise<Record<string, readonly { itemName: string }[]>>;

export interface RadioDeps {
  radioOn(): boolean;
  /** The NPCs the map knows. */
  ids(): string[];
  batch: BatchCall;
  /** The NPCs that carry a radio (empty without one of ours). */
  set(ids: string[]): void;
  onError(err: unknown): void;
  now?: () => number;
}

/** The NPC ids in calls of at most NPC_BATCH_MAX. */
export function batches(ids: readonly string[], size = NPC_BATCH_MAX): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

export function radioTracker(d: RadioDeps): Freshness {
  return withFreshness(
    async () => {
      if (!d.radioOn()) {
        d.set([]);
        return false;
      }
      const ids = d.ids();
      if (ids.length === 0) {
        d.set([]);
        return true;
      }
      try {
        const answers = await Promise.all(batches(ids).map((b) => d.batch(b)));
        if (!d.radioOn()) {
          d.set([]);
          return false;
        }
        const carrying: string[] = [];
        for (const a of answers) for (const [id, worn] of Object.entries(a)) if (carriesRadio(worn)) carrying.push(id);
        d.set(carrying);
        return true;
      } catch (err) {
        d.onError(err);
        return false;
      }
    },
    BATCH_EQUIPMENT_STALE_MS,
    d.now,
  );
}
