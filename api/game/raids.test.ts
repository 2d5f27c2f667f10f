import { describe, expect, test } from 'bun:test';
import {
  BEGINNER_PROTECTION_DAYS,
  type Container,
  defence,
  gameDay,
  mealTime,
  nightOf,
  nightWindow,
  OFFLINE_LOSS_CAP,
  planTime,
  quietNights,
  raidChance,
  threatLevel,
  raidPlan,
  RAID_WARNING_MS,
  resolveRaid,
  wealthAbove,
} from './raids.ts';
import { timeOfDay, worldDayEpoch } from './day-night.ts';
import { PROTECTED_CAPACITY, protectedPart, STOREHOUSE_PROTECTION_PER_LEVEL } from './settlements.ts';
import { WATCHTOWER_WARNING_FACTOR } from './settlement-levels.ts';

const DAY = 60_000;
const rich = (id: string, quantity: number, level = 0): Container => ({
  id,
  level,
  items: [
    { itemName: 'Canned Beans', quality: 40, quantity: Math.floor(quantity / 2) },
    { itemName: 'Canned Beans', quality: 90, quantity: Math.ceil(quantity / 2) },
  ],
});
const plan = (seed: number, night: number, wealth: number, foundedAt = 0, quietNights = 0) =>
  raidPlan({ seed, night, foundedAt, wealthAbove: wealth, quietNights, dayCycleMs: DAY, timeScale: 1 });

describe('raids', () => {
  test('nothing above protected capacity is never raided; a rich settlement is, after its beginner protection', () => {
    expect(wealthAbove([rich('a', PROTECTED_CAPACITY)])).toBe(0);
    for (let night = 0; night < 50; night++) expect(plan(7, night, 0)).toBeNull();
    for (let night = 0; night < BEGINNER_PROTECTION_DAYS - 1; night++) expect(plan(7, night, 10_000)).toBeNull();
    const raids = Array.from({ length: 50 }, (_, n) => plan(7, n + BEGINNER_PROTECTION_DAYS, 10_000)).filter(Boolean);
    expect(raids.length).toBeGreaterThan(30);
  });

  test('the same seed and night give the same raid; it arrives at night and is announced before it', () => {
    const a = plan(42, 5, 300, 0, 3);
    expect(a).toEqual(plan(42, 5, 300, 0, 3));
    const seed = a ? 42 : 43;
    const r = a ?? plan(43, 5, 300, 0, 9)!;
    expect(r.arriveAt).toBeGreaterThan((5 + 0.75) * DAY);
    expect(r.arriveAt).toBeLessThan((6 + 0.25) * DAY);
    // Announced RAID_WARNING_MS ahead, never before the raid is drawn (its noon): a 60 s day leaves less.
    expect(r.arriveAt - r.warnAt).toBe(Math.min(RAID_WARNING_MS, r.arriveAt - planTime(5, DAY, seed)));
    expect(r.warnAt).toBeGreaterThanOrEqual(planTime(5, DAY, seed));
    const slow = raidPlan({
      seed: 42,
      night: 5,
      foundedAt: 0,
      wealthAbove: 300,
      quietNights: 9,
      dayCycleMs: 20 * DAY,
      timeScale: 1,
    })!;
    expect(slow.arriveAt - slow.warnAt).toBe(RAID_WARNING_MS);
  });

  test('two quiet nights make a raid certain for any wealth above protection; the quiet count starts at founding', () => {
    for (let seed = 0; seed < 200; seed++) expect(plan(seed, 10, 1, 0, 2)).not.toBeNull();
    expect(quietNights(10, null, 0, DAY)).toBe(10);
    expect(quietNights(10, 9, 0, DAY)).toBe(0);
    expect(quietNights(10, 7, 0, DAY)).toBe(2);
    // Founded at noon of day 4: its own night is night 3 (day 4's early hours), so night 6 follows two quiet ones.
    expect(quietNights(6, null, 4.5 * DAY, DAY)).toBe(2);
    expect(threatLevel(raidChance(0, 5))).toBe('none');
    expect(threatLevel(raidChance(1, 0))).toBe('low');
    expect(threatLevel(raidChance(1, 1))).toBe('high');
  });

  test('defenders with ammunition repel the raid that breaches the same settlement without it', () => {
    const containers = [rich('food', 200)];
    const npcs = [
      { id: 'n1', gear: 2 },
      { id: 'n2', gear: 0 },
    ];
    const armed = defence({ npcs, players: 1, containers, ammo: 10 });
    const dry = defence({ npcs, players: 1, containers, ammo: 0 });
    expect(armed.ammoSpent).toBe(6);
    expect(dry.ammoSpent).toBe(0);
    const strength = Math.floor((armed.rating + dry.rating) / 2);
    const fight = (rating: number) =>
      resolveRaid({ seed: 1, night: 3, strength, rating, defenders: npcs, containers, membersOnline: true });
    expect(fight(armed.rating).outcome).toBe('repelled');
    expect(fight(armed.rating).losses).toEqual([]);
    expect(fight(dry.rating).outcome).toBe('breached');
  });

  test('a breach never takes the protected part; offline losses are capped', () => {
    const containers = [rich('food', 180), rich('ammo', 60), rich('poor', 30)];
    const breach = (membersOnline: boolean) =>
      resolveRaid({ seed: 9, night: 4, strength: 500, rating: 0, defenders: [], containers, membersOnline });
    const online = breach(true);
    for (const c of containers) {
      const lost = online.losses.filter((l) => l.containerId === c.id).reduce((s, l) => s + l.quantity, 0);
      const stored = c.items.reduce((s, i) => s + i.quantity, 0);
      expect(stored - lost).toBeGreaterThanOrEqual(Math.min(stored, PROTECTED_CAPACITY));
    }
    expect(online.losses.reduce((s, l) => s + l.quantity, 0)).toBeGreaterThan(OFFLINE_LOSS_CAP);
    expect(online.losses[0]!.quality).toBe(90);
    expect(breach(false).losses.reduce((s, l) => s + l.quantity, 0)).toBeLessThanOrEqual(OFFLINE_LOSS_CAP);
  });

  test('a Watchtower announces the same raid twice as long before it arrives, never before it is drawn', () => {
    let found = 0;
    for (let night = 3; night < 60 && found < 5; night++) {
      const input = { seed: 41, night, foundedAt: 0, wealthAbove: 200, quietNights: 3, dayCycleMs: 20 * 60_000, timeScale: 1 };
      const bare = raidPlan(input);
      if (!bare) continue;
      found += 1;
      const seen = raidPlan({ ...input, watchtower: true })!;
      expect({ ...seen, warnAt: 0 }).toEqual({ ...bare, warnAt: 0 });
      expect(bare.arriveAt - bare.warnAt).toBe(RAID_WARNING_MS);
      expect(seen.arriveAt - seen.warnAt).toBe(
        Math.min(WATCHTOWER_WARNING_FACTOR * RAID_WARNING_MS, seen.arriveAt - planTime(night, input.dayCycleMs, 41)),
      );
    }
    expect(found).toBe(5);
  });

  test('a Storehouse raises the protected part: less draws raiders, and a breach leaves it all', () => {
    const containers = [rich('food', 180), rich('ammo', 60)];
    const shielded = protectedPart(2);
    expect(shielded).toBe(PROTECTED_CAPACITY + 2 * STOREHOUSE_PROTECTION_PER_LEVEL);
    expect(wealthAbove(containers)).toBe(130 + 10);
    expect(wealthAbove(containers, shielded)).toBe(80);
    const breach = resolveRaid({
      seed: 9,
      night: 4,
      strength: 500,
      rating: 0,
      defenders: [],
      containers,
      membersOnline: true,
      protectedUnits: shielded,
    });
    for (const c of containers) {
      const lost = breach.losses.filter((l) => l.containerId === c.id).reduce((s, l) => s + l.quantity, 0);
      const stored = c.items.reduce((s, i) => s + i.quantity, 0);
      expect(stored - lost).toBeGreaterThanOrEqual(Math.min(stored, shielded));
    }
    expect(breach.losses.filter((l) => l.containerId === containers[1]!.id)).toEqual([]);
  });
});

describe("raids and meals keep the world's own clock", () => {
  const vision = { day: 1, night: 0.5 };
  const epochMs = worldDayEpoch('w-dusk', 99, DAY);
  const hour = (at: number) => Number(timeOfDay(at, DAY, vision, epochMs).timeString.slice(0, 2));

  test("in a world whose day starts elsewhere, raiders arrive in that world's night, drawn in its afternoon", () => {
    expect(epochMs).toBeGreaterThan(0);
    let raids = 0;
    for (let night = BEGINNER_PROTECTION_DAYS + 1; night < BEGINNER_PROTECTION_DAYS + 60; night++) {
      const p = raidPlan({
        seed: 5,
        night,
        foundedAt: 0,
        wealthAbove: 10_000,
        quietNights: 0,
        dayCycleMs: DAY,
        epochMs,
        timeScale: 1,
      });
      if (!p) continue;
      raids += 1;
      expect(timeOfDay(p.arriveAt, DAY, vision, epochMs).isDay).toBe(false);
      const { start, end } = nightWindow(night, DAY, epochMs);
      expect(p.arriveAt).toBeGreaterThanOrEqual(start);
      expect(p.arriveAt).toBeLessThan(end);
      expect(hour(planTime(night, DAY, 5, epochMs))).toBeGreaterThanOrEqual(12);
      expect(hour(planTime(night, DAY, 5, epochMs))).toBeLessThan(15);
    }
    expect(raids).toBeGreaterThan(10);
  });

  test("meals fall in the world's small hours, and day and night numbers count from its epoch", () => {
    for (let day = 1; day < 30; day++) expect(hour(mealTime(day, DAY, 5, epochMs))).toBeLessThan(3);
    expect(gameDay(epochMs + 3 * DAY, DAY, epochMs)).toBe(3);
    expect(gameDay(epochMs + 3 * DAY - 1, DAY, epochMs)).toBe(2);
    expect(nightOf(epochMs + 3.75 * DAY, DAY, epochMs)).toBe(3);
    // The default world's clock (epoch 0) is what it always was.
    expect(nightWindow(3, DAY)).toEqual({ start: 3.75 * DAY, end: 4.25 * DAY });
  });
});
