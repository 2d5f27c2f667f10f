import type { NpcSkill } from './npc-skills.ts';
import { describe, expect, test } from 'bun:test';
import { Biome, type BiomeCode, CHUNK_SIZE, loadCoreForBun, TILE_SIZE, tileOfWorld } from '../../core-wasm/index.ts';
import { walkPath } from './walking.ts';
import { FORAGE_CELL_TILES, NO_TOOLS, type Tools } from '../contract/actions.ts';
import type { LootItem } from '../contract/items.ts';
import { IMPASSABLE } from '../contract/world.ts';
import { FORAGE_RULES } from './forage.ts';
import {
  cellReady,
  cycleCapMs,
  dueAt,
  isDue,
  type Journey,
  journeyMs,
  type NpcSimState,
  type PoiState,
  positionAt,
  restMs,
  type SimPoi,
  type SimWorld,
  step,
  walkMs,
} from './npc-sim.ts';
import { planPath, walkLength } from './paths.ts';
import {
  CYCLE_ATTEMPTS,
  CYCLE_CAP_MAX_MS,
  JOURNEY_MAX_TILES,
  JOURNEY_MIN_TILES,
  NPC_REST_MS,
  type NpcAssignment,
} from './npcs.ts';

const HOME = { x: 2.5, y: 2.5 };
const core = await loadCoreForBun();
const HOUR = 3600_000;
const T0 = Date.UTC(2026, 0, 1);

/** A small made-up world: plains with a band of water to the west, a POI every 20 tiles (significance 5). */
class FakeWorld implements SimWorld {
  readonly pois = new Map<string, SimPoi>();
  readonly poiStates = new Map<string, PoiState>();
  readonly cells = new Map<string, number>();
  loads = 0;
  /** When false, stored state answers undefined until `load` brings it in (as the database-backed world does). */
  constructor(private readonly lazy = false) {
    for (let ty = -300; ty <= 300; ty += 20) {
      for (let tx = -300; tx <= 300; tx += 20) {
        const id = `poi_${tx}_${ty}`;
        this.pois.set(id, {
          id,
          tileX: tx,
          tileY: ty,
          worldX: tx * TILE_SIZE + 2.5,
          worldY: ty * TILE_SIZE + 2.5,
          significance: 5,
          type: 'abandoned_house',
          biome: 'plains',
          landmark: false,
        });
      }
    }
  }
  private readonly loaded = new Set<string>();
  biomeAtTile(tx: number, ty: number): BiomeCode {
    if (tx < -150 && tx > -170) return Biome.water;
    if (ty > 240) return Biome.mountains;
    return (tx + ty) % 7 === 0 ? Biome.forest : Biome.plains;
  }
  poisNear(x: number, y: number, r: number): SimPoi[] {
    return [...this.pois.values()].filter((p) => Math.hypot(p.worldX - x, p.worldY - y) <= r);
  }
  poi(id: string) {
    return this.pois.get(id) ?? null;
  }
  poiState(id: string) {
    if (this.lazy && !this.loaded.has(id)) return undefined;
    return this.poiStates.get(id) ?? null;
  }
  private readonly drawn = new Map<string, Uint8Array>();
  readonly passable = (x: number, y: number) => !IMPASSABLE.has(this.biomeAtTile(tileOfWorld(x), tileOfWorld(y)));
  /** Walks over this made-up terrain by the WASM core's paths, as the server's world does over generated terrain. */
  route(from: { x: number; y: number }, to: { x: number; y: number }) {
    const chunks = (cx: number, cy: number) => {
      let bytes = this.drawn.get(`${cx},${cy}`);
      if (!bytes) {
        bytes = new Uint8Array(CHUNK_SIZE * CHUNK_SIZE);
        for (let y = 0; y < CHUNK_SIZE; y++)
          for (let x = 0; x < CHUNK_SIZE; x++)
            bytes[y * CHUNK_SIZE + x] = this.biomeAtTile(cx * CHUNK_SIZE + x, cy * CHUNK_SIZE + y);
        this.drawn.set(`${cx},${cy}`, bytes);
      }
      return bytes;
    };
    const plan = planPath(core, 1, from, to, { chunks, passable: this.passable });
    return 'path' in plan ? plan.path : null;
  }
  cellForagedAt(cx: number, cy: number) {
    if (this.lazy && !this.loaded.has(`c${cx},${cy}`)) return undefined;
    return this.cells.get(`${cx},${cy}`) ?? null;
  }
  load(need: { poiIds: string[]; cells: { cellX: number; cellY: number }[] }) {
    this.loads += 1;
    for (const id of need.poiIds) this.loaded.add(id);
    for (const c of need.cells) this.loaded.add(`c${c.cellX},${c.cellY}`);
  }
}

function npc(assignment: NpcAssignment, seed = 42, over: Partial<NpcSimState> = {}): NpcSimState {
  return {
    assignment,
    status: 'resting',
    x: HOME.x,
    y: HOME.y,
    seed,
    cycle: 0,
    attempt: 0,
    cycleStartedAt: null,
    phase: null,
    phaseStartedAt: null,
    phaseEndsAt: null,
    startX: null,
    startY: null,
    targetX: null,
    targetY: null,
    targetPoiId: null,
    ...over,
  };
}

interface Log {
  states: NpcSimState[];
  journeys: Journey[];
  found: LootItem[];
  foraged: { cellX: number; cellY: number; at: number }[];
  searched: { id: string; significance: number; at: number }[];
  deposits: number;
  steps: number;
}

/** Runs the planner from `start` until `until` (as the runner does, applying each step's writes to the world). */
function run(
  s0: NpcSimState,
  world: FakeWorld,
  until: number,
  opts: { tools?: Tools; timeScale?: number; now?: number; skills?: NpcSkill[] } = {},
) {
  const log: Log = { states: [], journeys: [], found: [], foraged: [], searched: [], deposits: 0, steps: 0 };
  let s = s0;
  const now = opts.now ?? T0;
  while (isDue(s, until)) {
    const at = dueAt(s, now);
    const r = step(s, {
      home: HOME,
      at,
      world,
      tools: opts.tools ?? NO_TOOLS,
      timeScale: opts.timeScale ?? 1,
      ...(opts.skills ? { skills: opts.skills } : {}),
    });
    if ('need' in r) {
      world.load(r.need);
      continue;
    }
    log.steps += 1;
    const { effects } = r;
    if (effects.journey) log.journeys.push(effects.journey);
    log.found.push(...effects.found);
    if (effects.poi) {
      world.poiStates.set(effects.poi.id, { significance: effects.poi.significance, changedAt: at });
      log.searched.push({ ...effects.poi, at });
    }
    if (effects.foraged) {
      world.cells.set(`${effects.foraged.cellX},${effects.foraged.cellY}`, at);
      log.foraged.push({ ...effects.foraged, at });
    }
    if (effects.deposit) log.deposits += 1;
    s = r.state;
    log.states.push(s);
    if (log.steps > 1_000_000) throw new Error('runaway');
  }
  return { state: s, log };
}

const tilesFromHome = (p: { x: number; y: number }) => Math.hypot(p.x - HOME.x, p.y - HOME.y) / TILE_SIZE;

describe('NPC planner', () => {
  test('same seed, same outcome; another seed, another', () => {
    const a = run(npc('scavenge', 7), new FakeWorld(), T0 + 3 * HOUR);
    const b = run(npc('scavenge', 7), new FakeWorld(), T0 + 3 * HOUR);
    const c = run(npc('scavenge', 8), new FakeWorld(), T0 + 3 * HOUR);
    expect(b.state).toEqual(a.state);
    expect(b.log.journeys).toEqual(a.log.journeys);
    expect(b.log.found).toEqual(a.log.found);
    expect(a.log.found.length).toBeGreaterThan(0);
    expect(c.log.journeys).not.toEqual(a.log.journeys);
  });

  test('loading stored state on demand gives the same outcome as having it all at hand', () => {
    const eager = run(npc('scavenge', 3), new FakeWorld(), T0 + HOUR);
    const lazyWorld = new FakeWorld(true);
    const lazy = run(npc('scavenge', 3), lazyWorld, T0 + HOUR);
    expect(lazy.state).toEqual(eager.state);
    expect(lazy.log.found).toEqual(eager.log.found);
    expect(lazyWorld.loads).toBeGreaterThan(0);
    const forage = run(npc('foraging', 3), new FakeWorld(), T0 + HOUR);
    expect(run(npc('foraging', 3), new FakeWorld(true), T0 + HOUR).log.found).toEqual(forage.log.found);
  });

  test('a cycle: up to 5 journeys to targets 50–200 tiles out, within its cap, then home and a rest', () => {
    const { log } = run(npc('scavenge', 11), new FakeWorld(), T0 + 6 * HOUR);
    const cycles = new Map<number, NpcSimState[]>();
    for (const s of log.states) cycles.set(s.cycle, [...(cycles.get(s.cycle) ?? []), s]);
    expect(cycles.size).toBeGreaterThan(20);
    for (const [cycle, states] of cycles) {
      const out = states.filter((s) => s.phase === 'scavenge');
      expect(out.length).toBeGreaterThanOrEqual(1);
      expect(out.length).toBeLessThanOrEqual(CYCLE_ATTEMPTS);
      expect(out.map((s) => s.attempt)).toEqual(out.map((_, i) => i + 1));
      for (const s of out) {
        expect(s.status).toBe('working');
        const t = tilesFromHome({ x: s.targetX!, y: s.targetY! });
        expect(t).toBeGreaterThanOrEqual(JOURNEY_MIN_TILES);
        expect(t).toBeLessThanOrEqual(JOURNEY_MAX_TILES);
        expect(s.phaseEndsAt! - s.cycleStartedAt!).toBeLessThanOrEqual(cycleCapMs(s.seed, cycle, 1));
      }
      // The run may stop in the middle of its last cycle, before the way home.
      if (cycle === Math.max(...cycles.keys())) continue;
      const back = states.find((s) => s.phase === 'return')!;
      expect(back.status).toBe('returning');
      expect([back.targetX, back.targetY]).toEqual([HOME.x, HOME.y]);
      const rest = states.find((s) => s.phase === 'rest');
      if (rest) {
        expect(rest.status).toBe('resting');
        expect(rest.phaseEndsAt! - rest.phaseStartedAt!).toBe(NPC_REST_MS);
      }
    }
    const attempts = [...cycles.values()].map((ss) => ss.filter((s) => s.phase === 'scavenge').length);
    expect(attempts).toContain(CYCLE_ATTEMPTS);
    // Phases follow each other without gaps: each starts when the one before it ended.
    for (let i = 1; i < log.states.length; i++) {
      const prev = log.states[i - 1]!;
      const cur = log.states[i]!;
      if (cur.phaseStartedAt !== null && prev.phaseEndsAt !== null) expect(cur.phaseStartedAt).toBe(prev.phaseEndsAt);
    }
  });

  test('skills: a hauler stops once more per trip, a scout brings home half as much again', () => {
    const stops = (skills?: NpcSkill[]) => {
      const { log } = run(npc('scavenge', 11), new FakeWorld(), T0 + 6 * HOUR, skills ? { skills } : {});
      return Math.max(...log.states.filter((s) => s.phase === 'scavenge').map((s) => s.attempt));
    };
    expect(stops()).toBe(CYCLE_ATTEMPTS);
    expect(stops(['hauler'])).toBe(CYCLE_ATTEMPTS + 1);
    const units = (skills?: NpcSkill[]) =>
      run(npc('foraging', 5), new FakeWorld(), T0 + 6 * HOUR, skills ? { skills } : {}).log.found.reduce(
        (n, f) => n + f.quantity,
        0,
      );
    const plain = units();
    expect(plain).toBeGreaterThan(0);
    expect(units(['scout'])).toBeGreaterThan(plain);
  });

  test('the cap is 4–6 minutes per cycle, journeys walk at the NPC speed, and the time scale shortens both', () => {
    const caps = Array.from({ length: 200 }, (_, c) => cycleCapMs(5, c, 1));
    expect(Math.min(...caps)).toBeGreaterThanOrEqual(4 * 60_000);
    expect(Math.max(...caps)).toBeLessThanOrEqual(CYCLE_CAP_MAX_MS);
    expect(new Set(caps).size).toBeGreaterThan(20);
    expect(journeyMs({ x: 0, y: 0 }, { x: 300, y: 400 }, 1)).toBe(Math.round(500_000 / 30));
    expect(journeyMs({ x: 0, y: 0 }, { x: 300, y: 400 }, 0.02)).toBe(Math.round((500 / 30) * 1000 * 0.02));
    expect(cycleCapMs(5, 3, 0.02)).toBe(Math.round(cycleCapMs(5, 3, 1) * 0.02));
    expect(restMs(0.02)).toBe(NPC_REST_MS * 0.02);
    const slow = run(npc('foraging', 9), new FakeWorld(), T0 + HOUR);
    const fast = run(npc('foraging', 9), new FakeWorld(), T0 + HOUR * 0.02, { timeScale: 0.02 });
    // The same first cycle, 50 times faster (the cooldowns are the world's and do not scale, so later cycles differ).
    expect(fast.log.journeys[0]!.endsAt - T0).toBe(Math.round((slow.log.journeys[0]!.endsAt - T0) * 0.02));
  });

  test('a next journey that would end after the cycle cap is not made: the NPC heads home', () => {
    const first = step(npc('scavenge', 6), { home: HOME, at: T0, world: new FakeWorld(), tools: NO_TOOLS, timeScale: 1 });
    if ('need' in first) throw new Error('unexpected need');
    const arrival = first.state.phaseEndsAt!;
    const ctx = { home: HOME, at: arrival, world: new FakeWorld(), tools: NO_TOOLS, timeScale: 1 };
    const onTime = step(first.state, ctx);
    if ('need' in onTime) throw new Error('unexpected need');
    expect(onTime.state).toMatchObject({ phase: 'scavenge', attempt: 2 });
    // The same arrival in a cycle begun almost a cap ago: the second journey would overrun it.
    const late = { ...first.state, cycleStartedAt: arrival - cycleCapMs(6, 1, 1) + 1000 };
    const capped = step(late, ctx);
    if ('need' in capped) throw new Error('unexpected need');
    expect(capped.state).toMatchObject({ phase: 'return', attempt: 1, targetX: HOME.x, targetY: HOME.y });
    expect(capped.effects.arrival).toMatchObject({ purpose: 'scavenge', x: first.state.targetX });
  });

  test('journeys walk round water: every leg passable, the duration the walk at NPC speed, targets past the water skipped', () => {
    for (const assignment of ['scavenge', 'foraging'] as const) {
      const world = new FakeWorld();
      const { log } = run(npc(assignment, 17), world, T0 + 4 * HOUR);
      expect(log.journeys.length).toBeGreaterThan(30);
      for (const j of log.journeys) {
        expect(j.waypoints[0]).toEqual({ x: j.startX, y: j.startY });
        expect(j.waypoints.at(-1)).toEqual({ x: j.targetX, y: j.targetY });
        for (let i = 1; i < j.waypoints.length; i++) {
          expect(walkPath(j.waypoints[i - 1]!, j.waypoints[i]!, world.passable).blocked).toBe(false);
        }
        expect(j.endsAt - j.startAt).toBe(walkMs(walkLength(j.waypoints), 1));
        // West of the water band (tiles −170…−150, no way round within reach) nothing is reachable: never a target.
        expect(tileOfWorld(j.targetX)).toBeGreaterThan(-150);
      }
    }
  });

  // How long a catch-up takes is the bench's figure (`bun run bench npcs`, catch-up: 1,000 NPCs after 24 h offline); a
  // wall-clock bound here would measure the machine the suite shares. The work is bounded, and that is checked.
  test('a 24-hour gap catches up in bounded work: a few thousand phases, none per second', () => {
    for (const assignment of ['scavenge', 'foraging'] as const) {
      const started = performance.now();
      const { state, log } = run(npc(assignment, 21), new FakeWorld(), T0 + 24 * HOUR);
      const ms = performance.now() - started;
      // A cycle is at most 7 phases and lasts at least its rest: the bound the runner relies on.
      const bound = 7 * Math.ceil((24 * HOUR) / NPC_REST_MS);
      expect(log.steps).toBeLessThanOrEqual(bound);
      expect(log.steps).toBeGreaterThan(500);
      expect(state.phaseEndsAt!).toBeGreaterThan(T0 + 24 * HOUR);
      console.log(`  ${assignment}: 24 h in ${log.steps} phases, ${state.cycle} cycles, ${ms.toFixed(0)} ms`);
    }
  });

  test('foraging: cell-aligned targets on walkable ground, each cell foraged at most once per cooldown', () => {
    const world = new FakeWorld();
    const { log } = run(npc('foraging', 5), world, T0 + 12 * HOUR);
    expect(log.foraged.length).toBeGreaterThan(100);
    expect(log.found.length).toBeGreaterThan(0);
    const last = new Map<string, number>();
    for (const f of log.foraged) {
      const key = `${f.cellX},${f.cellY}`;
      const before = last.get(key);
      if (before !== undefined) expect(f.at - before).toBeGreaterThanOrEqual(FORAGE_RULES.cooldownMs);
      last.set(key, f.at);
    }
    for (const j of log.journeys.filter((j) => j.purpose === 'forage')) {
      const tx = tileOfWorld(j.targetX);
      const ty = tileOfWorld(j.targetY);
      expect(tx % FORAGE_CELL_TILES === 2 || tx % FORAGE_CELL_TILES === -3).toBe(true);
      expect(IMPASSABLE.has(world.biomeAtTile(tx, ty))).toBe(false);
    }
    expect(log.states.filter((s) => s.phase === 'forage').every((s) => s.status === 'gathering')).toBe(true);
  });

  test('forage cells keep the cooldown in both directions of time (a catch-up may replay an earlier moment)', () => {
    const cd = FORAGE_RULES.cooldownMs;
    expect(cellReady(null, T0)).toBe(true);
    expect(cellReady(T0 - cd, T0)).toBe(true);
    expect(cellReady(T0 - cd + 1, T0)).toBe(false);
    expect(cellReady(T0 + cd - 1, T0)).toBe(false);
    expect(cellReady(T0 + cd, T0)).toBe(true);
  });

  test('scavenging: never heads for a place picked clean for its tools; a crowbar searches deeper', () => {
    // Every place searched down to 0 just now: nothing recovers within the next 25 minutes.
    const pickedClean = () => {
      const w = new FakeWorld();
      for (const id of w.pois.keys()) w.poiStates.set(id, { significance: 0, changedAt: T0 });
      return w;
    };
    const bare = run(npc('scavenge', 13), pickedClean(), T0 + 25 * 60_000);
    expect(bare.log.searched).toEqual([]);
    expect(bare.log.journeys.every((j) => j.purpose === 'return' || j.purpose === 'scavenge')).toBe(true);
    expect(bare.log.journeys.filter((j) => j.purpose === 'scavenge')).toEqual([]);
    const tooled = run(npc('scavenge', 13), pickedClean(), T0 + 25 * 60_000, { tools: { ...NO_TOOLS, crowbar: true } });
    expect(tooled.log.searched.length).toBeGreaterThan(10);
    for (const s of tooled.log.searched) expect(s.significance).toBeLessThan(0);
    for (const s of tooled.log.searched) expect(s.significance).toBeGreaterThanOrEqual(-3);
  });

  test('an NPC never draws a survivor: a landmark loses one point per search, never reset to 0', () => {
    const world = new FakeWorld();
    for (const p of world.pois.values()) Object.assign(p, { significance: 59, landmark: true });
    const { log } = run(npc('scavenge', 17), world, T0 + HOUR);
    expect(log.searched.length).toBeGreaterThan(5);
    for (const s of log.searched) expect(s.significance).toBeGreaterThanOrEqual(50);
  });

  test('a defender goes home when away, then stays idle (not due); at home it is idle at once', () => {
    const away = npc('defend', 1, { x: 600, y: 0, phase: null });
    expect(isDue(away, T0)).toBe(false);
    const woken = { ...away, phaseEndsAt: T0 };
    const r = step(woken, { home: HOME, at: T0, world: new FakeWorld(), tools: NO_TOOLS, timeScale: 1 });
    if ('need' in r) throw new Error('unexpected need');
    expect(r.state.phase).toBe('return');
    expect(r.effects.journey).toMatchObject({ purpose: 'return', startX: 600, targetX: HOME.x });
    const { state, log } = run(r.state, new FakeWorld(), T0 + HOUR);
    expect(state).toMatchObject({ phase: null, phaseEndsAt: null, x: HOME.x, y: HOME.y, status: 'resting' });
    expect(log.deposits).toBe(1);
    expect(isDue(state, T0 + 24 * HOUR)).toBe(false);

    // Switched to defend mid-cycle: finishes the journey's search, then comes home instead of going on.
    const worker = run(npc('scavenge', 2), new FakeWorld(), T0 + 1000).state;
    expect(worker.phase).toBe('scavenge');
    const home = run({ ...worker, assignment: 'defend' }, new FakeWorld(), T0 + HOUR);
    expect(home.log.states.map((s) => s.phase)).toEqual(['return', null]);
  });

  test('an idle worker starts at once; its position is interpolated along the journey', () => {
    const s = npc('scavenge', 4);
    expect(isDue(s, T0)).toBe(true);
    const r = step(s, { home: HOME, at: T0, world: new FakeWorld(), tools: NO_TOOLS, timeScale: 1 });
    if ('need' in r) throw new Error('unexpected need');
    expect(r.state).toMatchObject({ cycle: 1, attempt: 1, cycleStartedAt: T0, phase: 'scavenge', status: 'working' });
    const mid = positionAt(r.state, (r.state.phaseStartedAt! + r.state.phaseEndsAt!) / 2);
    expect(mid.x).toBeCloseTo((HOME.x + r.state.targetX!) / 2);
    expect(positionAt(r.state, r.state.phaseEndsAt! + 5000)).toEqual({ x: r.state.targetX!, y: r.state.targetY! });
  });
});
