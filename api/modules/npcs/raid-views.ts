import type { RaidRow } from '../../../db/repos/settlement-sim.ts';
import type { RaidView } from '../../contract/raids.ts';

/** A stored raid as the panel and the raid_result frame show it. */
export function toRaidView(r: RaidRow): RaidView {
  return {
    id: String(r.id),
    warnedAt: r.warnedAt.toISOString(),
    arrivedAt: r.arrivedAt.toISOString(),
    strength: r.strength,
    defence: r.defence,
    outcome: r.outcome,
    losses: r.losses,
    ammoSpent: r.ammoSpent,
    injured: r.injured,
  };
}
