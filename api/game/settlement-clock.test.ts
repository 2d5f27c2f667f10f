import { describe, expect, test } from 'bun:test';
import {
  assessDefence,
  CLOCK_SPREAD,
  clockOffset,
  gameDay,
  mealTime,
  nightOf,
  nightWindow,
  planTime,
  RAID_ARRIVAL_WINDOW,
  RAID_PLAN_AT,
  raidPlan,
} from './raids.ts';
import { seededRng } from './random.ts';
import { nextClockEvent, type SettlementClock } from './settlement-clock.ts';
import { DAY_CYCLE_MS } from './world.ts';

const DAY = DAY_CYCLE_MS;
const rng = seededRng(2026);
/** 1,000 settlements' seeds, as the database draws them (floor(random() * 2^31 - 1)). */
const seeds = Array.from({ length: 1000 }, () => Math.floor(rng() * 2147483647));
const T = Date.parse('2026-11-24T00:00:00Z');

const clock = (seed: number, over: Partial<SettlementClock> = {}): SettlementClock => ({
  createdAt: T - 5 * DAY,
  seed,
  upkeepDay: gameDay(T, DAY) - 1,
  raidNight: nightOf(T, DAY),
  raid: null,
  ...over,
});

/** How many of `times` share each instant, and how many of them fall in each one-second round. */
function crowding(times: number[]) {
  const perInstant = new Map<number, number>();
  const perSecond = new Map<number, number>();
  for (const t of times) {
    perInstant.set(t, (perInstant.get(t) ?? 0) + 1);
    perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1);
  }
  return { instants: perInstant.size, maxInstant: Math.max(...perInstant.values()), maxSecond: Math.max(...perSecond.values()) };
}

describe('settlement clock', () => {
  test("1,000 settlements' meals and raid draws spread over CLOCK_SPREAD of the day instead of one instant", () => {
    const day = gameDay(T, DAY);
    const meals = seeds.map((seed) => nextClockEvent(clock(seed), DAY));
    expect(meals.every((e) => e.kind === 'meal' && e.day === day)).toBe(true);
    const plans = seeds.map((seed) => nextClockEvent(clock(seed, { upkeepDay: day + 5 }), DAY));
    expect(plans.every((e) => e.kind === 'plan' && e.night === day)).toBe(true);
    for (const [events, base] of [
      [meals, day * DAY],
      [plans, (day + RAID_PLAN_AT) * DAY],
    ] as const) {
      const at = events.map((e) => e.at);
      // Within [base, base + CLOCK_SPREAD of a day): meals after midnight, draws after noon.
      for (const t of at) {
        expect(t).toBeGreaterThanOrEqual(base);
        expect(t).toBeLessThan(base + CLOCK_SPREAD * DAY);
      }
      const c = crowding(at);
      // Hardly two settlements share a millisecond, and a one-second round (the tick at NPC_TIME_SCALE 1) holds
      // at most 2.5% of them: 120 rounds of about 8 instead of one round of 1,000.
      expect(c.instants).toBeGreaterThan(990);
      expect(c.maxInstant).toBeLessThanOrEqual(2);
      expect(c.maxSecond).toBeLessThanOrEqual(25);
      // Spread over the whole window, not a corner of it: every tenth of it holds between 5% and 15%.
      const tenths = new Array(10).fill(0);
      for (const t of at) tenths[Math.floor(((t - base) / (CLOCK_SPREAD * DAY)) * 10)] += 1;
      for (const n of tenths) expect(n).toBeGreaterThan(50);
      for (const n of tenths) expect(n).toBeLessThan(150);
    }
  });

  test("a settlement's offset is its own, stable day after day, and the same for its meals and draws", () => {
    for (const seed of seeds.slice(0, 50)) {
      const offset = clockOffset(seed, DAY);
      expect(offset).toBe(clockOffset(seed, DAY));
      expect(Number.isInteger(offset)).toBe(true);
      for (const day of [0, 17, gameDay(T, DAY), gameDay(T, DAY) + 400]) {
        expect(mealTime(day, DAY, seed)).toBe(day * DAY + offset);
        expect(planTime(day, DAY, seed)).toBe((day + RAID_PLAN_AT) * DAY + offset);
      }
      // Walking the clock a week meal by meal and draw by draw: always the same offset, one event per day each.
      let c = clock(seed);
      const seen: number[] = [];
      for (let i = 0; i < 14; i++) {
        const e = nextClockEvent(c, DAY);
        seen.push(e.at);
        if (e.kind === 'meal') c = { ...c, upkeepDay: e.day };
        else if (e.kind === 'plan') c = { ...c, raidNight: e.night };
        expect(((e.at % DAY) + DAY) % DAY).toBe(e.kind === 'meal' ? offset : RAID_PLAN_AT * DAY + offset);
      }
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(seen[13]! - seen[0]!).toBe(6.5 * DAY);
    }
  });

  test('every raid is still drawn before its warning, and the warning before its arrival, on any day length', () => {
    for (const day of [10_000, 60_000, 2 * 60_000, DAY]) {
      for (const seed of seeds.slice(0, 200)) {
        const night = nightOf(T, day) + 3;
        const plan = raidPlan({ seed, night, foundedAt: 0, wealthAbove: 100, quietNights: 2, dayCycleMs: day, timeScale: 1 })!;
        const drawn = planTime(night, day, seed);
        expect(plan.warnAt).toBeGreaterThanOrEqual(drawn);
        expect(plan.arriveAt).toBeGreaterThan(plan.warnAt);
        const { start, end } = nightWindow(night, day);
        // The latest draw comes before the earliest arrival, with room for the warning at the default day.
        expect(drawn).toBeLessThan(start + RAID_ARRIVAL_WINDOW[0] * (end - start));
      }
    }
    const latest = (RAID_PLAN_AT + CLOCK_SPREAD) * DAY;
    const earliest = (0.75 + RAID_ARRIVAL_WINDOW[0] * 0.5) * DAY;
    expect(earliest - latest).toBeGreaterThanOrEqual(90_000);
  });

  test("the Defence panel's threat turns to the next night at the settlement's own draw, not at noon", () => {
    const seed = seeds.find((s) => clockOffset(s, DAY) > 0.05 * DAY)!;
    const night = nightOf(T, DAY) + 1;
    // 10 units above protection: a low threat for a night right after a raid, a high one after a quiet night.
    const containers = [{ id: 'a', level: 0, items: [{ itemName: 'Scrap Metal', quality: 50, quantity: 60 }] }];
    const at = (now: number) =>
      assessDefence({
        now,
        seed,
        dayCycleMs: DAY,
        foundedAt: T - 10 * DAY,
        // Raided the night before `night`: no quiet night before it, one before the next.
        lastRaidNight: night - 1,
        raidArriveAt: null,
        containers,
        defenders: { npcs: [], players: 0, containers, ammo: 0 },
      }).threat;
    const noon = (night + RAID_PLAN_AT) * DAY;
    expect(at(noon + 1)).toBe('low'); // still this night's draw: one quiet night less
    expect(at(planTime(night, DAY, seed) - 1)).toBe('low');
    expect(at(planTime(night, DAY, seed))).toBe('high'); // drawn: the next night's threat
  });
});
