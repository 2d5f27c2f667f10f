/**
 * Raids announced before this page was open (a reload, a dropped connection) are read back from the Defence route:
 * its nextRaidAt is the arrival of the raid on its way. Each settlement the player manages is asked once (a few at
 * most); a warning the page already holds for the same arrival is kept, since the frame's carries the strength.
 */
import type { DefenceView } from '../../../../api/contract/raids.ts';
import { $raidWarnings } from '../../stores/raids.ts';
import { warn } from './warnings.ts';

/** A player rarely manages more; beyond this many, the frames alone warn. */
export const RESTORE_MAX_SETTLEMENTS = 8;

export interface Place {
  id: string;
  name: string;
  x: number;
  y: number;
}

/** Puts up the warning a Defence answer implies, if any (and none for that arrival is up already). */
export function warnFromDefence(place: Place, d: Pick<DefenceView, 'nextRaidAt'>, now: number): void {
  if (!d.nextRaidAt) return;
  const arriveAt = Date.parse(d.nextRaidAt);
  if (!Number.isFinite(arriveAt)) return;
  if ($raidWarnings.get().some((w) => w.settlementId === place.id && w.arriveAt === arriveAt)) return;
  warn({ settlementId: place.id, settlementName: place.name, x: place.x, y: place.y, arriveAt, strength: null }, now);
}

/** Asks the Defence of each place (the first RESTORE_MAX_SETTLEMENTS) and puts up what is on its way. */
export async function restoreWarnings(
  places: readonly Place[],
  defence: (id: string) => Promise<Pick<DefenceView, 'nextRaidAt'>>,
  now: () => number,
  onError: (err: unknown) => void,
): Promise<void> {
  await Promise.all(
    places.slice(0, RESTORE_MAX_SETTLEMENTS).map(async (p) => {
      try {
        warnFromDefence(p, await defence(p.id), now());
      } catch (err) {
        onError(err);
      }
    }),
  );
}
