import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { CHUNK_SIZE, loadCoreForBun, type Core } from '../../core-wasm/index.ts';
import { MAX_CHUNK_COORD, MAX_TILE_COORD, MIN_TILE_COORD } from '../../core-wasm/constants.ts';
import { repositories } from '../../db/index.ts';
import { playerEquipment, players } from '../../db/schema/index.ts';
import { createApp } from '../app.ts';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../contract/auth.ts';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../contract/json-depth.ts';
import { PROTOCOL_VERSION, parseServerMessage } from '../contract/protocol.ts';
import { CHAT_MESSAGE_MAX, CHAT_MUTE_LIMIT, CHAT_SLOW_MESSAGES, CHAT_SLOW_WINDOW_MS } from '../game/chat.ts';
import { hashSessionToken, newSessionToken } from '../http/session.ts';
import { TestClient, uniqueName } from '../testing/client.ts';
import type { Backend } from '../testing/databases.ts';
import { NO_WRITE_LIMITS, startTestServer, type TestServer } from '../testing/server.ts';
import { encodeSegment, routeSpecs, sitePath, type Actor, type FuzzContext, type RouteSpec } from './routes.ts';
import {
  deepJsonText,
  hostileKey,
  hostileNumber,
  hostileString,
  hostileValue,
  malformedJsonText,
  nearValidObject,
  rarely,
  stringifyWithRaw,
} from './values.ts';

/**
 * The fuzz harness: a real server over a real database, a few signed-in users, one generator per route
 * (routes.ts), and the checks every answer must pass. Used by fuzz.test.ts (a few thousand cases) and
 * `bun run fuzz` (FUZZ_RUNS, default 10,000).
 */

export const WORLD_SEED = 20_261_124;
const PASSWORD = 'correct horse battery';
const REQUEST_TIMEOUT_MS = 10_000;
/** Seats: player, walker and churner are seated; the waiter queues behind them. */
const MAX_PLAYERS = 3;
/** Close codes the live protocol documents (api/contract/protocol.ts). */
export const DOCUMENTED_CLOSE_CODES = new Set([1000, 1009, 4001, 4003, 4008]);
const WS_MAX_FRAME = 4096;

// ---------------------------------------------------------------------------------------------------------------
// Environment

export interface FuzzEnv {
  backend: Backend;
  server: TestServer;
  ctx: FuzzContext;
  specs: Record<string, RouteSpec>;
  /** "METHOD /path" of every route the running app has. */
  appRoutes: string[];
  cookies: Record<Actor | 'walker', string>;
  userIds: Record<'player' | 'churner' | 'walker' | 'waiter', string>;
  walkerStart: { x: number; y: number };
  /** Users created during setup (registrations with 201 add to it). */
  setupUsers: number;
  stats: FuzzStats;
  /** Added to the server's clock. */
  clock: { offsetMs: number };
  stop(): Promise<void>;
}

export interface FuzzStats {
  httpCases: number;
  byStatus: Map<number, number>;
  byRoute: Map<string, Map<number, number>>;
  registered201: number;
  wsCases: number;
  wsFramesSent: number;
  wsFramesByType: Map<string, number>;
  wsCloseCodes: Map<number, number>;
  failures: Map<string, Failure>;
  ms: { http: number; ws: number };
  slowest: { ms: number; what: string };
}

export interface Failure {
  kind: string;
  signature: string;
  count: number;
  detail: string;
  /** The smallest request that showed it, as a runnable command. */
  repro: string;
  size: number;
}

function cookieOf(c: TestClient): string {
  return [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

function listSite(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push('/' + relative(dir, p).replaceAll('\\', '/'));
    }
  };
  try {
    walk(dir);
  } catch {
    return ['/'];
  }
  const pages = out
    .filter((p) => p.endsWith('.html'))
    .map((p) => p.replace(/(index)?\.html$/, '').replace(/(.)\/$/, '$1') || '/');
  return [...new Set(['/', ...pages, ...out.slice(0, 40)])];
}

function nearbyPois(core: Core) {
  const all = [];
  for (let cy = -1; cy <= 1; cy++) for (let cx = -1; cx <= 1; cx++) all.push(...core.pois(WORLD_SEED, cx, cy));
  return all;
}

/** Starts the server, signs in the cast, seats them and puts the player next to a POI with loot left. */
export async function setupFuzz(backend: Backend): Promise<FuzzEnv> {
  // The server's clock is real time plus an offset the socket fuzz moves forward (see advanceClock).
  const clock = { offsetMs: 0 };
  const server = await startTestServer(backend, {
    worldSeed: WORLD_SEED,
    maxPlayers: MAX_PLAYERS,
    seatTimeoutMs: 24 * 3600_000,
    now: () => new Date(Date.now() + clock.offsetMs),
    // Thousands of cases from one address as fast as the server answers: past any write limit, on purpose.
    ...NO_WRITE_LIMITS,
  });
  try {
    const core = await loadCoreForBun();
    const appRoutes = createApp({ config: server.config, database: server.database, core }).routes.map(
      (r) => `${r.method} ${r.path}`,
    );

    const cast = {
      player: new TestClient(server.url),
      walker: new TestClient(server.url),
      churner: new TestClient(server.url),
      waiter: new TestClient(server.url),
    };
    const names = { player: uniqueName('fzp'), walker: uniqueName('fzw'), churner: uniqueName('fzc'), waiter: uniqueName('fzq') };
    const ids = {} as Record<keyof typeof cast, string>;
    for (const k of ['player', 'walker', 'churner', 'waiter'] as const) {
      ids[k] = (await cast[k].register(names[k])).id;
      const join = await cast[k].post('/api/lobby/join-game');
      if (join.status !== 200) throw new Error(`join-game ${k}: ${join.status} ${await join.text()}`);
    }
    const world = await cast.player.json(cast.player.get('/api/world/default'));
    if (world.seed !== WORLD_SEED) throw new Error(`world seed ${world.seed}, expected ${WORLD_SEED}`);

    const pois = nearbyPois(core);
    const target = pois.find((p) => !p.landmark && p.significance >= 4) ?? pois[0]!;
    // The player enters the world for the first time standing next to the target POI.
    await server.database.db.insert(players).values({
      userId: ids.player,
      worldId: 'default',
      name: names.player,
      x: target.worldX + 5,
      y: target.worldY,
      color: '#fff',
      isOnline: false,
    });
    // The player wears a Portable Radio, so radio chat is fuzzed past its gate too.
    await server.database.db
      .insert(playerEquipment)
      .values({ userId: ids.player, worldId: 'default', slot: 'communication', itemName: 'Portable Radio', quality: 50 });
    const me = await cast.player.json(cast.player.get('/api/player/current'));
    const walkerPos = await cast.walker.json(cast.walker.get('/api/player/current'));

    const ctx: FuzzContext = {
      seed: WORLD_SEED,
      usernames: [names.player, names.waiter],
      playerIds: [ids.player, ids.walker, ids.waiter],
      password: PASSWORD,
      player: { x: me.x, y: me.y },
      nearPoiId: target.id,
      poiIds: pois
        .filter((p) => p.id !== target.id)
        .slice(0, 20)
        .map((p) => p.id),
      sitePaths: listSite(server.config.siteDir),
      tileSize: world.tileSize,
      chunkTiles: CHUNK_SIZE,
    };
    const userCount = await scalar(server, sql`select count(*)::int as n from users`);
    return {
      backend,
      server,
      ctx,
      specs: routeSpecs(ctx),
      appRoutes,
      cookies: { visitor: '', player: cookieOf(cast.player), churner: cookieOf(cast.churner), walker: cookieOf(cast.walker) },
      userIds: ids,
      walkerStart: { x: walkerPos.x, y: walkerPos.y },
      setupUsers: userCount,
      stats: {
        httpCases: 0,
        byStatus: new Map(),
        byRoute: new Map(),
        registered201: 0,
        wsCases: 0,
        wsFramesSent: 0,
        wsFramesByType: new Map(),
        wsCloseCodes: new Map(),
        failures: new Map(),
        ms: { http: 0, ws: 0 },
        slowest: { ms: 0, what: '' },
      },
      clock,
      stop: () => server.stop(),
    };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/** Routes of the running app with no generator, and generators for routes the app no longer has. */
export function routeCoverage(env: FuzzEnv): { missing: string[]; stale: string[] } {
  const have = new Set(Object.keys(env.specs));
  const app = new Set(env.appRoutes);
  return { missing: [...app].filter((r) => !have.has(r)), stale: [...have].filter((r) => !app.has(r)) };
}

// ---------------------------------------------------------------------------------------------------------------
// Database

async function rows(server: TestServer, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = (await server.database.db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];
}

async function scalar(server: TestServer, query: ReturnType<typeof sql>): Promise<number> {
  return Number(Object.values((await rows(server, query))[0] ?? {})[0] ?? 0);
}

/**
 * What a refused request must leave as it was: every table a handler writes, summarised in one query.
 * Left out: failed sign-ins (a refused login records one on purpose), last-seen times and live positions
 * (written by heartbeats and the position sweep, not by the request), the game log (written in the background
 * when live connections come and go) and the survivor row a game call creates on first entry to the world
 * (the same for every call; the invariants check it belongs to a real world and user).
 */
async function fingerprint(server: TestServer): Promise<string> {
  const [row] = await rows(
    server,
    sql`select
      (select count(*) from users)::text || '|' ||
      (select md5(coalesce(string_agg(id || ':' || coalesce(display_name, '-') || ':' || coalesce(email, '-'), ',' order by id), '')) from users) || '|' ||
      (select count(*) from sessions)::text || '|' ||
      (select count(*)::text || ':' || coalesce(sum(quantity), 0)::text from inventory_items) || '|' ||
      (select count(*)::text || ':' || coalesce(sum(quality), 0)::text from player_equipment) || '|' ||
      (select count(*)::text || ':' || coalesce(sum(current_significance), 0)::text from poi_states) || '|' ||
      (select count(*) from forage_cooldowns)::text || '|' ||
      (select count(*) from npc_spawn_signals)::text || '|' ||
      (select md5(coalesce(string_agg(user_id || ':' || (seated_at is not null)::text || ':' || is_ready::text, ',' order by seq), '')) from lobby_entries) || '|' ||
      (select count(*) from worlds)::text || '|' ||
      (select count(*)::text || ':' || coalesce(max(updated_at)::text, '-') from explored_chunks) || '|' ||
      (select count(*) from chat_messages)::text || '|' ||
      (select md5(coalesce(string_agg(muter_id || ':' || muted_id, ',' order by muter_id, muted_id), '')) from player_mutes) as fp`,
  );
  return String(row?.fp ?? '');
}

const FP_PARTS = [
  'users',
  'user names',
  'sessions',
  'inventory',
  'equipment',
  'poi states',
  'forage cooldowns',
  'npc signals',
  'lobby',
  'worlds',
  'explored chunks',
  'chat messages',
  'mutes',
];
function fingerprintDiff(a: string, b: string): string {
  const pa = a.split('|');
  const pb = b.split('|');
  return FP_PARTS.filter((_, i) => pa[i] !== pb[i])
    .map((name) => `${name}: ${pa[FP_PARTS.indexOf(name)]} → ${pb[FP_PARTS.indexOf(name)]}`)
    .join('; ');
}

/** Gives an actor a fresh session straight in the database (no password hashing, no sign-in limit). */
async function restoreSession(env: FuzzEnv, actor: 'player' | 'churner'): Promise<void> {
  const token = newSessionToken();
  const repos = repositories(env.server.database.db);
  await repos.accounts.createSession(
    hashSessionToken(token),
    env.userIds[actor],
    new Date(Date.now() + env.clock.offsetMs + SESSION_TTL_MS),
  );
  env.cookies[actor] = `${SESSION_COOKIE}=${token}`;
}

/** Invariants a partial write would break; answers the violations. */
export async function checkInvariants(env: FuzzEnv): Promise<string[]> {
  const s = env.server;
  const bad: string[] = [];
  const check = async (what: string, query: ReturnType<typeof sql>) => {
    const found = await rows(s, query);
    if (found.length) bad.push(`${what}: ${found.length} row(s), e.g. ${JSON.stringify(found.slice(0, 3))}`);
  };
  const users = await scalar(s, sql`select count(*)::int from users`);
  const expected = env.setupUsers + env.stats.registered201;
  if (users !== expected)
    bad.push(`users: ${users} rows, but setup made ${env.setupUsers} and ${env.stats.registered201} registrations answered 201`);
  await check(
    'users whose password is not an argon2id hash',
    sql`select id from users where password_hash not like '$argon2id$%'`,
  );
  await check(
    'users whose username_key is not their lower-cased username',
    sql`select id, username from users where username_key <> lower(username)`,
  );
  await check('users with an invalid username', sql`select id, username from users where username !~ '^[A-Za-z0-9_-]{3,24}$'`);
  await check(
    'display names that are empty, untrimmed or over 32 characters',
    sql`select id, display_name from users where display_name is not null and (char_length(display_name) > 32 or display_name <> btrim(display_name))`,
  );
  await check(
    'sessions of missing users or already expired at creation',
    sql`select token_hash from sessions s where not exists (select 1 from users u where u.id = s.user_id) or expires_at <= created_at`,
  );
  const seated = await scalar(s, sql`select count(*)::int from lobby_entries where seated_at is not null`);
  const queued = await scalar(s, sql`select count(*)::int from lobby_entries where seated_at is null`);
  if (seated > MAX_PLAYERS) bad.push(`lobby: ${seated} seated with MAX_PLAYERS ${MAX_PLAYERS}`);
  if (queued > 0 && seated < MAX_PLAYERS)
    bad.push(`lobby: ${queued} queued while only ${seated} of ${MAX_PLAYERS} seats are taken`);
  await check('queued lobby entries marked ready', sql`select user_id from lobby_entries where seated_at is null and is_ready`);
  await check(
    'lobby entries of missing users',
    sql`select user_id from lobby_entries e where not exists (select 1 from users u where u.id = e.user_id)`,
  );
  await check('worlds other than the default one', sql`select id from worlds where id <> 'default'`);
  const worldRef = (table: string) =>
    sql.raw(`select world_id from ${table} t where not exists (select 1 from worlds w where w.id = t.world_id) limit 5`);
  for (const table of [
    'players',
    'inventory_items',
    'player_equipment',
    'poi_states',
    'forage_cooldowns',
    'npc_spawn_signals',
    'explored_chunks',
    'world_events',
    'chat_messages',
  ]) {
    await check(`${table} rows of a world that does not exist`, worldRef(table));
  }
  await check(
    'inventory stacks with quantity ≤ 0 or quality outside 0..100',
    sql`select id, item_name, quantity, quality from inventory_items where quantity <= 0 or quality < 0 or quality > 100`,
  );
  await check(
    'POI significance below the multitool floor (-5) or above 100',
    sql`select poi_id, current_significance from poi_states where current_significance < -5 or current_significance > 100`,
  );
  await check(
    'explored chunks whose bitset is not 2048 bytes or outside the world',
    sql`select chunk_x, chunk_y, length(bits) from explored_chunks where length(bits) <> 2048 or abs(chunk_x) > ${MAX_CHUNK_COORD} or abs(chunk_y) > ${MAX_CHUNK_COORD}`,
  );
  const minWorld = MIN_TILE_COORD * env.ctx.tileSize;
  const maxWorld = (MAX_TILE_COORD + 1) * env.ctx.tileSize;
  await check(
    'players outside the world or at a non-finite position',
    sql`select user_id, x, y from players where not (x between ${minWorld} and ${maxWorld}) or not (y between ${minWorld} and ${maxWorld})`,
  );
  await check(
    'forage cooldowns outside the world',
    sql`select tile_x, tile_y from forage_cooldowns where tile_x < ${MIN_TILE_COORD} or tile_x > ${MAX_TILE_COORD} or tile_y < ${MIN_TILE_COORD} or tile_y > ${MAX_TILE_COORD}`,
  );
  await check(
    'chat messages empty, untrimmed or over the length limit',
    sql`select id, message from chat_messages where message = '' or message <> btrim(message) or char_length(message) > ${CHAT_MESSAGE_MAX}`,
  );
  await check(
    'chat senders past slow mode (more messages than allowed within one window)',
    sql.raw(`select m.id, m.user_id from chat_messages m where (select count(*) from chat_messages o where o.user_id = m.user_id
      and o.created_at <= m.created_at and o.created_at > m.created_at - interval '${CHAT_SLOW_WINDOW_MS} milliseconds') > ${CHAT_SLOW_MESSAGES}`),
  );
  await check(
    'chat messages on a channel the rules do not have',
    sql`select id, channel from chat_messages where channel not in ('radio', 'nearby')`,
  );
  await check('players muting themselves', sql`select muter_id from player_mutes where muter_id = muted_id`);
  await check(
    'mute lists over the limit',
    sql`select muter_id, count(*) from player_mutes group by muter_id having count(*) > ${CHAT_MUTE_LIMIT}`,
  );
  await check(
    'world events of an unknown type or empty',
    sql`select id, type from world_events where type not in ('join', 'leave', 'move', 'discover') or message = ''`,
  );
  return bad;
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP cases

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'text'; text: string; contentType: string }
  /** JSON nested far past MAX_JSON_DEPTH, inside the size cap: refused with 400 before it is parsed. */
  | { kind: 'deep'; text: string; contentType: string }
  | { kind: 'oversized'; value: unknown; extra: number; chunked: boolean; contentType: string };

export interface HttpCase {
  route: string;
  actor: Actor;
  method: string;
  path: string;
  query: string;
  origin: 'own' | 'none' | 'foreign' | 'null';
  upgrade: boolean;
  body: Body;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];
const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json;charset=UTF-8'];
const OTHER_TYPES = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/octet-stream',
  'text/json',
  'application/ld+json',
  'application/json; charset=utf-16',
  'application/xml',
  '',
  'garbage',
];

function queryString(q: Record<string, string>): string {
  const parts = Object.entries(q).map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The routes the app has that the fuzz has a generator for. */
function fuzzedRoutes(env: FuzzEnv): string[] {
  return Object.keys(env.specs).filter((k) => env.appRoutes.includes(k));
}

function httpCase(env: FuzzEnv): fc.Arbitrary<HttpCase> {
  return fc.constantFrom(...fuzzedRoutes(env)).chain((route) => routeCase(env, route));
}

/** One case of one route: its method, path, query and body, each valid, near valid or hostile. */
function routeCase(env: FuzzEnv, route: string): fc.Arbitrary<HttpCase> {
  const spec = env.specs[route]!;
  const [routeMethod, pattern] = route.split(' ') as [string, string];
  const method = fc.oneof(
    { weight: 9, arbitrary: fc.constant(routeMethod === 'WS' ? 'GET' : routeMethod) },
    { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
  );
  const actor: fc.Arbitrary<Actor> = spec.destructive
    ? fc.constantFrom('visitor', 'churner')
    : fc.oneof(
        { weight: 1, arbitrary: fc.constant('visitor' as const) },
        { weight: 3, arbitrary: fc.constant('player' as const) },
        { weight: 1, arbitrary: fc.constant('churner' as const) },
      );
  const params = spec.params ? fc.record(spec.params) : fc.constant({} as Record<string, string>);
  const path = spec.site
    ? sitePath(env.ctx)
    : params.map((p) => pattern.replace(/:(\w+)/g, (_m, name: string) => encodeSegment(p[name] ?? '')).replace(/^\/ws$/, '/ws'));
  const mutatedPath = fc
    .tuple(
      path,
      fc.oneof(
        { weight: 30, arbitrary: fc.constant((p: string) => p) },
        { weight: 1, arbitrary: fc.constant((p: string) => `${p}/`) },
        { weight: 1, arbitrary: fc.constant((p: string) => p.toUpperCase()) },
        { weight: 1, arbitrary: fc.constant((p: string) => p.replace('/api/', '/api//')) },
        { weight: 1, arbitrary: hostileString.map((s) => (p: string) => `${p}/${encodeSegment(s)}`) },
      ),
    )
    .map(([p, f]) => f(p));
  const query = fc.oneof(
    { weight: 12, arbitrary: (spec.query ?? fc.constant({})).map(queryString) },
    { weight: 1, arbitrary: fc.dictionary(hostileKey, hostileString, { maxKeys: 4 }).map(queryString) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '?',
        '?&&',
        '?a',
        '?=',
        '?%',
        '?%00=%00',
        '?worldId=default&worldId=nope',
        '?x[]=1',
        '?__proto__[a]=1',
        '?a=%ZZ',
      ),
    },
  );
  const jsonType = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...JSON_TYPES) },
    { weight: spec.beacon ? 3 : 1, arbitrary: fc.constantFrom(...OTHER_TYPES) },
  );
  const valid = spec.body ?? fc.constant(undefined);
  const body: fc.Arbitrary<Body> = fc.oneof(
    {
      weight: spec.body ? 12 : 2,
      arbitrary: fc
        .tuple(valid, jsonType)
        .map(([value, contentType]): Body => (value === undefined ? { kind: 'none' } : { kind: 'json', value, contentType })),
    },
    { weight: 2, arbitrary: fc.constant<Body>({ kind: 'none' }) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.jsonValue(), jsonType).map(([value, contentType]): Body => ({ kind: 'json', value, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(hostileValue, jsonType).map(([value, contentType]): Body => ({ kind: 'json', value, contentType })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(malformedJsonText, jsonType).map(([text, contentType]): Body => ({ kind: 'text', text, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(deepJsonText(env.server.config.maxBodyBytes), fc.constantFrom(...JSON_TYPES, 'text/plain;charset=UTF-8'))
        .map(([text, contentType]): Body => ({ kind: 'deep', text, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.integer({ min: 1, max: 200_000 }), fc.boolean(), jsonType).map(
        ([value, extra, chunked, contentType]): Body => ({
          kind: 'oversized',
          value: value ?? {},
          extra,
          chunked,
          contentType,
        }),
      ),
    },
  );
  return fc
    .record({
      route: fc.constant(route),
      actor,
      method,
      path: mutatedPath,
      query,
      origin: fc.oneof(
        { weight: 12, arbitrary: fc.constant('own' as const) },
        { weight: 1, arbitrary: fc.constantFrom('none' as const, 'foreign' as const, 'null' as const) },
      ),
      upgrade: spec.socket
        ? fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) })
        : fc.constant(false),
      body,
    })
    .map((c) => ({ ...c, upgrade: c.upgrade && c.method === 'GET' }));
}

function bodyText(body: Body, maxBodyBytes: number): string | null {
  switch (body.kind) {
    case 'none':
      return null;
    case 'json':
      return stringifyWithRaw(body.value);
    case 'text':
    case 'deep':
      return body.text;
    case 'oversized': {
      const text = stringifyWithRaw(body.value);
      const pad = Math.max(0, maxBodyBytes + body.extra - Buffer.byteLength(text));
      // Whitespace after the JSON keeps it valid JSON: only its size is wrong.
      return text + ' '.repeat(pad);
    }
  }
}

function headersFor(env: FuzzEnv, c: HttpCase): Record<string, string> {
  const h: Record<string, string> = {};
  const cookie = env.cookies[c.actor];
  if (cookie) h.cookie = cookie;
  if (c.origin === 'own') {
    if (c.method !== 'GET' && c.method !== 'HEAD') h.origin = env.server.url;
  } else if (c.origin === 'foreign') h.origin = 'http://evil.example';
  else if (c.origin === 'null') h.origin = 'null';
  if (c.body.kind !== 'none') h['content-type'] = c.body.contentType;
  if (c.upgrade) {
    h.upgrade = 'websocket';
    h.connection = 'Upgrade';
    h['sec-websocket-key'] = 'dGhlIHNhbXBsZSBub25jZQ==';
    h['sec-websocket-version'] = '13';
  }
  return h;
}

function patternRegex(pattern: string): RegExp {
  if (pattern.endsWith('*')) return /^\//;
  return new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`);
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The request as a curl command (bodies longer than 300 characters are described, not pasted). */
function reproOf(env: FuzzEnv, c: HttpCase): { text: string; size: number } {
  const h = headersFor(env, c);
  const text = bodyText(c.body, env.server.config.maxBodyBytes);
  const parts = [`curl -i -X ${c.method}`];
  for (const [k, v] of Object.entries(h))
    parts.push(`-H ${shellQuote(`${k}: ${k === 'cookie' ? `<${c.actor}'s session>` : v}`)}`);
  if (c.body.kind === 'oversized' && c.body.chunked) parts.push(`-H 'transfer-encoding: chunked'`);
  if (text !== null) {
    if (text.length <= 300) parts.push(`--data-binary ${shellQuote(JSON.stringify(text).slice(1, -1))}`);
    else parts.push(`--data-binary <${Buffer.byteLength(text)} bytes: ${JSON.stringify(text.slice(0, 120)).slice(1, -1)}…>`);
  }
  const url = `${c.path}${c.query}`;
  parts.push(url.length <= 300 ? shellQuote(`$SERVER${url}`) : `'$SERVER<${url.length} characters: ${url.slice(0, 150)}…>'`);
  const line = `[as ${c.actor}] ${parts.join(' ')}`;
  return { text: line, size: c.path.length + c.query.length + (text?.length ?? 0) };
}

function fail(env: FuzzEnv, kind: string, signature: string, detail: string, repro: { text: string; size: number }) {
  const key = `${kind} ${signature}`;
  const known = env.stats.failures.get(key);
  if (!known) env.stats.failures.set(key, { kind, signature, count: 1, detail, repro: repro.text, size: repro.size });
  else {
    known.count += 1;
    if (repro.size < known.size) Object.assign(known, { detail, repro: repro.text, size: repro.size });
  }
}

/**
 * Text only a file from outside the site holds: /etc/passwd, package.json, .git/config, an env file or the README
 * (an assignment: the public changelog may name the variable), the schema's source.
 */
const SECRET_MARKERS = ['root:x:0:', '"name": "wasteland"', '[core]', 'DATABASE_URL=', 'pgTable('];

/** Sends one case and checks its answer; failures are recorded in env.stats (the run goes on). */
export async function runHttpCase(env: FuzzEnv, c: HttpCase): Promise<void> {
  const spec = env.specs[c.route]!;
  const text = bodyText(c.body, env.server.config.maxBodyBytes);
  const sendsBody = text !== null && c.method !== 'GET' && c.method !== 'HEAD';
  const oversized = sendsBody && c.body.kind === 'oversized';
  let payload: BodyInit | undefined;
  if (sendsBody) {
    if (c.body.kind === 'oversized' && c.body.chunked) {
      const bytes = new TextEncoder().encode(text!);
      payload = new ReadableStream({
        start(ctl) {
          for (let i = 0; i < bytes.length; i += 16_384) ctl.enqueue(bytes.subarray(i, i + 16_384));
          ctl.close();
        },
      });
    } else payload = text!;
  }
  const headers = headersFor(env, c);
  if (!sendsBody) delete headers['content-type'];
  // Failures group by route; a case sent with another method or to a mangled path groups as "other".
  const [routeMethod, pattern] = c.route.split(' ') as [string, string];
  const onRoute = c.method === (routeMethod === 'WS' ? 'GET' : routeMethod) && patternRegex(pattern).test(c.path);
  const signatureBase = onRoute ? `${c.method} ${pattern}` : `${c.method} (another route's path or a mangled one)`;
  const repro = () => reproOf(env, { ...c, body: sendsBody ? c.body : { kind: 'none' } });

  const before = await fingerprint(env.server);
  let res: Response;
  let raw: Uint8Array;
  const started = performance.now();
  try {
    res = await fetch(env.server.url + c.path + c.query, {
      method: c.method,
      headers,
      body: payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (res.status === 101) {
      // An accepted upgrade: the connection is a WebSocket now; nothing more to read.
      raw = new Uint8Array();
      await res.body?.cancel().catch(() => {});
    } else raw = new Uint8Array(await res.arrayBuffer());
  } catch (err) {
    const name = (err as Error).name;
    const kind = name === 'TimeoutError' || name === 'AbortError' ? 'no answer within 10 s' : 'connection failed';
    fail(env, kind, signatureBase, String(err), repro());
    return;
  }
  const ms = performance.now() - started;
  const status = res.status;
  env.stats.httpCases += 1;
  env.stats.byStatus.set(status, (env.stats.byStatus.get(status) ?? 0) + 1);
  const perRoute = env.stats.byRoute.get(c.route) ?? new Map<number, number>();
  perRoute.set(status, (perRoute.get(status) ?? 0) + 1);
  env.stats.byRoute.set(c.route, perRoute);
  if (c.route === 'POST /api/auth/register' && c.method === 'POST' && status === 201) env.stats.registered201 += 1;

  const bodyString = new TextDecoder().decode(raw);
  const pathname = c.path.split('?')[0]!;
  const isApi = pathname === '/api' || pathname.startsWith('/api/');
  const sig = `${signatureBase} → ${status}`;

  if (status >= 500) fail(env, '5xx', sig, bodyString.slice(0, 200), repro());
  // 431 and 414 come from Bun's HTTP parser (URL or headers over its 16 KiB limit) before the app sees the request.
  if (status >= 400 && c.method !== 'HEAD' && status !== 431 && status !== 414) {
    // The site's own HTML 404 page is the answer to an unknown page; every other refusal is JSON {message}.
    const sitePage =
      c.method === 'GET' && !isApi && status === 404 && (res.headers.get('content-type') ?? '').includes('text/html');
    if (!sitePage) {
      let ok = false;
      try {
        const parsed = JSON.parse(bodyString) as { message?: unknown };
        ok = parsed !== null && typeof parsed === 'object' && typeof parsed.message === 'string' && parsed.message.length > 0;
      } catch {
        ok = false;
      }
      if (!ok)
        fail(
          env,
          'error body is not JSON {message}',
          sig,
          `content-type ${res.headers.get('content-type')}, body ${JSON.stringify(bodyString.slice(0, 120))}`,
          repro(),
        );
      else if (!(res.headers.get('content-type') ?? '').includes('json'))
        fail(env, 'error without a JSON content-type', sig, `content-type ${res.headers.get('content-type')}`, repro());
    }
  }
  // "Request bodies above MAX_BODY_BYTES get 413", before anything else but the cross-origin refusal.
  if (oversized && status !== 413 && status !== 431 && status !== 414 && !(status === 403 && c.origin !== 'own')) {
    const how = c.body.kind === 'oversized' && c.body.chunked ? 'chunked' : 'with Content-Length';
    fail(
      env,
      `body over MAX_BODY_BYTES (${how}) not refused with 413`,
      `${signatureBase} → ${status}`,
      `${Buffer.byteLength(text!)} bytes answered ${status}`,
      repro(),
    );
  }
  // Refused before anything reads it (only the write limit, a foreign origin and Bun's parser come first), with its
  // own sentence.
  const deepRefused =
    status === 400 &&
    (() => {
      try {
        return (JSON.parse(bodyString) as { message?: unknown }).message === TOO_DEEP_MESSAGE;
      } catch {
        return false;
      }
    })();
  // 431 and 414: Bun's parser refused the URL or the headers before the app saw the body.
  const refusedEarlier = status === 429 || status === 431 || status === 414 || (status === 403 && c.origin !== 'own');
  if (sendsBody && c.body.kind === 'deep' && !deepRefused && !refusedEarlier)
    fail(
      env,
      `JSON nested past ${MAX_JSON_DEPTH} levels not refused with 400`,
      sig,
      `${Buffer.byteLength(text!)} bytes answered ${status} in ${Math.round(ms)} ms: ${bodyString.slice(0, 120)}`,
      repro(),
    );
  if (spec.auth && c.actor === 'visitor' && status >= 200 && status < 300 && isApi)
    fail(env, 'visitor got 2xx on a signed-in route', sig, bodyString.slice(0, 120), repro());
  if (status < 300 && isApi && c.method !== 'HEAD' && status !== 101 && status !== 204) {
    try {
      JSON.parse(bodyString);
    } catch {
      fail(env, '2xx API answer is not JSON', sig, JSON.stringify(bodyString.slice(0, 120)), repro());
    }
  }
  if (SECRET_MARKERS.some((m) => bodyString.includes(m)))
    fail(env, 'served a file from outside the site', sig, bodyString.slice(0, 120), repro());
  if (ms > env.stats.slowest.ms) env.stats.slowest = { ms, what: `${c.method} ${c.route.split(' ')[1]}` };

  if (status >= 400) {
    const after = await fingerprint(env.server);
    if (after !== before) fail(env, 'refused request changed the database', sig, fingerprintDiff(before, after), repro());
  }
  // Keep the cast signed in: a case that ended a session gets a new one.
  const cleared = res.headers
    .getSetCookie()
    .some((l) => l.startsWith(`${SESSION_COOKIE}=`) && /max-age=0|expires=thu, 01 jan 1970/i.test(l));
  if ((c.actor === 'player' || c.actor === 'churner') && (cleared || c.route === 'GET /api/logout'))
    await restoreSession(env, c.actor);
}

/** Every route once (so a small budget still reaches them all), then `numRuns` cases of random routes. */
export async function fuzzHttp(env: FuzzEnv, numRuns: number, seed: number): Promise<void> {
  const started = performance.now();
  for (const route of fuzzedRoutes(env)) {
    await fc.assert(
      fc.asyncProperty(routeCase(env, route), async (c) => {
        await runHttpCase(env, c);
      }),
      { numRuns: 1, seed, endOnFailure: true },
    );
  }
  await fc.assert(
    fc.asyncProperty(httpCase(env), async (c) => {
      await runHttpCase(env, c);
    }),
    { numRuns, seed, endOnFailure: true },
  );
  env.stats.ms.http += performance.now() - started;
}

// ---------------------------------------------------------------------------------------------------------------
// WebSocket cases

type Frame = { kind: 'text'; text: string } | { kind: 'binary'; bytes: Uint8Array };

function frameArb(env: FuzzEnv): fc.Arbitrary<Frame> {
  const near = (v: number) => fc.double({ min: v - 30, max: v + 30, noNaN: true });
  const json = (a: fc.Arbitrary<unknown>) => a.map((v): Frame => ({ kind: 'text', text: stringifyWithRaw(v) }));
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.constant<Frame>({ kind: 'text', text: '{"type":"ping"}' }) },
      {
        weight: 4,
        arbitrary: json(fc.record({ type: fc.constant('player_move'), x: near(env.walkerStart.x), y: near(env.walkerStart.y) })),
      },
      {
        weight: 4,
        arbitrary: json(
          nearValidObject({
            type: fc.constantFrom('ping', 'player_move'),
            x: fc.oneof(near(env.walkerStart.x), hostileNumber),
            y: fc.oneof(near(env.walkerStart.y), hostileNumber),
          }),
        ),
      },
      { weight: 2, arbitrary: json(fc.record({ type: hostileString })) },
      { weight: 2, arbitrary: json(fc.jsonValue({ maxDepth: 4 })) },
      { weight: 1, arbitrary: json(hostileValue) },
      {
        weight: 2,
        arbitrary: malformedJsonText
          .filter((t) => Buffer.byteLength(t) <= WS_MAX_FRAME)
          .map((text): Frame => ({ kind: 'text', text })),
      },
      { weight: 1, arbitrary: deepJsonText(WS_MAX_FRAME).map((text): Frame => ({ kind: 'text', text })) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes): Frame => ({ kind: 'binary', bytes })) },
    )
    .filter((f) => !tooBig(f)); // frames over the limit are added on purpose, in one case in ten (framesArb)
}

/** Up to 20 frames (inside the 40-frame burst with the closing ping), one in ten cases with a frame over 4 KiB. */
function framesArb(env: FuzzEnv): fc.Arbitrary<Frame[]> {
  const big = fc.oneof(
    fc
      .integer({ min: WS_MAX_FRAME + 1, max: 3 * WS_MAX_FRAME })
      .map((n): Frame => ({ kind: 'text', text: `{"type":"ping","pad":"${'a'.repeat(n)}"}` })),
    fc
      .integer({ min: WS_MAX_FRAME + 1, max: 2 * WS_MAX_FRAME })
      .map((n): Frame => ({ kind: 'binary', bytes: new Uint8Array(n) })),
  );
  return fc
    .tuple(fc.array(frameArb(env), { minLength: 1, maxLength: 20 }), rarely(fc.tuple(big, fc.nat()), 10))
    .map(([frames, extra]) => {
      if (!extra) return frames;
      const at = extra[1] % (frames.length + 1);
      return [...frames.slice(0, at), extra[0], ...frames.slice(at)];
    });
}

const isExactPing = (f: Frame) => f.kind === 'text' && f.text === '{"type":"ping"}';
/** Nested past MAX_JSON_DEPTH: answered with an error frame, however well-shaped the rest is. */
const tooDeep = (f: Frame) => f.kind === 'text' && jsonNestsDeeperThan(f.text);
const tooBig = (f: Frame) => (f.kind === 'text' ? Buffer.byteLength(f.text) : f.bytes.length) > WS_MAX_FRAME;
function clearlyMalformed(f: Frame): boolean {
  if (f.kind === 'binary') return true;
  try {
    const v = JSON.parse(f.text);
    return v === null || typeof v !== 'object' || Array.isArray(v);
  } catch {
    return true;
  }
}

function describeFrames(frames: Frame[]): string {
  return frames
    .map((f) =>
      f.kind === 'binary'
        ? `<binary ${f.bytes.length} bytes>`
        : f.text.length > 200
          ? `<text ${f.text.length} chars: ${JSON.stringify(f.text.slice(0, 60))}…>`
          : JSON.stringify(f.text),
    )
    .join(', ');
}

/**
 * One connection: open /ws as the walker, send up to 20 frames at once (inside the 40-frame burst), then a ping,
 * and read every answer until the pings are answered. Every frame must be JSON with a string `type`; the
 * connection may only close with a documented code.
 */
export async function runSocketCase(env: FuzzEnv, frames: Frame[]): Promise<void> {
  // Frames are limited per user (20 a second, burst 40): each case starts 3 s of server time after the last,
  // so its frames fit in a full bucket without the fuzz having to wait in real time.
  env.clock.offsetMs += 3_000;
  const url = `${env.server.url.replace(/^http/, 'ws')}/ws?worldId=default&protocol=${PROTOCOL_VERSION}`;
  const ws = new WebSocket(url, { headers: { origin: env.server.url, cookie: env.cookies.walker } } as never);
  ws.binaryType = 'arraybuffer';
  const received: unknown[] = [];
  let pongs = 0;
  let errors = 0;
  let closed: { code: number; reason: string } | null = null;
  let wake: () => void = () => {};
  const changed = () => wake();
  const repro = (): { text: string; size: number } => ({
    text: `[as a seated player] open ws://$SERVER/ws?worldId=default&protocol=${PROTOCOL_VERSION}, send ${describeFrames(frames)}, then {"type":"ping"}`,
    size: frames.reduce((s, f) => s + (f.kind === 'text' ? f.text.length : f.bytes.length) + 4, 0),
  });
  let connected = false;
  ws.addEventListener('message', (e) => {
    received.push(e.data);
    if (typeof e.data !== 'string') {
      fail(env, 'socket sent a binary frame', 'ws', `${(e.data as ArrayBuffer).byteLength} bytes`, repro());
      return changed();
    }
    // The protocol's own schema, as the browser parses frames: anything outside it is a failure.
    const parsed = parseServerMessage(e.data);
    if (!parsed.ok) {
      fail(env, `socket frame outside the protocol (${parsed.error})`, 'ws', JSON.stringify(e.data.slice(0, 100)), repro());
      return changed();
    }
    const msg = parsed.message;
    env.stats.wsFramesByType.set(msg.type, (env.stats.wsFramesByType.get(msg.type) ?? 0) + 1);
    if (msg.type === 'connected') connected = true;
    if (msg.type === 'pong') pongs += 1;
    if (msg.type === 'error') errors += 1;
    changed();
  });
  ws.addEventListener('close', (e) => {
    closed = { code: e.code, reason: e.reason };
    changed();
  });
  const until = (cond: () => boolean, ms: number) =>
    new Promise<boolean>((resolve) => {
      if (cond()) return resolve(true);
      const timer = setTimeout(() => resolve(cond()), ms);
      wake = () => {
        if (cond()) {
          clearTimeout(timer);
          resolve(true);
        }
      };
    });

  env.stats.wsCases += 1;
  if (!(await until(() => connected || closed !== null, 5_000)) || !connected) {
    fail(
      env,
      'socket did not open for a seated player',
      'ws',
      closed ? `closed ${JSON.stringify(closed)}` : 'no connected frame in 5 s',
      repro(),
    );
    ws.close();
    return;
  }
  const sent: Frame[] = [];
  for (const f of [...frames, { kind: 'text', text: '{"type":"ping"}' } as Frame]) {
    if (closed) break;
    ws.send(f.kind === 'text' ? f.text : (f.bytes as Uint8Array<ArrayBuffer>));
    sent.push(f);
    env.stats.wsFramesSent += 1;
    if (tooBig(f)) break; // the server closes with 1009: nothing after it would be read
  }
  const bigSent = sent.some(tooBig);
  const wantPongs = sent.filter(isExactPing).length;
  const wantErrors = sent.filter((f) => !tooBig(f) && (clearlyMalformed(f) || tooDeep(f))).length;
  const answered = await until(() => closed !== null || (pongs >= wantPongs && errors >= wantErrors), 5_000);
  if (!answered)
    fail(
      env,
      'socket left frames unanswered',
      'ws',
      `${pongs}/${wantPongs} pongs, ${errors}/${wantErrors} error frames after 5 s`,
      repro(),
    );
  // Anything sent right after the last answer (a stray frame) arrives within a few ms.
  await Bun.sleep(20);
  if (!closed) {
    ws.close(1000);
    await until(() => closed !== null, 2_000);
  }
  const code = (closed as { code: number } | null)?.code ?? 0;
  env.stats.wsCloseCodes.set(code, (env.stats.wsCloseCodes.get(code) ?? 0) + 1);
  if (!DOCUMENTED_CLOSE_CODES.has(code))
    fail(env, `socket closed with undocumented code ${code}`, 'ws', JSON.stringify(closed), repro());
  else if (code === 1009 && !bigSent)
    fail(env, 'socket closed 1009 without a frame over 4 KiB', 'ws', JSON.stringify(closed), repro());
}

export async function fuzzSocket(env: FuzzEnv, numRuns: number, seed: number): Promise<void> {
  const started = performance.now();
  await fc.assert(
    fc.asyncProperty(framesArb(env), async (frames) => {
      await runSocketCase(env, frames);
    }),
    { numRuns, seed, endOnFailure: true },
  );
  env.stats.ms.ws += performance.now() - started;
}

// ---------------------------------------------------------------------------------------------------------------
// Reporting

function counts(m: Map<number | string, number>): string {
  return [...m]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ');
}

export function summary(env: FuzzEnv, seed: number): string {
  const s = env.stats;
  const lines = [
    `fuzz on ${env.backend} (seed ${seed}, replay with FUZZ_SEED=${seed}): ${s.httpCases} HTTP cases in ${(s.ms.http / 1000).toFixed(1)} s, ` +
      `${s.wsCases} socket cases (${s.wsFramesSent} frames) in ${(s.ms.ws / 1000).toFixed(1)} s`,
    `  HTTP by status: ${counts(s.byStatus)} (slowest answer ${s.slowest.ms.toFixed(0)} ms, ${s.slowest.what})`,
    `  socket frames received by type: ${counts(s.wsFramesByType)}; close codes: ${counts(s.wsCloseCodes)}`,
  ];
  if (process.env.FUZZ_VERBOSE) for (const [route, m] of [...s.byRoute].sort()) lines.push(`    ${route}: ${counts(m)}`);
  return lines.join('\n');
}

export function failureReport(env: FuzzEnv, seed: number): string {
  const list = [...env.stats.failures.values()].sort((a, b) => (a.kind + a.signature < b.kind + b.signature ? -1 : 1));
  if (!list.length) return '';
  return [
    `${list.length} kind(s) of failure on ${env.backend} (seed ${seed}; replay with FUZZ_SEED=${seed}):`,
    ...list.map((f) => `- ${f.kind}: ${f.signature} (${f.count}×)\n    ${f.detail}\n    repro: ${f.repro}`),
  ].join('\n');
}
