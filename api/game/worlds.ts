/**
 * Many worlds on one deployment, pure: which world a joining player is seated in, when a new world
 * opens, what a world's public state is, and the names new worlds get. No database, no clock, no randomness of its
 * own (callers pass the random numbers in). The lobby service (api/modules/lobby/service.ts) reads the worlds and
 * their seat counts under the lobby lock, asks `place`, and writes what it decides.
 */

/** The first world's name (its id is `default`, DEFAULT_WORLD_ID): worlds opened later get generated names. */
export const DEFAULT_WORLD_NAME = 'The Wasteland';

/** WORLDS_MAX on an embedded PGlite database: one process on one core serves one 20-seat world well, not more. */
export const DEFAULT_WORLDS_MAX_EMBEDDED = 1;
/** WORLDS_MAX with DATABASE_URL (a Postgres server): 50 worlds of 20, the 1,000 players the live layer was measured at. */
export const DEFAULT_WORLDS_MAX_SERVER = 50;

/** 404 for a join naming a world that does not exist. */
export const UNKNOWN_WORLD_MESSAGE = 'Unknown world';
/** 409 for a join naming a closed world. */
export const WORLD_CLOSED_MESSAGE = 'That world is closed';
/** 409 for a join naming a world with no free seat. */
export const WORLD_FULL_MESSAGE = 'That world is full';

/** What an operator sets: an open world admits players, a closed one admits nobody new (its seated players stay). */
export type StoredWorldState = 'open' | 'closed';
/** What GET /api/worlds shows: `full` is derived (every seat taken), never stored. */
export type WorldState = StoredWorldState | 'full';

/** One world as placement needs it. */
export interface WorldSeats {
  id: string;
  /** Seated players now (not lapsed). */
  seated: number;
  /** This world's seats: its own pinned number, else the deployment's MAX_PLAYERS (see `seatsOf`). */
  maxPlayers: number;
  state: StoredWorldState;
  createdAt: Date;
}

/** A world's seats: the operator's pinned number when set, else the deployment's MAX_PLAYERS. */
export function seatsOf(pinned: number | null, deploymentMaxPlayers: number): number {
  return pinned ?? deploymentMaxPlayers;
}

/** The public state: closed stays closed; an open world with every seat taken shows as full. */
export function worldStateOf(w: Pick<WorldSeats, 'seated' | 'maxPlayers' | 'state'>): WorldState {
  if (w.state === 'closed') return 'closed';
  return w.seated >= w.maxPlayers ? 'full' : 'open';
}

/** Does this world take one more player now? */
export function hasFreeSeat(w: Pick<WorldSeats, 'seated' | 'maxPlayers' | 'state'>): boolean {
  return w.state === 'open' && w.seated < w.maxPlayers;
}

/** Open worlds (closed ones do not count against WORLDS_MAX). */
export function openCount(worlds: readonly Pick<WorldSeats, 'state'>[]): number {
  return worlds.filter((w) => w.state === 'open').length;
}

/** May one more world open? Only while fewer than WORLDS_MAX are open. */
export function mayOpenWorld(worlds: readonly Pick<WorldSeats, 'state'>[], worldsMax: number): boolean {
  return openCount(worlds) < worldsMax;
}

/** The fullest open world with a free seat (friends meet; worlds stay lively); ties go to the oldest. Null: none. */
export function fullestWithRoom(worlds: readonly WorldSeats[]): WorldSeats | null {
  let best: WorldSeats | null = null;
  for (const w of worlds) {
    if (!hasFreeSeat(w)) continue;
    if (
      !best ||
      w.seated > best.seated ||
      (w.seated === best.seated &&
        (w.createdAt.getTime() < best.createdAt.getTime() ||
          (w.createdAt.getTime() === best.createdAt.getTime() && w.id < best.id)))
    )
      best = w;
  }
  return best;
}

/** Where a joining player goes. */
export type Placement =
  | { kind: 'seat'; worldId: string }
  | { kind: 'open' }
  | { kind: 'queue' }
  | { kind: 'refuse'; status: 404 | 409; message: string };

export interface PlacementAsk {
  /** The world of the player's most recently seen survivor, if any. */
  home: string | null;
  /** The world the player picked from the list, if any. */
  requested: string | null;
  worldsMax: number;
  /** People already waiting in the deployment's queue: a newcomer never jumps them. */
  queued: number;
}

/**
 * The placement rule:
 * 1. a requested world: seat there if it is open with a free seat; unknown → 404, closed or full → 409 (nothing
 *    written);
 * 2. the home world (where the player's survivor lives) if it is open with a free seat;
 * 3. the fullest open world with a free seat (ties: the oldest);
 * 4. none free and fewer than WORLDS_MAX open: open a new world and seat there;
 * 5. else the queue (deployment-wide, first come first served). Someone already waiting means every seat is taken
 *    and no world may open (settling seats the queue first), so a newcomer queues behind them.
 */
export function place(worlds: readonly WorldSeats[], ask: PlacementAsk): Placement {
  if (ask.requested !== null) {
    const w = worlds.find((x) => x.id === ask.requested);
    if (!w) return { kind: 'refuse', status: 404, message: UNKNOWN_WORLD_MESSAGE };
    if (w.state === 'closed') return { kind: 'refuse', status: 409, message: WORLD_CLOSED_MESSAGE };
    if (!hasFreeSeat(w)) return { kind: 'refuse', status: 409, message: WORLD_FULL_MESSAGE };
    return { kind: 'seat', worldId: w.id };
  }
  if (ask.queued > 0) return { kind: 'queue' };
  if (ask.home !== null) {
    const home = worlds.find((x) => x.id === ask.home);
    if (home && hasFreeSeat(home)) return { kind: 'seat', worldId: home.id };
  }
  const fullest = fullestWithRoom(worlds);
  if (fullest) return { kind: 'seat', worldId: fullest.id };
  if (mayOpenWorld(worlds, ask.worldsMax)) return { kind: 'open' };
  return { kind: 'queue' };
}

/**
 * Seats the queue can still take: the free seats of open worlds plus a full world's worth for every world that may
 * still open. Settling is needed only when people wait and this is above 0.
 */
export function roomForQueue(worlds: readonly WorldSeats[], worldsMax: number, maxPlayers: number): number {
  let free = 0;
  for (const w of worlds) if (hasFreeSeat(w)) free += w.maxPlayers - w.seated;
  return free + Math.max(0, worldsMax - openCount(worlds)) * maxPlayers;
}

const ADJECTIVES = [
  'Rust',
  'Ashen',
  'Forsaken',
  'Broken',
  'Dust',
  'Scorched',
  'Silent',
  'Iron',
  'Bleak',
  'Salt',
  'Cinder',
  'Pale',
  'Sunken',
  'Withered',
  'Red',
  'Grey',
  'Cracked',
  'Bitter',
  'Lonely',
  'Burnt',
] as const;
const PLACES = [
  'Hollow',
  'Flats',
  'Reach',
  'Basin',
  'Ridge',
  'Crossing',
  'Mesa',
  'Barrens',
  'Gulch',
  'Wastes',
  'Fields',
  'Verge',
  'Dunes',
  'Mire',
  'Spur',
  'Steppe',
  'Sprawl',
  'Drift',
  'Canyon',
  'Shallows',
] as const;

/** Distinct names the generator makes (every adjective with every place). */
export const WORLD_NAME_COUNT = ADJECTIVES.length * PLACES.length;

/** The n-th generated world name ("Rust Hollow", "Ashen Flats", …); any integer works (taken modulo the list). */
export function worldName(n: number): string {
  const i = ((Math.trunc(n) % WORLD_NAME_COUNT) + WORLD_NAME_COUNT) % WORLD_NAME_COUNT;
  const adjective = ADJECTIVES[i % ADJECTIVES.length]!;
  const place = PLACES[Math.floor(i / ADJECTIVES.length)]!;
  return `${adjective} ${place}`;
}

/**
 * A name for a new world from a random integer, skipping names already in use (compared case-insensitively): the
 * next name in the list after a taken one. When every generated name is taken, a number is added ("Rust Hollow 2").
 */
export function pickWorldName(random: number, taken: Iterable<string>): string {
  const used = new Set([...taken].map((t) => t.toLowerCase()));
  for (let k = 0; k < WORLD_NAME_COUNT; k++) {
    const name = worldName(random + k);
    if (!used.has(name.toLowerCase())) return name;
  }
  const base = worldName(random);
  for (let suffix = 2; ; suffix++) if (!used.has(`${base} ${suffix}`.toLowerCase())) return `${base} ${suffix}`;
}

/** Id of a new world: `w-` and 8 base-36 characters from the given random bytes (at least 8). */
export function worldIdFrom(bytes: ArrayLike<number>): string {
  let id = 'w-';
  for (let i = 0; i < 8; i++) id += ((bytes[i] ?? 0) % 36).toString(36);
  return id;
}
