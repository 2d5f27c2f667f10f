import { PACK_CAPACITY_G } from './game/carrying.ts';
import { resolve } from 'node:path';
import { DEFAULT_MAX_PLAYERS, DEFAULT_SEAT_TIMEOUT_MS } from './contract/lobby.ts';
import { availableParallelism } from 'node:os';
import {
  DEFAULT_LOGIN_FAILURES_PER_ADDRESS,
  DEFAULT_LOGIN_FAILURES_PER_USERNAME,
  DEFAULT_SIGNUP_LIMIT_PER_ADDRESS,
  LOGIN_FAILURE_LIMIT,
} from './contract/auth.ts';
import { DAY_CYCLE_MS, TIME_UPDATE_INTERVAL_MS } from './contract/world.ts';
import { MOVE_FLUSH_MIN_MS } from './contract/protocol.ts';
import {
  DEFAULT_TERRAIN_READ_LIMIT_PER_USER,
  DEFAULT_WRITE_LIMIT_PER_ADDRESS,
  DEFAULT_WRITE_LIMIT_PER_USER,
  type WriteLimit,
} from './http/rate-limit.ts';
import { itemDef } from './contract/items.ts';
import { SCAVENGE_RULES } from './game/scavenge.ts';
import { DEFAULT_WORLDS_MAX_EMBEDDED, DEFAULT_WORLDS_MAX_SERVER } from './game/worlds.ts';
import { CHUNK_WIRE_CACHE_SIZE } from './modules/world/chunk-wire.ts';
import type { DatabaseOptions } from '../db/client.ts';
import { LOG_LEVELS, type LogLevel } from './ops/log.ts';
import { MIN_HASH_COST, type PasswordHashCost, PRODUCTION_HASH_COST } from './modules/auth/passwords.ts';
import { WRITE_BACK_INTERVAL_MS } from './live/write-back.ts';
import { OWNER_LEASE_MS } from './live/ownership.ts';
import { NPC_LEASE_CHECK_MS } from './game/npc-lease.ts';
import { REQUEST_DRAIN_MS } from './http/graceful-stop.ts';

/** Everything the server reads from its environment, parsed once at start-up. */
export interface Config {
  port: number;
  /** postgres.js connection string; unset means embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Origins allowed to send state-changing requests; empty means "the origin the request was addressed to". */
  allowedOrigins: string[];
  /** Adds `Secure` to the session cookie (set when served over https). */
  cookieSecure: boolean;
  maxBodyBytes: number;
  /** The built Astro site. */
  siteDir: string;
  /** Seats in the game (MAX_PLAYERS); beyond them users wait in the queue. */
  maxPlayers: number;
  /** A seat or queue place lapses after this long without a lobby call or live heartbeat (LOBBY_SEAT_TIMEOUT_MS). */
  seatTimeoutMs: number;
  /**
   * WORLDS_MAX: how many worlds may be open at once (closed ones do not count). When every open world is full and
   * fewer are open, joining opens a new one; past it newcomers queue. Default 1 on embedded PGlite (one process on one
   * core), 50 with DATABASE_URL.
   */
  worldsMax: number;
  /** Real time of one in-game day (DAY_CYCLE_MS, default 20 minutes). */
  dayCycleMs: number;
  /** Terrain seed for a world created from now on (WORLD_SEED); unset means random. Existing worlds keep theirs. */
  worldSeed: number | undefined;
  /**
   * Chunks whose encoded piece of the chunks call is kept, over all worlds (CHUNK_WIRE_CACHE_SIZE, default 1024:
   * about 32 MiB when full); 0 builds and compresses every answer afresh.
   */
  chunkWireCacheSize: number;
  /**
   * Reverse proxies in front of the server (TRUST_PROXY, default 0). With N > 0 the client address is the N-th
   * entry from the right of X-Forwarded-For (the one the outermost trusted proxy appended); with 0 the header is
   * ignored and the socket's peer address is the client.
   */
  trustProxyHops: number;
  /** Sign-in attempts checked per username over all client addresses per window (LOGIN_FAILURES_PER_USERNAME). */
  loginFailuresPerUsername: number;
  /** Sign-in attempts checked per client address over all usernames per window (LOGIN_FAILURES_PER_ADDRESS). */
  loginFailuresPerAddress: number;
  /**
   * Sign-ups per client address per 10 minutes over every process on the database (SIGNUP_LIMIT_PER_ADDRESS,
   * default 20; 0 turns the limit off, for test servers that make many accounts from one address). Past it: 429.
   */
  signupLimitPerAddress: number;
  /**
   * Argon2id hashes (sign-up) and checks (sign-in) run at once per process (PASSWORD_HASH_CONCURRENCY, default half
   * the cores, at least 1): each takes ~100 ms of a core, so the rest are left to the game.
   */
  passwordHashConcurrency: number;
  /**
   * Sign-ups and sign-ins that may wait for a hashing slot per process (PASSWORD_HASH_QUEUE, default 16; 0: none
   * wait). Past it the answer is 503 with Retry-After, at once.
   */
  passwordHashQueue: number;
  /**
   * Argon2id's cost for new hashes: PASSWORD_HASH_MEMORY_KIB (default 65536, 64 MiB) and PASSWORD_HASH_TIME_COST
   * (default 2 passes), argon2id's recommended parameters and Bun's defaults. Test servers lower both (1 MiB, one
   * pass: ~1.3 ms a hash instead of ~170 ms); a stored hash carries its own, so a check never depends on these.
   */
  passwordHashCost: PasswordHashCost;
  /**
   * A tar of a migrated blank embedded database (PGLITE_TEMPLATE, db/pglite-template.ts) that a new data directory
   * starts from instead of initdb and the migrations; unset: none. The test runner sets it for every server it starts.
   */
  pgliteTemplate: string | null;
  /**
   * Writes (POST, PUT, PATCH, DELETE under /api) per signed-in user: WRITE_RATE_PER_USER a second (default 20,
   * fractions allowed, 0 turns the limit off) in bursts of up to WRITE_BURST_PER_USER (default 40). Past it: 429.
   */
  writeLimitPerUser: WriteLimit;
  /**
   * The same per client address (see trustProxyHops), over all its users: WRITE_RATE_PER_ADDRESS (default 50) and
   * WRITE_BURST_PER_ADDRESS (default 100). Behind a proxy, set TRUST_PROXY, or every player shares the proxy's.
   */
  writeLimitPerAddress: WriteLimit;
  /**
   * RATE_LIMIT_DB_TIMEOUT_MS (default 1000): the most a request waits for its shared rate-limit bucket in the
   * database; past it, or on a database error, the process limits on its own buckets until the database answers.
   */
  sharedLimitTimeoutMs: number;
  /**
   * Terrain reads (GET path, chunks, poi-state, terrain-info) per signed-in user over every process on the database:
   * TERRAIN_READ_RATE_PER_USER a second (default 20, fractions allowed, 0 turns the limit off) in bursts of up to
   * TERRAIN_READ_BURST_PER_USER (default 200). Past it: 429 with Retry-After.
   */
  terrainReadLimitPerUser: WriteLimit;
  /**
   * What a survivor carries on first entering a world (STARTER_KIT, e.g. "Wood Planks:3,Scrap Metal:2"; default
   * none): for demo servers, tutorials and the browser tests. Names must be in the item catalogue.
   */
  starterKit: { itemName: string; quality: number; quantity: number }[];
  /**
   * What a survivor carries at full speed, in grams (PACK_CAPACITY_KG, default 40, fractions allowed): above it they
   * slow to half speed at 1.5 times it, past that they pick nothing up (api/game/carrying.ts). A Backpack adds 20 kg.
   */
  packCapacityG: number;
  /**
   * The significance from which a scavenge can draw a wanderer (NPC_SPAWN_MIN_SIGNIFICANCE, default 40): each point
   * from it adds 5%. Lower it for demo servers and the browser tests (-20: every search of a fresh place draws one).
   */
  npcSpawnMinSignificance: number;
  /**
   * NPC_TIME_SCALE (default 1): multiplies NPC journey times, rests and cycle caps, so 0.02 makes a 5-minute work
   * cycle take 6 seconds (demos, tests). The world's own clocks (POI recovery, forage cooldowns) keep their pace.
   */
  npcTimeScale: number;
  /**
   * MOVE_FLUSH_MS (default 10, MOVE_FLUSH_MIN_MS): moves go out as soon as the server is idle, but a world's frames of
   * moves at least this many ms apart (at most 1000 / n a second to an observer). `beat`: the former fixed 25 ms
   * wall-clock beat instead (fewer frames, a move waits up to 25 ms).
   */
  moveFlushMs: number | 'beat';
  /**
   * WRITE_BACK_INTERVAL_MS (default 2000): how often each process's live housekeeping runs: positions and presence
   * written back, quiet REST players and lapsed leaves noticed, its survivors' leases renewed. Test servers shorten it
   * so that what waits on it (a leave after the grace period, a write-back before a crash) is seen within a moment.
   */
  writeBackIntervalMs: number;
  /**
   * OWNER_LEASE_MS (default 6000, at least twice WRITE_BACK_INTERVAL_MS): how long a process holds a survivor without
   * renewing it; the survivors of a process that dies go to the next process that asks after this long.
   */
  ownerLeaseMs: number;
  /**
   * NPC_TICK_MS: how often the NPC runner looks for work that has fallen due; unset (null), a second of NPC time
   * (1000 ms × NPC_TIME_SCALE, between 50 ms and a second). Test servers, whose clock the test moves, look every
   * 100 ms.
   */
  npcTickMs: number | null;
  /**
   * NPC_LEASE_CHECK_MS (default 1000): how often a process looks at the NPC world leases; the worlds of a process that
   * dies are taken by the others within two checks.
   */
  npcLeaseCheckMs: number;
  /**
   * TIME_UPDATE_INTERVAL_MS (default 10000): how often each world's room tells its sockets the world's time (dusk and
   * dawn change how far everyone sees).
   */
  timeUpdateIntervalMs: number;
  /**
   * STOP_REQUEST_DRAIN_MS (default 4000): after SIGTERM, how long the requests in flight get to be answered before the
   * live sockets close and what is still open is cut (api/http/graceful-stop.ts).
   */
  stopRequestDrainMs: number;
  /** LOG_LEVEL (default info): trace, debug, info (an access line per request), warn, error, fatal or silent. */
  logLevel: LogLevel;
  /**
   * METRICS_TOKEN: when set, GET /metrics answers only `Authorization: Bearer <token>` (401 otherwise). Unset, the
   * metrics are public: set it on any server reachable from outside.
   */
  metricsToken: string | undefined;
  /**
   * ADMIN_TOKEN: the operator's routes under /api/admin (open, close, rename worlds) answer only
   * `Authorization: Bearer <token>` (401 otherwise). Unset, every admin route answers 404: they do not exist.
   */
  adminToken: string | undefined;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function timeScale(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`NPC_TIME_SCALE must be a number above 0, got "${value}"`);
  return n;
}

function logLevel(value: string | undefined): LogLevel {
  if (value === undefined || value === '') return 'info';
  const level = value.trim().toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return level as LogLevel;
}

function moveFlush(value: string | undefined): number | 'beat' {
  if (value === undefined || value === '') return MOVE_FLUSH_MIN_MS;
  if (value.trim() === 'beat') return 'beat';
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`MOVE_FLUSH_MS must be a whole number of ms (at least 1) or "beat", got "${value}"`);
  return n;
}

function signedInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new Error(`${name} must be an integer, got "${value}"`);
  return n;
}

function atLeast(n: number, min: number, name: string): number {
  if (n < min) throw new Error(`${name} must be at least ${min}, got ${n}`);
  return n;
}

function positive(n: number, name: string): number {
  if (n < 1) throw new Error(`${name} must be at least 1, got ${n}`);
  return n;
}

function proxyHops(value: string | undefined): number {
  if (value === 'true' || value === 'yes') return 1;
  if (value === 'false' || value === 'no') return 0;
  return int(value, 0, 'TRUST_PROXY');
}

/** A per-username or per-address cap below the per-pair limit would make that limit meaningless. */
function atLeastPairLimit(n: number, name: string): number {
  if (n < LOGIN_FAILURE_LIMIT) throw new Error(`${name} must be at least ${LOGIN_FAILURE_LIMIT}, got ${n}`);
  return n;
}

/** A write limit from its two variables; a burst below 1 would refuse everything, so it is refused instead. */
function writeLimit(
  rate: string | undefined,
  burst: string | undefined,
  fallback: WriteLimit,
  names: [string, string],
): WriteLimit {
  let perSecond = fallback.perSecond;
  if (rate !== undefined && rate !== '') {
    perSecond = Number(rate);
    if (!Number.isFinite(perSecond) || perSecond < 0)
      throw new Error(`${names[0]} must be a number of at least 0, got "${rate}"`);
  }
  return { perSecond, burst: positive(int(burst, fallback.burst, names[1]), names[1]) };
}

export const DEFAULT_PASSWORD_HASH_QUEUE = 16;
export const DEFAULT_SHARED_LIMIT_TIMEOUT_MS = 1000;
/** Half the cores (at least one): the other half stays with the event loop and the database. */
export function defaultHashConcurrency(): number {
  return Math.max(1, Math.floor(availableParallelism() / 2));
}

/** A survivor's lease must outlive a missed renewal, or a busy holder would lose survivors it still drives. */
function ownerLease(value: string | undefined, writeBackMs: number): number {
  const ms = int(value, OWNER_LEASE_MS, 'OWNER_LEASE_MS');
  if (ms < 2 * writeBackMs)
    throw new Error(`OWNER_LEASE_MS must be at least twice WRITE_BACK_INTERVAL_MS (${2 * writeBackMs}), got ${ms}`);
  return ms;
}

function starterKit(value: string | undefined): Config['starterKit'] {
  if (!value?.trim()) return [];
  return value.split(',').map((part) => {
    const [rawName, rawCount] = part.split(':');
    const name = rawName?.trim() ?? '';
    const def = itemDef(name);
    if (!def) throw new Error(`STARTER_KIT names an unknown item: "${name}"`);
    const quantity = positive(int(rawCount?.trim(), 1, 'STARTER_KIT count'), 'STARTER_KIT count');
    return { itemName: def.name, quality: Math.round((def.quality[0] + def.quality[1]) / 2), quantity };
  });
}

function packCapacity(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return PACK_CAPACITY_G;
  const kg = Number(value);
  if (!Number.isFinite(kg) || kg < 1 || kg > 10_000)
    throw new Error(`PACK_CAPACITY_KG must be a number from 1 to 10000, got "${value}"`);
  return Math.round(kg * 1000);
}

function seed(value: string): number {
  const n = int(value, 0, 'WORLD_SEED');
  if (n > 0x7fff_ffff) throw new Error(`WORLD_SEED must be at most ${0x7fff_ffff}, got ${n}`);
  return n;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const publicOrigin = env.PUBLIC_ORIGIN ?? '';
  const writeBackIntervalMs = positive(
    int(env.WRITE_BACK_INTERVAL_MS, WRITE_BACK_INTERVAL_MS, 'WRITE_BACK_INTERVAL_MS'),
    'WRITE_BACK_INTERVAL_MS',
  );
  return {
    port: int(env.PORT, 3000, 'PORT'),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR || './data'),
    allowedOrigins: publicOrigin
      .split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    cookieSecure: env.COOKIE_SECURE === '1' || env.COOKIE_SECURE === 'true' || publicOrigin.startsWith('https://'),
    maxBodyBytes: int(env.MAX_BODY_BYTES, 64 * 1024, 'MAX_BODY_BYTES'),
    siteDir: resolve(env.SITE_DIR || resolve(import.meta.dir, '../dist')),
    maxPlayers: positive(int(env.MAX_PLAYERS, DEFAULT_MAX_PLAYERS, 'MAX_PLAYERS'), 'MAX_PLAYERS'),
    seatTimeoutMs: positive(
      int(env.LOBBY_SEAT_TIMEOUT_MS, DEFAULT_SEAT_TIMEOUT_MS, 'LOBBY_SEAT_TIMEOUT_MS'),
      'LOBBY_SEAT_TIMEOUT_MS',
    ),
    worldsMax: positive(
      int(env.WORLDS_MAX, env.DATABASE_URL ? DEFAULT_WORLDS_MAX_SERVER : DEFAULT_WORLDS_MAX_EMBEDDED, 'WORLDS_MAX'),
      'WORLDS_MAX',
    ),
    dayCycleMs: positive(int(env.DAY_CYCLE_MS, DAY_CYCLE_MS, 'DAY_CYCLE_MS'), 'DAY_CYCLE_MS'),
    worldSeed: env.WORLD_SEED ? seed(env.WORLD_SEED) : undefined,
    chunkWireCacheSize: int(env.CHUNK_WIRE_CACHE_SIZE, CHUNK_WIRE_CACHE_SIZE, 'CHUNK_WIRE_CACHE_SIZE'),
    trustProxyHops: proxyHops(env.TRUST_PROXY),
    loginFailuresPerUsername: atLeastPairLimit(
      int(env.LOGIN_FAILURES_PER_USERNAME, DEFAULT_LOGIN_FAILURES_PER_USERNAME, 'LOGIN_FAILURES_PER_USERNAME'),
      'LOGIN_FAILURES_PER_USERNAME',
    ),
    loginFailuresPerAddress: atLeastPairLimit(
      int(env.LOGIN_FAILURES_PER_ADDRESS, DEFAULT_LOGIN_FAILURES_PER_ADDRESS, 'LOGIN_FAILURES_PER_ADDRESS'),
      'LOGIN_FAILURES_PER_ADDRESS',
    ),
    signupLimitPerAddress: int(env.SIGNUP_LIMIT_PER_ADDRESS, DEFAULT_SIGNUP_LIMIT_PER_ADDRESS, 'SIGNUP_LIMIT_PER_ADDRESS'),
    passwordHashConcurrency: positive(
      int(env.PASSWORD_HASH_CONCURRENCY, defaultHashConcurrency(), 'PASSWORD_HASH_CONCURRENCY'),
      'PASSWORD_HASH_CONCURRENCY',
    ),
    passwordHashQueue: int(env.PASSWORD_HASH_QUEUE, DEFAULT_PASSWORD_HASH_QUEUE, 'PASSWORD_HASH_QUEUE'),
    passwordHashCost: {
      memoryCost: atLeast(
        int(env.PASSWORD_HASH_MEMORY_KIB, PRODUCTION_HASH_COST.memoryCost, 'PASSWORD_HASH_MEMORY_KIB'),
        MIN_HASH_COST.memoryCost,
        'PASSWORD_HASH_MEMORY_KIB',
      ),
      timeCost: atLeast(
        int(env.PASSWORD_HASH_TIME_COST, PRODUCTION_HASH_COST.timeCost, 'PASSWORD_HASH_TIME_COST'),
        MIN_HASH_COST.timeCost,
        'PASSWORD_HASH_TIME_COST',
      ),
    },
    pgliteTemplate: env.PGLITE_TEMPLATE || null,
    writeLimitPerUser: writeLimit(env.WRITE_RATE_PER_USER, env.WRITE_BURST_PER_USER, DEFAULT_WRITE_LIMIT_PER_USER, [
      'WRITE_RATE_PER_USER',
      'WRITE_BURST_PER_USER',
    ]),
    writeLimitPerAddress: writeLimit(env.WRITE_RATE_PER_ADDRESS, env.WRITE_BURST_PER_ADDRESS, DEFAULT_WRITE_LIMIT_PER_ADDRESS, [
      'WRITE_RATE_PER_ADDRESS',
      'WRITE_BURST_PER_ADDRESS',
    ]),
    sharedLimitTimeoutMs: positive(
      int(env.RATE_LIMIT_DB_TIMEOUT_MS, DEFAULT_SHARED_LIMIT_TIMEOUT_MS, 'RATE_LIMIT_DB_TIMEOUT_MS'),
      'RATE_LIMIT_DB_TIMEOUT_MS',
    ),
    terrainReadLimitPerUser: writeLimit(
      env.TERRAIN_READ_RATE_PER_USER,
      env.TERRAIN_READ_BURST_PER_USER,
      DEFAULT_TERRAIN_READ_LIMIT_PER_USER,
      ['TERRAIN_READ_RATE_PER_USER', 'TERRAIN_READ_BURST_PER_USER'],
    ),
    starterKit: starterKit(env.STARTER_KIT),
    packCapacityG: packCapacity(env.PACK_CAPACITY_KG),
    npcSpawnMinSignificance: signedInt(
      env.NPC_SPAWN_MIN_SIGNIFICANCE,
      SCAVENGE_RULES.npcMinSignificance,
      'NPC_SPAWN_MIN_SIGNIFICANCE',
    ),
    npcTimeScale: timeScale(env.NPC_TIME_SCALE),
    moveFlushMs: moveFlush(env.MOVE_FLUSH_MS),
    writeBackIntervalMs,
    ownerLeaseMs: ownerLease(env.OWNER_LEASE_MS, writeBackIntervalMs),
    timeUpdateIntervalMs: positive(
      int(env.TIME_UPDATE_INTERVAL_MS, TIME_UPDATE_INTERVAL_MS, 'TIME_UPDATE_INTERVAL_MS'),
      'TIME_UPDATE_INTERVAL_MS',
    ),
    stopRequestDrainMs: int(env.STOP_REQUEST_DRAIN_MS, REQUEST_DRAIN_MS, 'STOP_REQUEST_DRAIN_MS'),
    npcTickMs: env.NPC_TICK_MS ? positive(int(env.NPC_TICK_MS, 0, 'NPC_TICK_MS'), 'NPC_TICK_MS') : null,
    npcLeaseCheckMs: positive(int(env.NPC_LEASE_CHECK_MS, NPC_LEASE_CHECK_MS, 'NPC_LEASE_CHECK_MS'), 'NPC_LEASE_CHECK_MS'),
    logLevel: logLevel(env.LOG_LEVEL),
    metricsToken: env.METRICS_TOKEN || undefined,
    adminToken: env.ADMIN_TOKEN || undefined,
  };
}

/** Where the server's database is: the Postgres server, or the embedded one in the data directory (and its template). */
export function databaseOptionsOf(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pgliteTemplate'>): DatabaseOptions {
  return config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir, template: config.pgliteTemplate };
}
