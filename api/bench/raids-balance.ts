/**
 * Raid and upkeep balance, played with the pure rules of api/game/raids.ts and api/game/upkeep.ts: no
 * server, no database. Many seeded settlements over many in-game weeks, the draw, the fight and the meals exactly as
 * the simulation runs them (api/modules/npcs/settlement-events.ts), so the numbers in those two files can be judged by
 * what they make happen:
 *   - what the default timings mean in real time (DAY_CYCLE_MS 20 minutes, NPC_TIME_SCALE 1);
 *   - raids per settlement per in-game week by wealth above the protected capacity, members online or all offline;
 *   - units lost per breached raid, online and offline (the offline cap);
 *   - the share of raids repelled with 0, 1, 2 or 4 NPC defenders, with and without ammunition, and what it costs;
 *   - NPC meals per day and how long an NPC lasts once the food runs out.
 * `bun run bench raids`. Prints figures; never fails.
 */
import {
  AMMO_PER_DEFENDER,
  BEGINNER_PROTECTION_DAYS,
  CLOCK_SPREAD,
  type Container,
  defence,
  nightOf,
  nightWindow,
  OFFLINE_LOSS_CAP,
  OFFLINE_RAID_GAP_MS,
  planTime,
  quietNights,
  RAID_ARRIVAL_WINDOW,
  RAID_PLAN_AT,
  RAID_WARNING_MS,
  raidPlan,
  resolveRaid,
  wealthAbove,
} from '../game/raids.ts';
import { seededRng } from '../game/random.ts';
import { containerCapacity, PROTECTED_CAPACITY } from '../game/settlements.ts';
import {
  dailyMeals,
  HUNGRY_WORK_FACTOR,
  INJURY_HEAL_DAYS,
  NPC_FOOD_PER_DAY,
  TREATED_HEAL_MS,
  UNFED_DAYS_TO_LEAVE,
} from '../game/upkeep.ts';
import { DAY_CYCLE_MS } from '../game/world.ts';

const DAY = DAY_CYCLE_MS;
const TIME_SCALE = 1;
const SETTLEMENTS = 2000;
const WEEKS = 8;
const WEALTHS = [50, 150, 400] as const;
const DEFENDERS = [0, 1, 2, 4] as const;

const rng = seededRng(2626);
const seeds = Array.from({ length: SETTLEMENTS }, () => Math.floor(rng() * 0x7fffffff));

const realTime = (ms: number) =>
  ms >= 3_600_000
    ? `${(ms / 3_600_000).toFixed(1)} h`
    : ms >= 60_000
      ? `${(ms / 60_000).toFixed(1)} min`
      : `${(ms / 1000).toFixed(0)} s`;
const gameHours = (ms: number) => `${((ms / DAY) * 24).toFixed(1)} in-game h`;
const pc = (x: number) => `${(100 * x).toFixed(0)}%`;

/** A settlement holding `wealth` above protection, spread over its four containers at the lowest level that holds it. */
function stocked(wealth: number): Container[] {
  const units = PROTECTED_CAPACITY + Math.round(wealth / 4);
  let level = 0;
  while (containerCapacity(level) < units) level += 1;
  return (['food', 'ammo', 'medicine', 'materials'] as const).map((kind) => ({
    id: kind,
    level,
    // Two qualities each: raiders take the best first.
    items: [
      { itemName: `${kind} (good)`, quality: 80, quantity: Math.floor(units / 2) },
      { itemName: `${kind} (poor)`, quality: 20, quantity: Math.ceil(units / 2) },
    ],
  }));
}

function timings(): void {
  const night = nightWindow(10, DAY);
  const [from, to] = RAID_ARRIVAL_WINDOW;
  const warn = RAID_WARNING_MS * TIME_SCALE;
  const firstArrival = night.start + from * (night.end - night.start);
  console.log(`default timings (DAY_CYCLE_MS ${DAY / 60_000} min, NPC_TIME_SCALE ${TIME_SCALE}), in real time:`);
  console.log(
    `  in-game day ${realTime(DAY)}, night (18:00–06:00) ${realTime(night.end - night.start)}; a week ${realTime(7 * DAY)}`,
  );
  console.log(
    `  beginner's protection ${BEGINNER_PROTECTION_DAYS} in-game days = ${realTime(BEGINNER_PROTECTION_DAYS * DAY)} after founding`,
  );
  // Each settlement's clock runs its own offset behind noon and midnight (clockOffset, from its seed): the latest draw.
  const latestDraw = (10 + RAID_PLAN_AT + CLOCK_SPREAD) * DAY;
  console.log(
    `  a night's raid is drawn at the settlement's noon: noon plus its offset, under ${gameHours(CLOCK_SPREAD * DAY)} ` +
      `(${realTime(CLOCK_SPREAD * DAY)}; CLOCK_SPREAD ${CLOCK_SPREAD} of the day, from its seed; its meals come as long after midnight), ` +
      `${realTime(night.start - latestDraw)}–${realTime(night.start - (10 + RAID_PLAN_AT) * DAY)} before nightfall; ` +
      `raiders arrive ${realTime(from * (night.end - night.start))}–${realTime(to * (night.end - night.start))} into the night`,
  );
  console.log(
    `  warning lead ${realTime(Math.min(warn, firstArrival - latestDraw))} (${gameHours(warn)}; RAID_WARNING_MS ${RAID_WARNING_MS / 1000} s ` +
      `× NPC_TIME_SCALE, never before the draw)`,
  );
  console.log(
    `  all members offline: at most one raid per ${realTime(OFFLINE_RAID_GAP_MS)} (${(OFFLINE_RAID_GAP_MS / DAY).toFixed(0)} in-game days), ` +
      `at most ${OFFLINE_LOSS_CAP} units lost in it`,
  );
  console.log(
    `  an NPC eats ${NPC_FOOD_PER_DAY} food every ${realTime(DAY)}; hungry it works ${HUNGRY_WORK_FACTOR}× slower; unfed ` +
      `${UNFED_DAYS_TO_LEAVE} days in a row (${realTime(UNFED_DAYS_TO_LEAVE * DAY)}) it leaves`,
  );
  console.log(
    `  a wound heals in ${INJURY_HEAL_DAYS} in-game day (${realTime(INJURY_HEAL_DAYS * DAY)}) untreated, ` +
      `${realTime(TREATED_HEAL_MS * TIME_SCALE)} treated with the settlement's medicine`,
  );
}

interface Raid {
  seed: number;
  night: number;
  strength: number;
}

/**
 * Every raid `seeds` draw over `WEEKS` weeks after beginner's protection, holding `wealth` all along (the owner tops it
 * up), members online (each night may bring one) or all offline (one per OFFLINE_RAID_GAP_MS at most).
 */
function raids(wealth: number, online: boolean): Raid[] {
  const out: Raid[] = [];
  const foundedAt = 0;
  const firstNight = nightOf(foundedAt, DAY) + 1 + BEGINNER_PROTECTION_DAYS;
  for (const seed of seeds) {
    let lastRaidNight: number | null = null;
    let lastRaidAt: number | null = null;
    for (let night = nightOf(foundedAt, DAY) + 1; night < firstNight + 7 * WEEKS; night++) {
      const at = planTime(night, DAY, seed);
      if (!online && lastRaidAt !== null && at - lastRaidAt < OFFLINE_RAID_GAP_MS) continue;
      const plan = raidPlan({
        seed,
        night,
        foundedAt,
        wealthAbove: wealth,
        quietNights: quietNights(night, lastRaidNight, foundedAt, DAY),
        dayCycleMs: DAY,
        timeScale: TIME_SCALE,
      });
      if (!plan) continue;
      lastRaidNight = night;
      lastRaidAt = plan.arriveAt;
      if (night >= firstNight) out.push({ seed, night, strength: plan.strength });
    }
  }
  return out;
}

function frequency(): void {
  console.log(`\nraids per settlement per in-game week (${SETTLEMENTS} seeded settlements, ${WEEKS} weeks after protection):`);
  for (const wealth of WEALTHS) {
    const on = raids(wealth, true);
    const off = raids(wealth, false);
    const strengths = on.map((r) => r.strength);
    console.log(
      `  ${String(wealth).padStart(3)} above protection: ${(on.length / SETTLEMENTS / WEEKS).toFixed(2)} online, ` +
        `${(off.length / SETTLEMENTS / WEEKS).toFixed(2)} all offline; strength ${Math.min(...strengths)}–${Math.max(...strengths)} ` +
        `(mean ${(strengths.reduce((a, b) => a + b, 0) / strengths.length).toFixed(1)})`,
    );
  }
}

/** The fights of `wealth`'s online raids against `npcs` defenders, armed or not, and what breaches took. */
function fights(wealth: number, npcs: number, armed: boolean, online: boolean) {
  const containers = stocked(wealth);
  let repelled = 0;
  let lost = 0;
  let maxLost = 0;
  let injured = 0;
  let ammo = 0;
  const all = raids(wealth, true);
  for (const r of all) {
    const defenders = Array.from({ length: npcs }, (_, i) => ({ id: `npc${i}`, gear: 0 }));
    const fight = defence({ npcs: defenders, players: 0, containers, ammo: armed ? AMMO_PER_DEFENDER * npcs : 0 });
    ammo += fight.ammoSpent;
    const o = resolveRaid({
      seed: r.seed,
      night: r.night,
      strength: r.strength,
      rating: fight.rating,
      defenders,
      containers,
      membersOnline: online,
    });
    injured += o.injured.length;
    if (o.outcome === 'repelled') repelled += 1;
    const units = o.losses.reduce((s, l) => s + l.quantity, 0);
    lost += units;
    maxLost = Math.max(maxLost, units);
  }
  const breached = all.length - repelled;
  return {
    raids: all.length,
    repelled: repelled / all.length,
    lostPerBreach: breached ? lost / breached : 0,
    maxLost,
    injuredPerRaid: injured / all.length,
    ammoPerRaid: ammo / all.length,
    reinforcement: defence({ npcs: [], players: 0, containers, ammo: 0 }).rating,
  };
}

function defenceTable(): void {
  console.log(
    `\nshare of raids repelled (no gear, no members at home; containers at the lowest level that holds the stock), ` +
      `with NPC defenders armed (${AMMO_PER_DEFENDER} rounds each) / without ammunition:`,
  );
  for (const wealth of WEALTHS) {
    const cells = DEFENDERS.map((d) => {
      const a = fights(wealth, d, true, true);
      const u = fights(wealth, d, false, true);
      return `${d}: ${pc(a.repelled)} / ${pc(u.repelled)}`;
    });
    const r = fights(wealth, 0, true, true).reinforcement;
    console.log(
      `  ${String(wealth).padStart(3)} above (stocked ${wealthAbove(stocked(wealth))}, reinforcement ${r}): ${cells.join(', ')}`,
    );
  }
  console.log(`  what a fight costs (armed, members online): injured defenders and rounds per raid`);
  for (const wealth of WEALTHS) {
    const cells = DEFENDERS.filter((d) => d > 0).map((d) => {
      const f = fights(wealth, d, true, true);
      return `${d}: ${f.injuredPerRaid.toFixed(2)} injured, ${f.ammoPerRaid.toFixed(1)} rounds`;
    });
    console.log(`  ${String(wealth).padStart(3)} above: ${cells.join('; ')}`);
  }
}

function losses(): void {
  console.log(
    `\nunits lost per breached raid, mean / max, with no defenders and with 2 armed ones; ` +
      `the protected ${PROTECTED_CAPACITY} per container is never taken:`,
  );
  for (const wealth of WEALTHS) {
    const cells = ([0, 2] as const).map((d) => {
      const on = fights(wealth, d, true, true);
      const off = fights(wealth, d, true, false);
      return (
        `${d} defenders: online ${on.lostPerBreach.toFixed(1)} / ${on.maxLost} (${pc(on.lostPerBreach / wealth)} of what lies above), ` +
        `offline ${off.lostPerBreach.toFixed(1)} / ${off.maxLost}`
      );
    });
    console.log(`  ${String(wealth).padStart(3)} above: ${cells.join('; ')} (offline cap ${OFFLINE_LOSS_CAP})`);
  }
}

function upkeep(): void {
  console.log(`\nupkeep:`);
  // Four NPCs on a pantry of ten, then nothing: meals day by day until every one has left.
  let npcs = Array.from({ length: 4 }, (_, i) => ({ npcId: `npc${i}`, unfedDays: 0 }));
  let food = [
    { itemName: 'Canned Beans', quality: 60, quantity: 6 },
    { itemName: 'Wild Berries', quality: 20, quantity: 4 },
  ];
  const lines: string[] = [];
  let eatenTotal = 0;
  let day = 0;
  for (; npcs.length > 0 && day < 30; day++) {
    const m = dailyMeals(npcs, food);
    const eaten = m.eaten.reduce((s, e) => s + e.quantity, 0);
    eatenTotal += eaten;
    for (const e of m.eaten) {
      const f = food.find((x) => x.itemName === e.itemName && x.quality === e.quality)!;
      f.quantity -= e.quantity;
    }
    food = food.filter((f) => f.quantity > 0);
    const fed = m.fed.filter((f) => f.unfedDays === 0).length;
    lines.push(`day ${day + 1}: ${fed}/${npcs.length} fed, ${m.leaving.length} leave`);
    npcs = m.fed.filter((f) => !m.leaving.includes(f.npcId));
  }
  console.log(
    `  each NPC eats ${NPC_FOOD_PER_DAY} food per in-game day (${NPC_FOOD_PER_DAY * ((24 * 3_600_000) / DAY)} per real day at the default day); ` +
      `a settlement of 4 eats ${4 * NPC_FOOD_PER_DAY * 7} a week`,
  );
  console.log(
    `  with no food an NPC leaves on its ${UNFED_DAYS_TO_LEAVE}rd unfed day (${realTime(UNFED_DAYS_TO_LEAVE * DAY)} after its last meal)`,
  );
  console.log(`  4 NPCs, 10 food (6 good, 4 poor; poor eaten first): ${lines.join('; ')} (${eatenTotal} eaten)`);
}

timings();
frequency();
defenceTable();
losses();
upkeep();
