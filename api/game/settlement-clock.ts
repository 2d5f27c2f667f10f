/**
 * A settlement's own clock: what the simulation does next for it besides its NPCs' phases, and when. Pure:
 * the same stored state and day length give the same event, so a catch-up walks the same events as live play.
 *
 * - `meal`: the start of each in-game day, NPCs eat (api/game/upkeep.ts);
 * - `plan`: noon before each night, that night's raid is drawn (api/game/raids.ts raidPlan), or none;
 * - `warn`: the drawn raid is announced to the members;
 * - `arrive`: the raiders arrive and the fight is decided;
 * - `craft`: the job on the bench is done (api/game/crafting.ts): delivered, and the next one starts.
 *
 * Meals and draws come at the settlement's own offset after midnight and noon (raids.ts clockOffset, from its seed,
 * under CLOCK_SPREAD of a day), so that settlements do not all fall due in the same simulation round.
 */
import { gameDay, mealTime, nightOf, planTime } from './raids.ts';

export interface PendingRaid {
  warnAt: number;
  arriveAt: number;
  strength: number;
  warned: boolean;
}

export interface SettlementClock {
  createdAt: number;
  /** The settlement's seed: its clock's offset (raids.ts clockOffset). */
  seed: number;
  /** The last in-game day whose meals were served (null: the founding day). */
  upkeepDay: number | null;
  /** The last night whose raid was drawn (null: none since founding). */
  raidNight: number | null;
  raid: PendingRaid | null;
  /** When the job on the bench is done; null when the bench is idle. */
  craftReadyAt?: number | null;
}

export type ClockEvent =
  | { kind: 'meal'; at: number; day: number }
  | { kind: 'plan'; at: number; night: number }
  | { kind: 'warn'; at: number }
  | { kind: 'arrive'; at: number }
  | { kind: 'craft'; at: number };

/**
 * Same-moment events happen in this order: a meal, a finished craft, the warning, the fight, the next draw (never a
 * raid unannounced).
 */
const ORDER: Record<ClockEvent['kind'], number> = { meal: 0, craft: 1, warn: 2, arrive: 3, plan: 4 };

export function nextClockEvent(c: SettlementClock, dayCycleMs: number, epochMs = 0): ClockEvent {
  const upkeepDay = c.upkeepDay ?? gameDay(c.createdAt, dayCycleMs, epochMs);
  const raidNight = c.raidNight ?? nightOf(c.createdAt, dayCycleMs, epochMs);
  const events: ClockEvent[] = [
    { kind: 'meal', at: mealTime(upkeepDay + 1, dayCycleMs, c.seed, epochMs), day: upkeepDay + 1 },
    { kind: 'plan', at: planTime(raidNight + 1, dayCycleMs, c.seed, epochMs), night: raidNight + 1 },
  ];
  if (c.raid && !c.raid.warned) events.push({ kind: 'warn', at: c.raid.warnAt });
  if (c.raid) events.push({ kind: 'arrive', at: c.raid.arriveAt });
  if (c.craftReadyAt != null) events.push({ kind: 'craft', at: c.craftReadyAt });
  events.sort((a, b) => a.at - b.at || ORDER[a.kind] - ORDER[b.kind]);
  return events[0]!;
}
