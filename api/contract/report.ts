import { type } from 'arktype';
import { RAID_OUTCOMES } from './raid-text.ts';

/**
 * GET /api/player/report: what happened at the survivor's settlements while they were away (the rules:
 * api/game/away-report.ts). Times are ISO strings, as everywhere on the wire.
 */
const ItemCount = type({ itemName: 'string', quantity: 'number' });

export const SettlementReportView = type({
  settlementId: 'string',
  settlementName: 'string',
  hauls: ItemCount.array(),
  journeys: 'number',
  meals: ItemCount.array(),
  hungry: 'string[]',
  injured: 'string[]',
  left: 'string[]',
  treatments: ItemCount.array(),
  crafts: ItemCount.array(),
  raids: type({
    at: 'string',
    outcome: type.enumerated(...RAID_OUTCOMES),
    strength: 'number',
    defence: 'number',
    losses: ItemCount.array(),
    injured: 'string[]',
  }).array(),
  upkeep: ItemCount.array(),
  decayed: type({ buildingName: 'string', level: 'number' }).array(),
});
export type SettlementReportView = typeof SettlementReportView.infer;

export const AwayReportView = type({
  since: 'string',
  until: 'string',
  awayMs: 'number',
  /** Away this long or more, the page opens the report by itself (10 minutes of NPC time: NPC_TIME_SCALE applies). */
  opensAfterMs: 'number',
  /** Nothing happened at any of the survivor's settlements. */
  quiet: 'boolean',
  settlements: SettlementReportView.array(),
});
export type AwayReportView = typeof AwayReportView.infer;

/** Null for a survivor who has not left the world since they first entered it. */
export const AwayReportAnswer = type({ report: AwayReportView.or('null') });
export type AwayReportAnswer = typeof AwayReportAnswer.infer;
