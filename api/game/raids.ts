/**
 * Raids, defence and losses as pure, seeded rules: no clock, no database, no randomness of its own. A
 * night's raid is drawn from the settlement's seed and the night's number, so a catch-up after downtime replays the
 * raid that would have come live. The numbers live here once; the simulation, the panels and the wiki read them.
 *
 * Stakes in one paragraph: what a settlement stores above its containers' protected capacity draws raiders at night,
 * more the richer it is and the longer it has been left alone; every raid is announced before it arrives; defenders
 * (NPCs on `defend` at home and fit, members standing in the settlement, container reinforcement) fight it, spending
 * ammunition; a breach takes a share of what lies above the protected part, never the part itself.
 */
import { GUARD_DEFENCE_FACTOR } from './npc-skills.ts';
import { WALL_DEFENCE_PER_LEVEL, WATCHTOWER_WARNING_FACTOR } from './settlement-levels.ts';
import { PROTECTED_CAPACITY } from './settlements.ts';
import { seededRng } from './random.ts';

/** A new settlement is never raided in its first in-game days (beginner's protection). */
export const BEGINNER_PROTECTION_DAYS = 2;
/** Chance of a raid on a night: a base, more with the wealth above protection, more for each quiet night. */
export const RAID_CHANCE_BASE = 0.15;
/** Wealth above protection (units) that adds one whole to the chance (capped at RAID_CHANCE_MAX). */
export const RAID_WEALTH_FOR_CERTAINTY = 400;
/** Each night since the last raid (or since founding) adds this: two quiet nights make a raid certain. */
export const RAID_CHANCE_PER_QUIET_NIGHT = 0.45;
export const RAID_CHANCE_MAX = 1;
/** A night's raid is drawn at noon before it (plus the settlement's clockOffset), from what the settlement holds then. */
export const RAID_PLAN_AT = 0.5;
/** Raiders arrive between these fractions of the night (18:00 to 06:00), never at its very edges. */
export const RAID_ARRIVAL_WINDOW = [0.15, 0.85] as const;
/** The warning comes this long before arrival (real time at NPC_TIME_SCALE 1, scaled by it like NPC journeys). */
export const RAID_WARNING_MS = 90_000;
/** Raid strength: a base plus a share of the wealth above protection, times a draw in [0.75, 1.25]. */
export const RAID_BASE_STRENGTH = 10;
export const RAID_STRENGTH_PER_WEALTH = 0.1;
export const RAID_STRENGTH_SPREAD = 0.25;

/** Defence: what each kind of defender adds, and reinforcement per container level. */
export const NPC_DEFENDER_STRENGTH = 8;
export const NPC_GEAR_STRENGTH = 2;
export const PLAYER_DEFENDER_STRENGTH = 12;
export const REINFORCEMENT_DEFENCE_PER_LEVEL = 3;
export { WALL_DEFENCE_PER_LEVEL };
/** Rounds of ammunition each defender fires; one without fights at UNARMED_FACTOR of its strength. */
export const AMMO_PER_DEFENDER = 2;
export const UNARMED_FACTOR = 0.4;

/** A breach takes this share of what lies above each container's protected part, plus the raiders' margin, capped. */
export const BREACH_BASE_SHARE = 0.25;
export const BREACH_MAX_SHARE = 0.6;
/** With every member offline: at most one raid per real day, and at most this many units lost in it. */
export const OFFLINE_RAID_GAP_MS = 24 * 60 * 60 * 1000;
export const OFFLINE_LOSS_CAP = 25;
/** Each NPC defender is injured with this chance, times the raiders' share of the fight (more when breached). */
export const INJURY_CHANCE = 0.5;

export interface StoredItem {
  itemName: string;
  quality: number;
  quantity: number;
}
export interface Container {
  id: string;
  /** Reinforcement level (0 for a new container). */
  level: number;
  items: StoredItem[];
}

/**
 * In-game day number of a moment (day 0 starts at the world clock's epoch, midnight). `epochMs` is the world's
 * (api/game/day-night.ts, worldDayEpoch): every world runs its own day; the clock functions below take it too.
 */
export function gameDay(at: number, dayCycleMs: number, epochMs = 0): number {
  return Math.floor((at - epochMs) / dayCycleMs);
}

/** Night `n` runs from 18:00 of day n to 06:00 of day n + 1. */
export function nightWindow(night: number, dayCycleMs: number, epochMs = 0): { start: number; end: number } {
  return { start: epochMs + (night + 0.75) * dayCycleMs, end: epochMs + (night + 1.25) * dayCycleMs };
}

/** Units stored above each container's protected part (PROTECTED_CAPACITY, more with a Storehouse): what raiders come for. */
export function wealthAbove(containers: readonly Container[], protectedUnits = PROTECTED_CAPACITY): number {
  let sum = 0;
  for (const c of containers) sum += Math.max(0, total(c) - protectedUnits);
  return sum;
}

/** The night a moment belongs to, counting from night 0 (18:00 of day 0); a daytime moment counts with the night before. */
export function nightOf(at: number, dayCycleMs: number, epochMs = 0): number {
  return Math.floor((at - epochMs) / dayCycleMs - 0.75);
}

/**
 * Each settlement's clock runs this fraction of a day behind the world's: its meals and raid draws fall at its own
 * moment within the first CLOCK_SPREAD of the day (meals) or of the afternoon (draws), not at one midnight and one noon
 * for every settlement at once. Spread the load: with every settlement on the same instants, 1,000 settlements all
 * fell due in the same simulation round (seconds long) twice a day; spread over 0.1 of a day (2 real minutes at the
 * default 20-minute day, 120 one-second rounds) that is about 8 settlements a round. 0.1 keeps every meal in the small
 * hours (00:00–02:24) and every draw in the early afternoon (12:00–14:24): at least 4.5 real minutes before the first
 * raiders can arrive (19:48, RAID_ARRIVAL_WINDOW) at the default day, so the full warning still fits after the draw.
 */
export const CLOCK_SPREAD = 0.1;

/**
 * A settlement's clock offset (ms, in [0, CLOCK_SPREAD × day)): derived from its seed alone, so it never changes and
 * a catch-up replays the same moments as live play. Meals and draws both shift by it; nights, arrivals and days do not.
 */
export function clockOffset(seed: number, dayCycleMs: number): number {
  return Math.floor((mix(seed ^ 0xc10c, 0) / 2 ** 32) * CLOCK_SPREAD * dayCycleMs);
}

/** When night `night`'s raid is drawn for the settlement of `seed`: noon before it, plus its clock offset. */
export function planTime(night: number, dayCycleMs: number, seed: number, epochMs = 0): number {
  return epochMs + (night + RAID_PLAN_AT) * dayCycleMs + clockOffset(seed, dayCycleMs);
}

/** When the settlement of `seed` serves day `day`'s meals: the day's start (midnight), plus its clock offset. */
export function mealTime(day: number, dayCycleMs: number, seed: number, epochMs = 0): number {
  return epochMs + day * dayCycleMs + clockOffset(seed, dayCycleMs);
}

/** Nights without a raid before `night`, since the last raid or since the settlement was founded. */
export function quietNights(
  night: number,
  lastRaidNight: number | null,
  foundedAt: number,
  dayCycleMs: number,
  epochMs = 0,
): number {
  return Math.max(0, night - 1 - (lastRaidNight ?? nightOf(foundedAt, dayCycleMs, epochMs)));
}

/** When beginner's protection ends: no raid arrives before then. */
export function protectedUntil(foundedAt: number, dayCycleMs: number): number {
  return foundedAt + BEGINNER_PROTECTION_DAYS * dayCycleMs;
}

/** The chance that night's raid comes (before the draw). */
export function raidChance(wealthAbove: number, quiet: number): number {
  if (wealthAbove <= 0) return 0;
  return Math.min(
    RAID_CHANCE_MAX,
    RAID_CHANCE_BASE + wealthAbove / RAID_WEALTH_FOR_CERTAINTY + quiet * RAID_CHANCE_PER_QUIET_NIGHT,
  );
}

/** How the panel words the chance of a raid on the coming night. */
export function threatLevel(chance: number): 'none' | 'low' | 'high' {
  if (chance <= 0) return 'none';
  return chance >= 0.5 ? 'high' : 'low';
}

export interface RaidPlan {
  night: number;
  warnAt: number;
  arriveAt: number;
  strength: number;
}

/**
 * The raid of night `night` on a settlement, or null. Same inputs, same raid: the draw is keyed by the settlement's
 * seed and the night. Nothing above protection, or the settlement still under beginner's protection: no raid.
 */
export function raidPlan(input: {
  seed: number;
  night: number;
  foundedAt: number;
  wealthAbove: number;
  quietNights: number;
  dayCycleMs: number;
  /** The world's day epoch (0: the default world's). */
  epochMs?: number;
  timeScale: number;
  /** A Watchtower stands: the warning comes WATCHTOWER_WARNING_FACTOR times earlier (never before the draw). */
  watchtower?: boolean;
}): RaidPlan | null {
  if (input.wealthAbove <= 0) return null;
  const epochMs = input.epochMs ?? 0;
  const { start, end } = nightWindow(input.night, input.dayCycleMs, epochMs);
  if (start < protectedUntil(input.foundedAt, input.dayCycleMs)) return null;
  const rng = seededRng(mix(input.seed, input.night));
  if (rng() >= raidChance(input.wealthAbove, input.quietNights)) return null;
  const [from, to] = RAID_ARRIVAL_WINDOW;
  const arriveAt = Math.round(start + (from + (to - from) * rng()) * (end - start));
  const spread = 1 - RAID_STRENGTH_SPREAD + 2 * RAID_STRENGTH_SPREAD * rng();
  const strength = Math.max(1, Math.round((RAID_BASE_STRENGTH + input.wealthAbove * RAID_STRENGTH_PER_WEALTH) * spread));
  const warnAt = Math.max(
    planTime(input.night, input.dayCycleMs, input.seed, epochMs),
    arriveAt - Math.round(RAID_WARNING_MS * (input.watchtower ? WATCHTOWER_WARNING_FACTOR : 1) * input.timeScale),
  );
  return { night: input.night, warnAt, arriveAt, strength };
}

export interface Defenders {
  /** NPCs on `defend`, at home and not injured, with how many gear pieces each wears and whether it is a guard. */
  npcs: readonly { id: string; gear: number; guard?: boolean }[];
  /** Members within the settlement's reach when the raiders arrive. */
  players: number;
  containers: readonly Container[];
  /** Rounds in the settlement's ammunition containers. */
  ammo: number;
  /** The settlement's walls level (0 without). */
  walls?: number;
}

/** The defence rating and the rounds it spends: defenders short of ammunition fight at a fraction of their strength. */
export function defence(d: Defenders): { rating: number; defenders: number; ammoSpent: number } {
  const fighters = [
    ...d.npcs.map((n) => (NPC_DEFENDER_STRENGTH + NPC_GEAR_STRENGTH * n.gear) * (n.guard ? GUARD_DEFENCE_FACTOR : 1)),
    ...Array.from({ length: d.players }, () => PLAYER_DEFENDER_STRENGTH),
  ].sort((a, b) => b - a);
  let ammo = d.ammo;
  let rating = 0;
  for (const strength of fighters) {
    const armed = ammo >= AMMO_PER_DEFENDER;
    if (armed) ammo -= AMMO_PER_DEFENDER;
    rating += armed ? strength : strength * UNARMED_FACTOR;
  }
  for (const c of d.containers) rating += c.level * REINFORCEMENT_DEFENCE_PER_LEVEL;
  rating += (d.walls ?? 0) * WALL_DEFENCE_PER_LEVEL;
  return { rating: Math.round(rating), defenders: fighters.length, ammoSpent: d.ammo - ammo };
}

export interface RaidOutcome {
  outcome: 'repelled' | 'breached';
  /** What the raiders took, per container: never the protected part. */
  losses: (StoredItem & { containerId: string })[];
  injured: string[];
}

/**
 * The fight: breached when the raiders are stronger. A breach takes a share of what lies above each container's
 * protected part (best quality first: raiders pick the best), capped while every member is offline. Defenders may be
 * injured either way.
 */
export function resolveRaid(input: {
  seed: number;
  night: number;
  strength: number;
  rating: number;
  defenders: readonly { id: string }[];
  containers: readonly Container[];
  membersOnline: boolean;
  /** Each container's protected part (default PROTECTED_CAPACITY; a Storehouse adds to it). */
  protectedUnits?: number;
}): RaidOutcome {
  const rng = seededRng(mix(input.seed ^ 0x5a17, input.night));
  const breached = input.strength > input.rating;
  const pressure = input.strength / (input.strength + Math.max(0, input.rating));
  const injured = input.defenders.filter(() => rng() < INJURY_CHANCE * pressure * (breached ? 1.5 : 1)).map((d) => d.id);
  if (!breached) return { outcome: 'repelled', losses: [], injured };
  const share = Math.min(BREACH_MAX_SHARE, BREACH_BASE_SHARE + (input.strength - input.rating) / input.strength);
  let budget = input.membersOnline ? Number.POSITIVE_INFINITY : OFFLINE_LOSS_CAP;
  const losses: RaidOutcome['losses'] = [];
  for (const c of input.containers) {
    let take = Math.min(budget, Math.floor(Math.max(0, total(c) - (input.protectedUnits ?? PROTECTED_CAPACITY)) * share));
    budget -= take;
    for (const item of [...c.items].sort((a, b) => b.quality - a.quality)) {
      if (take <= 0) break;
      const n = Math.min(take, item.quantity);
      if (n > 0) losses.push({ containerId: c.id, itemName: item.itemName, quality: item.quality, quantity: n });
      take -= n;
    }
  }
  return { outcome: 'breached', losses, injured };
}

function total(c: Container): number {
  return c.items.reduce((s, i) => s + i.quantity, 0);
}

/** One 32-bit seed from two numbers (a settlement's seed and a night), so neighbouring nights draw apart. */
function mix(a: number, b: number): number {
  let h = (a ^ Math.imul(b + 0x9e3779b9, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  return (h ^ (h >>> 15)) >>> 0;
}

/**
 * What the Defence panel shows at `now`: the rating defenders would fight with now, the coming night, the threat of a
 * raid on it and beginner's protection. The same rules as the fight and the draw, read at a moment.
 */
export function assessDefence(input: {
  now: number;
  /** The settlement's seed: when its raid is drawn (planTime). */
  seed: number;
  dayCycleMs: number;
  /** The world's day epoch (0: the default world's). */
  epochMs?: number;
  foundedAt: number;
  lastRaidNight: number | null;
  /** The announced raid's arrival, while one is on its way. */
  raidArriveAt: number | null;
  containers: readonly Container[];
  defenders: Defenders;
  /** Each container's protected part (default PROTECTED_CAPACITY; a Storehouse adds to it). */
  protectedUnits?: number;
}): {
  rating: number;
  defenders: number;
  wealthAbove: number;
  threat: 'none' | 'low' | 'high';
  nextNightAt: number;
  protectedUntil: number | null;
} {
  const { now, dayCycleMs: day } = input;
  const epoch = input.epochMs ?? 0;
  const fight = defence(input.defenders);
  const wealth = wealthAbove(input.containers, input.protectedUnits);
  // The coming night: the current one while it lasts, else the next.
  let night = nightOf(now, day, epoch);
  if (nightWindow(night, day, epoch).end <= now) night += 1;
  // Its raid is drawn at the settlement's noon: past that without a raid on the way, the threat is the next one's.
  let drawn = night;
  if (planTime(drawn, day, input.seed, epoch) <= now && input.raidArriveAt === null) drawn += 1;
  const until = protectedUntil(input.foundedAt, day);
  const shielded = nightWindow(drawn, day, epoch).start < until;
  const chance = shielded ? 0 : raidChance(wealth, quietNights(drawn, input.lastRaidNight, input.foundedAt, day, epoch));
  return {
    rating: fight.rating,
    defenders: fight.defenders,
    wealthAbove: wealth,
    threat: input.raidArriveAt !== null ? 'high' : threatLevel(chance),
    nextNightAt: nightWindow(night, day, epoch).start,
    protectedUntil: until > now ? until : null,
  };
}
