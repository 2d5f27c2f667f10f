/**
 * The NPC work cycle as a pure state machine: given an NPC's stored phase, the time it ended and what the world looks
 * like, the next phase and what happened on the way (loot, a searched place, foraged ground, a deposit). No clock, no
 * database, no randomness of its own: every draw comes from an RNG keyed by (seed, cycle, attempt), so replaying the
 * same phases over the same world gives the same outcome, whether live or hours later (api/modules/npcs/simulation.ts).
 *
 * A cycle: up to CYCLE_ATTEMPTS journeys to targets 50–200 tiles from the settlement (a POI to scavenge, or a forage
 * cell on walkable ground), each followed by the player's own scavenge or forage rule; no journey may end after the
 * cycle cap (4–6 minutes, drawn per cycle); then home, deposit, rest, and the next cycle. A defender comes home (if it
 * is away) and stays idle. Journeys follow the world's walks round water and mountains (SimWorld.route, the WASM
 * core's paths) at NPC_SPEED_UNITS_PER_SECOND: a target no walk reaches is skipped like any unusable one, and the way
 * home falls back to the straight line should the search fail (an NPC is never stranded). The time scale shortens
 * journeys, rests and caps alike (NPC_TIME_SCALE), never the world's own clocks (POI recovery, forage cooldowns).
 */
import { HAULER_EXTRA_ATTEMPTS, has, type NpcSkill, skilledFinds } from './npc-skills.ts';
import { type BiomeCode, tileCentre, tileOfWorld, TILE_SIZE } from '../../core-wasm/index.ts';
import { BIOME_NAMES } from '../../core-wasm/constants.ts';
import { FORAGE_CELL_TILES, isPickedClean, type Tools } from './actions.ts';
import type { LootItem } from '../contract/items.ts';
import { IMPASSABLE } from './world.ts';
import { walkLength } from './paths.ts';
import { FORAGE_RULES, forageTiles, forageTilesLoot, tileReady } from './forage.ts';
import type { LootPlace } from './loot.ts';
import {
  CYCLE_ATTEMPTS,
  CYCLE_CAP_MAX_MS,
  CYCLE_CAP_MIN_MS,
  JOURNEY_MAX_TILES,
  JOURNEY_MIN_TILES,
  type NpcAssignment,
  NPC_REST_MS,
  NPC_SPEED_UNITS_PER_SECOND,
  type NpcStatus,
  worksAway,
} from './npcs.ts';
import { type Rng, seededRng } from './random.ts';
import { recoveredSignificance, scavengeStep } from './scavenge.ts';

export const NPC_PHASES = ['scavenge', 'forage', 'return', 'rest'] as const;
export type NpcPhase = (typeof NPC_PHASES)[number];
export type JourneyPurpose = Exclude<NpcPhase, 'rest'>;

/** Random target points tried per attempt before the NPC gives up and heads home. */
export const TARGET_TRIES = 8;
/** A scavenger looks for POIs this far (world units) around each random point. */
export const POI_SEARCH_UNITS = 150;
/** Closer than this (world units) counts as standing there: no journey needed. */
export const AT_PLACE_UNITS = 1;

/** What the simulation reads and writes of an NPC (times in epoch milliseconds). */
export interface NpcSimState {
  assignment: NpcAssignment;
  status: NpcStatus;
  x: number;
  y: number;
  seed: number;
  cycle: number;
  attempt: number;
  cycleStartedAt: number | null;
  phase: NpcPhase | null;
  phaseStartedAt: number | null;
  phaseEndsAt: number | null;
  startX: number | null;
  startY: number | null;
  targetX: number | null;
  targetY: number | null;
  targetPoiId: string | null;
}

export interface SimPoi extends LootPlace {
  id: string;
  tileX: number;
  tileY: number;
  worldX: number;
  worldY: number;
  /** Starting significance. */
  significance: number;
}

/** A POI's stored state; `null` from the world means never touched (at its starting significance). */
export interface PoiState {
  significance: number;
  changedAt: number;
}

/**
 * The world as the planner sees it. Terrain answers at once; stored state may be `undefined` (not loaded yet): the
 * step then answers `need` with what to load, and the caller loads it and steps again from the same state.
 */
export interface SimWorld {
  poisNear(x: number, y: number, radius: number): readonly SimPoi[];
  poi(id: string): SimPoi | null;
  biomeAtTile(tileX: number, tileY: number): BiomeCode;
  poiState(id: string): PoiState | null | undefined;
  /** When NPCs last foraged this forage cell (FORAGE_CELL_TILES square), null if never, undefined if not loaded. */
  cellForagedAt(cellX: number, cellY: number): number | null | undefined;
  /**
   * The walk from → to round water and mountains (start and target included, api/game/paths.ts), or null when none
   * is found. Deterministic: the same points over the same world give the same walk.
   */
  route(from: { x: number; y: number }, to: { x: number; y: number }): { x: number; y: number }[] | null;
}

export interface StepContext {
  home: { x: number; y: number };
  /** When the current phase ended (or now, for an idle NPC). */
  at: number;
  world: SimWorld;
  tools: Tools;
  /** NPC_TIME_SCALE: journey, rest and cap durations are multiplied by it. */
  timeScale: number;
  /** What the NPC is good at (api/game/npc-skills.ts): a scout and a farmer find more, a hauler stops once more. */
  skills?: readonly NpcSkill[];
}

export interface Journey {
  purpose: JourneyPurpose;
  startX: number;
  startY: number;
  targetX: number;
  targetY: number;
  startAt: number;
  endsAt: number;
  /** The walk from start to target (start and target included): what the duration was measured on. */
  waypoints: { x: number; y: number }[];
}

export interface StepEffects {
  /** The journey that ended (its purpose, where it began and ended), if one did. */
  arrival: { purpose: JourneyPurpose; fromX: number; fromY: number; x: number; y: number; at: number } | null;
  /** The journey that starts, if one does. */
  journey: Journey | null;
  found: LootItem[];
  /** A searched POI's new significance (recovery included), to store with changedAt = at. */
  poi: { id: string; significance: number } | null;
  /** A forage cell the NPC foraged at `at`. */
  foraged: { cellX: number; cellY: number } | null;
  /** At the settlement: hand what it carries to storage (what does not fit stays with it). */
  deposit: boolean;
}

export interface Need {
  poiIds: string[];
  cells: { cellX: number; cellY: number }[];
}

export type StepResult = { need: Need } | { state: NpcSimState; effects: StepEffects };

// ── Keyed randomness and durations ─────────────────────────────────────────────────────────────────────────────

const SALT = { target: 1, action: 2, cap: 3 } as const;

/** A 32-bit hash of the key (murmur3's finaliser over each part): neighbouring keys give unrelated streams. */
export function keyedRng(seed: number, cycle: number, attempt: number, salt: number): Rng {
  let h = 0x9e3779b9;
  for (const part of [seed, cycle, attempt, salt]) {
    h = Math.imul(h ^ (part >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return seededRng(h >>> 0);
}

/** This cycle's cap: 4–6 minutes (whole seconds), drawn from the cycle's own stream, times the scale. */
export function cycleCapMs(seed: number, cycle: number, timeScale: number): number {
  const rng = keyedRng(seed, cycle, 0, SALT.cap);
  const seconds = CYCLE_CAP_MIN_MS / 1000 + Math.floor(rng() * ((CYCLE_CAP_MAX_MS - CYCLE_CAP_MIN_MS) / 1000 + 1));
  return Math.round(seconds * 1000 * timeScale);
}

/** Walking time of `units` world units in whole milliseconds (at least 1, so a phase always ends after it starts). */
export function walkMs(units: number, timeScale: number): number {
  return Math.max(1, Math.round((units / NPC_SPEED_UNITS_PER_SECOND) * 1000 * timeScale));
}

/** Walking time of the straight line (a walk with no obstacle on the way). */
export function journeyMs(from: { x: number; y: number }, to: { x: number; y: number }, timeScale: number): number {
  return walkMs(Math.hypot(to.x - from.x, to.y - from.y), timeScale);
}

export function restMs(timeScale: number): number {
  return Math.max(1, Math.round(NPC_REST_MS * timeScale));
}

export function statusOf(phase: NpcPhase | null): NpcStatus {
  if (phase === 'scavenge') return 'working';
  if (phase === 'forage') return 'gathering';
  if (phase === 'return') return 'returning';
  return 'resting';
}

/**
 * Where an NPC on a journey is at `at`, on the straight line from start to target (the stored phase keeps no walk;
 * the live frames carry the journey's waypoints), else where it stands.
 */
export function positionAt(s: NpcSimState, at: number): { x: number; y: number } {
  if (s.phase === null || s.phase === 'rest' || s.phaseStartedAt === null || s.phaseEndsAt === null) return { x: s.x, y: s.y };
  if (s.startX === null || s.startY === null || s.targetX === null || s.targetY === null) return { x: s.x, y: s.y };
  const f = Math.min(1, Math.max(0, (at - s.phaseStartedAt) / Math.max(1, s.phaseEndsAt - s.phaseStartedAt)));
  return { x: s.startX + (s.targetX - s.startX) * f, y: s.startY + (s.targetY - s.startY) * f };
}

/**
 * Whether NPCs may forage a cell at `at`: the player's cooldown since its last forage — and when a catch-up replays a
 * moment before the last recorded forage (NPCs are brought up to date one settlement after another), the same spacing
 * the other way round, so two forages of a cell are never closer than the cooldown whatever the replay order.
 */
export function cellReady(last: number | null, at: number): boolean {
  if (last === null || last <= at) return tileReady(last, at);
  return last - at >= FORAGE_RULES.cooldownMs;
}

const working = worksAway;
const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);
const inBand = (home: { x: number; y: number }, p: { x: number; y: number }) => {
  const tiles = dist(home, p) / TILE_SIZE;
  return tiles >= JOURNEY_MIN_TILES && tiles <= JOURNEY_MAX_TILES;
};
const walkable = (world: SimWorld, tileX: number, tileY: number) => !IMPASSABLE.has(world.biomeAtTile(tileX, tileY));
const cellOf = (tile: number) => Math.floor(tile / FORAGE_CELL_TILES);
/** The centre tile of a forage cell: a forage there covers exactly that cell (5 × 5). */
const cellCentreTile = (cell: number) => cell * FORAGE_CELL_TILES + Math.floor(FORAGE_CELL_TILES / 2);

// ── Targets ──────────────────────────────────────────────────────────────────────────────────────────────────────

type Target = { x: number; y: number; poiId: string | null };
/** A chosen target and the walk there from where the NPC stands. */
type Routed = Target & { route: { x: number; y: number }[] };

/** What the step just changed, seen by the target choice that follows it in the same step. */
interface Fresh {
  poi: { id: string; significance: number } | null;
  foraged: { cellX: number; cellY: number } | null;
}

/**
 * The target of attempt `attempt` of cycle `cycle`: random points 50–200 tiles from the settlement, each turned into
 * a candidate (the nearest POI around it within the band; or its forage cell on walkable ground), and the first one
 * worth the walk — a POI not picked clean for these tools, a cell whose cooldown is over. Null when none is.
 */
function chooseTarget(
  s: NpcSimState,
  ctx: StepContext,
  cycle: number,
  attempt: number,
  fresh: Fresh,
): Routed | null | { need: Need } {
  const rng = keyedRng(s.seed, cycle, attempt, SALT.target);
  const { home, world, at } = ctx;
  const need: Need = { poiIds: [], cells: [] };
  const seen = new Set<string>();
  const candidates: Target[] = [];
  for (let i = 0; i < TARGET_TRIES; i++) {
    const angle = rng() * 2 * Math.PI;
    const tiles = JOURNEY_MIN_TILES + rng() * (JOURNEY_MAX_TILES - JOURNEY_MIN_TILES);
    const p = { x: home.x + Math.cos(angle) * tiles * TILE_SIZE, y: home.y + Math.sin(angle) * tiles * TILE_SIZE };
    if (s.assignment === 'scavenge') {
      let best: SimPoi | null = null;
      for (const poi of world.poisNear(p.x, p.y, POI_SEARCH_UNITS)) {
        const pos = { x: poi.worldX, y: poi.worldY };
        if (seen.has(poi.id) || !inBand(home, pos) || !walkable(world, poi.tileX, poi.tileY)) continue;
        if (!best || dist(pos, p) < dist({ x: best.worldX, y: best.worldY }, p)) best = poi;
      }
      if (!best) continue;
      seen.add(best.id);
      const state = fresh.poi?.id === best.id ? { significance: fresh.poi.significance, changedAt: at } : world.poiState(best.id);
      if (state === undefined) need.poiIds.push(best.id);
      else if (!isPickedClean({ currentSignificance: currentSignificance(best, state, at) }, ctx.tools))
        candidates.push({ x: best.worldX, y: best.worldY, poiId: best.id });
    } else {
      const cellX = cellOf(tileOfWorld(p.x));
      const cellY = cellOf(tileOfWorld(p.y));
      const key = `${cellX},${cellY}`;
      const t = { x: tileCentre(cellCentreTile(cellX)), y: tileCentre(cellCentreTile(cellY)) };
      if (seen.has(key) || !inBand(home, t) || !walkable(world, cellCentreTile(cellX), cellCentreTile(cellY))) continue;
      seen.add(key);
      const last = fresh.foraged?.cellX === cellX && fresh.foraged.cellY === cellY ? at : world.cellForagedAt(cellX, cellY);
      if (last === undefined) need.cells.push({ cellX, cellY });
      else if (cellReady(last, at)) candidates.push({ ...t, poiId: null });
    }
  }
  // Every candidate is judged before choosing, so one round of loading settles the choice.
  if (need.poiIds.length || need.cells.length) return { need };
  // The first one a walk reaches (a POI across a lake is walked round to; one on an island is skipped).
  for (const c of candidates) {
    const route = world.route({ x: s.x, y: s.y }, c);
    if (route) return { ...c, route };
  }
  return null;
}

function currentSignificance(poi: SimPoi, state: PoiState | null, at: number): number {
  if (!state) return poi.significance;
  // A catch-up may replay a time before another NPC's later change: no recovery then, never negative time.
  return recoveredSignificance(state.significance, poi.significance, state.changedAt, Math.max(at, state.changedAt));
}

// ── Transitions ──────────────────────────────────────────────────────────────────────────────────────────────────

const noEffects = (): StepEffects => ({ arrival: null, journey: null, found: [], poi: null, foraged: null, deposit: false });

function travel(
  s: NpcSimState,
  ctx: StepContext,
  purpose: JourneyPurpose,
  from: { x: number; y: number },
  to: Routed,
  extra: Partial<NpcSimState>,
): { state: NpcSimState; journey: Journey } {
  const endsAt = ctx.at + walkMs(walkLength(to.route), ctx.timeScale);
  const journey: Journey = {
    purpose,
    startX: from.x,
    startY: from.y,
    targetX: to.x,
    targetY: to.y,
    startAt: ctx.at,
    endsAt,
    waypoints: to.route,
  };
  const state: NpcSimState = {
    ...s,
    ...extra,
    x: from.x,
    y: from.y,
    phase: purpose,
    status: statusOf(purpose),
    phaseStartedAt: ctx.at,
    phaseEndsAt: endsAt,
    startX: from.x,
    startY: from.y,
    targetX: to.x,
    targetY: to.y,
    targetPoiId: to.poiId,
  };
  return { state, journey };
}

function standing(s: NpcSimState, at: { x: number; y: number }, phase: 'rest' | null, ctx: StepContext): NpcSimState {
  return {
    ...s,
    x: at.x,
    y: at.y,
    phase,
    status: statusOf(phase),
    phaseStartedAt: phase ? ctx.at : null,
    phaseEndsAt: phase ? ctx.at + restMs(ctx.timeScale) : null,
    startX: null,
    startY: null,
    targetX: null,
    targetY: null,
    targetPoiId: null,
  };
}

/** Home from where it stands; already there, the arrival at home happens at once. */
function goHome(s: NpcSimState, ctx: StepContext, from: { x: number; y: number }, effects: StepEffects): StepResult {
  if (dist(from, ctx.home) < AT_PLACE_UNITS) return atHome({ ...s, x: ctx.home.x, y: ctx.home.y }, ctx, effects);
  const route = ctx.world.route(from, ctx.home) ?? [from, ctx.home];
  const { state, journey } = travel(s, ctx, 'return', from, { ...ctx.home, poiId: null, route }, {});
  return { state, effects: { ...effects, journey } };
}

/** At the settlement: deposit, then rest (a worker) or stay (a defender). */
function atHome(s: NpcSimState, ctx: StepContext, effects: StepEffects): StepResult {
  const phase = working(s.assignment) ? 'rest' : null;
  return { state: standing(s, ctx.home, phase, ctx), effects: { ...effects, deposit: true } };
}

/** A new cycle from where the NPC stands (the settlement): its first target, or a rest when there is none. */
function startCycle(s: NpcSimState, ctx: StepContext, effects: StepEffects): StepResult {
  const cycle = s.cycle + 1;
  const target = chooseTarget(s, ctx, cycle, 1, { poi: null, foraged: null });
  if (target && 'need' in target) return target;
  const here = { x: s.x, y: s.y };
  const begun = { ...s, cycle, attempt: 1, cycleStartedAt: ctx.at };
  if (!target) return { state: standing({ ...begun, attempt: 0 }, here, 'rest', ctx), effects };
  const purpose = s.assignment === 'scavenge' ? 'scavenge' : 'forage';
  const { state, journey } = travel(begun, ctx, purpose, here, target, {});
  return { state, effects: { ...effects, journey } };
}

/** The outcome of the action at a journey's target (the player's rules; tools are the NPC's worn ones). */
function act(s: NpcSimState, ctx: StepContext, effects: StepEffects): StepResult | null {
  const rng = keyedRng(s.seed, s.cycle, s.attempt, SALT.action);
  if (s.phase === 'scavenge' && s.targetPoiId) {
    const poi = ctx.world.poi(s.targetPoiId);
    if (!poi) return null;
    const state = ctx.world.poiState(poi.id);
    if (state === undefined) return { need: { poiIds: [poi.id], cells: [] } };
    const current = currentSignificance(poi, state, ctx.at);
    // An NPC draws no survivor (nor resets the place to 0 as a drawing search does): no significance is high enough.
    const outcome = scavengeStep(poi, current, ctx.tools, rng, Number.POSITIVE_INFINITY);
    if (!outcome.searched) {
      if (state && current !== state.significance) effects.poi = { id: poi.id, significance: current };
      return null;
    }
    effects.poi = { id: poi.id, significance: outcome.after };
    effects.found = skilledFinds(outcome.items, ctx.skills);
    return null;
  }
  if (s.phase === 'forage' && s.targetX !== null && s.targetY !== null) {
    const tileX = tileOfWorld(s.targetX);
    const tileY = tileOfWorld(s.targetY);
    const cell = { cellX: cellOf(tileX), cellY: cellOf(tileY) };
    const last = ctx.world.cellForagedAt(cell.cellX, cell.cellY);
    if (last === undefined) return { need: { poiIds: [], cells: [cell] } };
    if (!cellReady(last, ctx.at)) return null;
    const tiles = forageTiles(tileX, tileY).map((t) => ({ biome: BIOME_NAMES[ctx.world.biomeAtTile(t.tileX, t.tileY)]! }));
    effects.found = skilledFinds(forageTilesLoot(tiles, rng), ctx.skills);
    effects.foraged = cell;
  }
  return null;
}

function arrival(s: NpcSimState, purpose: JourneyPurpose, at: { x: number; y: number }, time: number): StepEffects['arrival'] {
  return { purpose, fromX: s.startX ?? s.x, fromY: s.startY ?? s.y, x: at.x, y: at.y, at: time };
}

/** At a journey's target: act, then the next attempt if it fits the cycle, else home. */
function arrive(s: NpcSimState, ctx: StepContext): StepResult {
  const here = { x: s.targetX ?? s.x, y: s.targetY ?? s.y };
  const effects = noEffects();
  effects.arrival = arrival(s, s.phase as JourneyPurpose, here, ctx.at);
  const needed = act(s, ctx, effects);
  if (needed) return needed;
  const moved = { ...s, x: here.x, y: here.y };
  const attempts = CYCLE_ATTEMPTS + (has(ctx.skills, 'hauler') ? HAULER_EXTRA_ATTEMPTS : 0);
  if (working(s.assignment) && s.attempt < attempts && s.cycleStartedAt !== null) {
    const target = chooseTarget(moved, ctx, s.cycle, s.attempt + 1, effects);
    if (target && 'need' in target) return target;
    if (
      target &&
      ctx.at + walkMs(walkLength(target.route), ctx.timeScale) <= s.cycleStartedAt + cycleCapMs(s.seed, s.cycle, ctx.timeScale)
    ) {
      const purpose = s.assignment === 'scavenge' ? 'scavenge' : 'forage';
      const { state, journey } = travel(moved, ctx, purpose, here, target, { attempt: s.attempt + 1 });
      return { state, effects: { ...effects, journey } };
    }
  }
  return goHome(moved, ctx, here, effects);
}

/**
 * The next phase of an NPC whose current phase ended at `ctx.at` (an idle NPC: at `ctx.at` = now). Pure and
 * deterministic; `need` asks for stored state the world did not have loaded (nothing has changed then).
 */
export function step(s: NpcSimState, ctx: StepContext): StepResult {
  switch (s.phase) {
    case 'scavenge':
    case 'forage':
      return arrive(s, ctx);
    case 'return': {
      const effects = noEffects();
      effects.arrival = arrival(s, 'return', ctx.home, ctx.at);
      return atHome({ ...s, x: ctx.home.x, y: ctx.home.y }, ctx, effects);
    }
    case 'rest': {
      // Rested: carried finds are offered to storage again (room may have been made meanwhile).
      const effects = { ...noEffects(), deposit: true };
      if (working(s.assignment)) return startCycle(s, ctx, effects);
      return { state: standing(s, { x: s.x, y: s.y }, null, ctx), effects };
    }
    case null: {
      if (working(s.assignment)) return startCycle(s, ctx, noEffects());
      if (dist(s, ctx.home) >= AT_PLACE_UNITS) return goHome(s, ctx, { x: s.x, y: s.y }, noEffects());
      return { state: standing(s, { x: s.x, y: s.y }, null, ctx), effects: noEffects() };
    }
  }
}

/** Whether the NPC has something to do at `now`: a phase that ended, or an idle worker. */
export function isDue(s: Pick<NpcSimState, 'phase' | 'phaseEndsAt' | 'assignment'>, now: number): boolean {
  if (s.phaseEndsAt !== null) return s.phaseEndsAt <= now;
  return s.phase === null && working(s.assignment);
}

/** When the step that is due runs: the end of the phase, or now for an idle NPC. */
export function dueAt(s: Pick<NpcSimState, 'phaseEndsAt'>, now: number): number {
  return s.phaseEndsAt ?? now;
}
