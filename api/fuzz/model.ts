import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import {
  CHUNK_WORLD_UNITS,
  chunkOfWorld,
  inPoiReach,
  loadCoreForBun,
  nearestPoiInReach,
  type Poi,
  tileCentre,
  tileOfWorld,
} from '../../core-wasm/index.ts';
import {
  bedAssignments,
  bedInvitations,
  buildings,
  chatMessages,
  inventoryItems,
  npcEquipment,
  npcItems,
  npcSpawnSignals,
  npcs,
  playerEquipment,
  players,
  settlements,
  shelters,
  storageItems,
} from '../../db/schema/index.ts';
import { CHAT_SLOW_WINDOW_MS, slowModeWait } from '../game/chat.ts';
import { EQUIPMENT_REACH, equipSlotOf } from '../game/equipment.ts';
import { decideMove, freshMoveState, type MoveState } from '../game/movement.ts';
import { type NpcAssignment, normaliseAssignment } from '../game/npcs.ts';
import {
  type BuildingType,
  categoryOf,
  CONTAINER_SUBTYPES,
  type ContainerSubtype,
  containerCapacity,
  nextBuildingCost,
  planPayment,
  SETTLEMENT_REACH,
  SHELTER_COST,
  SHELTER_REACH,
  type Stack,
  transferLimit,
} from '../game/settlements.ts';
import { holdingsOf, met, nextStep, requirementsFor, unmetMessage } from '../game/settlement-levels.ts';
import { CoreTerrain } from '../modules/world/terrain.ts';
import type { Backend } from '../testing/databases.ts';
import { NO_WRITE_LIMITS, startTestServer, type TestServer } from '../testing/server.ts';
import { repositories } from '../../db/index.ts';
import { SESSION_COOKIE } from '../contract/auth.ts';
import { hashSessionToken, newSessionToken } from '../http/session.ts';
import { TestClient, uniqueName } from '../testing/client.ts';
import type { Player } from '../testing/settlements.ts';

/**
 * The model-based fuzz: a few players on one server run random sequences of *valid* actions, one
 * action each per round and the round's actions in parallel, while a plain model of the game beside them says what
 * each answer must be and what the world holds afterwards. After every round: no 5xx, every answer one the model
 * allows, every pack, storage, worn slot, bed, invitation, NPC, offer, position and chat count as the model has it,
 * and every item accounted for (pack + storage + worn + NPC gear = what was handed out and found − what the rules
 * consumed). Actions in one round that could change each other's outcome are kept apart (claims), except the pairs
 * whose race is the point (assigning an NPC while another member dismisses it).
 *
 * fast-check drives it (fc.asyncModelRun over a run's commands, model.test.ts): a command is a round, its intents
 * abstract (a kind and two numbers) and resolved against the model when it runs, falling through to the next kind when
 * one does not apply, so every action sent is one the game allows and the runs reach deep state (shared settlements,
 * recruits, gear, chat). Deposits are sent only when every unit of the categories fits (the model then knows where
 * each unit lands); a deposit into a nearly full container is left to the other tests.
 */

const W = 'default';
export const MODEL_WORLD_SEED = 20_261_125;
/** Server time added per round: the speed budget refills (150 units) and chat's slow mode moves on. */
const ROUND_MS = 2000;
/** Each travel step at most this far (the budget refills 150 units a round). */
const STEP_MAX = 60;
/** Home POIs of one run are this far apart at least (settlements keep 200 apart) and at most. */
const HOME_MIN_APART = 220;
const HOME_MAX_APART = 420;
const STARTING_KIT: Record<string, number> = {
  'Wood Planks': 40,
  'Scrap Metal': 25,
  'Cloth Scraps': 40,
  'Glass Shards': 6,
  'Steel Pipes': 6,
  Rope: 6,
};
const STARTING_GEAR: [string, number][] = [
  ['Portable Radio', 60],
  ['Crowbar', 45],
  ['Flashlight', 55],
];
const KIT_QUALITY = 50;
const ASSIGNMENTS = ['defend', 'scavenge', 'foraging', 'gather', 'craft'] as const;

// ---------------------------------------------------------------------------------------------------------------
// The model

/** Item key → units; the key is `name@quality`. */
type Items = Map<string, number>;
const key = (name: string, quality: number) => `${name}@${quality}`;
const nameOf = (k: string) => k.slice(0, k.lastIndexOf('@'));
const qualityOf = (k: string) => Number(k.slice(k.lastIndexOf('@') + 1));
function add(items: Items, k: string, n: number): void {
  const v = (items.get(k) ?? 0) + n;
  if (v < 0) throw new Error(`model: ${k} would go below zero`);
  if (v === 0) items.delete(k);
  else items.set(k, v);
}
const units = (items: Items, pred: (k: string) => boolean = () => true) =>
  [...items].filter(([k]) => pred(k)).reduce((s, [, n]) => s + n, 0);

interface MBuilding {
  id: number;
  type: BuildingType;
  subtype: ContainerSubtype | null;
  level: number;
}
interface MNpc {
  id: number;
  name: string;
  assignment: NpcAssignment;
  bedId: number;
}
interface MSettlement {
  id: number;
  name: string;
  x: number;
  y: number;
  founder: number;
  buildings: MBuilding[];
  /** Bed id → player index, or an NPC id as `npc:<id>`. */
  occupant: Map<number, number | `npc:${number}`>;
  /** Bed id → invitee (player index). */
  invitation: Map<number, number>;
  storage: Items;
  npcs: Map<number, MNpc>;
  /** Camp 0 … Stronghold 3. */
  level: number;
}
interface MPlayer {
  i: number;
  id: string;
  username: string;
  client: Player;
  home: Poi;
  pos: MoveState;
  pack: Items;
  worn: Map<string, string>;
  /** Open NPC offers, oldest first. */
  offers: string[];
  chats: number[];
}
interface MShelter {
  tileX: number;
  tileY: number;
  x: number;
  y: number;
  poiId: string | null;
  builder: number;
}

export interface Model {
  run: number;
  players: MPlayer[];
  settlements: Map<number, MSettlement>;
  shelters: MShelter[];
  /** Item name → units handed out and found, less what the rules consumed. */
  ledger: Map<string, number>;
  chatCount: number;
  rounds: number;
  /** What each round sent and got, for the report. */
  log: string[];
}

/** The running server and what every run shares. */
export interface ModelEnv {
  backend: Backend;
  server: TestServer;
  terrain: CoreTerrain;
  clock: { offsetMs: number };
  runs: number;
  stats: ModelStats;
  stop(): Promise<void>;
}
export interface ModelStats {
  rounds: number;
  /** Rounds in which one member assigned an NPC while another dismissed it. */
  races: number;
  byAction: Map<string, Map<number, number>>;
}

export async function setupModelEnv(backend: Backend): Promise<ModelEnv> {
  const clock = { offsetMs: 0 };
  const server = await startTestServer(backend, {
    worldSeed: MODEL_WORLD_SEED,
    maxPlayers: 10_000,
    seatTimeoutMs: 24 * 3600_000,
    // NPC time a thousand times slower: a recruit given work sets out, but never comes back with finds during a run,
    // so every item the NPCs hold is one a player gave them. The simulation still runs beside the players.
    npcTimeScale: 1000,
    // A 10 t pack: the model's moves and searches of one survivor run beside each other, and a pace read after a search
    // lands at no predictable moment, so the model keeps every survivor at full speed with room to spare (the pack's
    // limits and pace: api/modules/actions/carrying.test.ts).
    packCapacityG: 10_000_000,
    now: () => new Date(Date.now() + clock.offsetMs),
    ...NO_WRITE_LIMITS,
  });
  const core = await loadCoreForBun();
  const terrain = new CoreTerrain(core, MODEL_WORLD_SEED);
  return {
    backend,
    server,
    terrain,
    clock,
    runs: 0,
    stats: { rounds: 0, races: 0, byAction: new Map() },
    stop: () => server.stop(),
  };
}

const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

function poisAround(terrain: CoreTerrain, x: number, y: number, radius: number): Poi[] {
  const out: Poi[] = [];
  for (let cy = chunkOfWorld(y - radius); cy <= chunkOfWorld(y + radius); cy++)
    for (let cx = chunkOfWorld(x - radius); cx <= chunkOfWorld(x + radius); cx++) out.push(...terrain.pois(cx, cy));
  return out;
}

/**
 * Homes for run k: ordinary POIs in a region of their own (3 chunks apart per run), far enough apart to each hold a
 * settlement, close enough to walk between, with straight passable ground between every two of them and no other
 * POI within reach of the ground around them.
 */
function homesFor(terrain: CoreTerrain, k: number, n: number): Poi[] {
  const passable = terrain.moveRules.isPassable;
  const clear = (a: { x: number; y: number }, b: { x: number; y: number }) => {
    const steps = Math.ceil(dist(a, b) / 2);
    for (let s = 0; s <= steps; s++)
      if (!passable(a.x + ((b.x - a.x) * s) / steps, a.y + ((b.y - a.y) * s) / steps)) return false;
    return true;
  };
  for (let band = 0; band < 40; band++) {
    const cx0 = 3 * k - 600;
    const cy0 = 3 * band - 60;
    const pois: Poi[] = [];
    for (let cy = cy0; cy < cy0 + 2; cy++) for (let cx = cx0; cx < cx0 + 2; cx++) pois.push(...terrain.pois(cx, cy));
    const all = poisAround(terrain, (cx0 + 1) * CHUNK_WORLD_UNITS, (cy0 + 1) * CHUNK_WORLD_UNITS, CHUNK_WORLD_UNITS * 1.6);
    const ok = pois.filter((p) => {
      if (p.landmark || p.significance < 3) return false;
      if (all.some((o) => o.id !== p.id && dist({ x: o.worldX, y: o.worldY }, { x: p.worldX, y: p.worldY }) < 50)) return false;
      const c = { x: p.worldX, y: p.worldY };
      for (let a = 0; a < 8; a++) {
        const t = { x: c.x + Math.cos(a) * 30, y: c.y + Math.sin(a) * 30 };
        if (!clear(c, t)) return false;
      }
      return true;
    });
    const pick: Poi[] = [];
    const search = (from: number): boolean => {
      if (pick.length === n) return true;
      for (let i = from; i < ok.length; i++) {
        const p = ok[i]!;
        const pp = { x: p.worldX, y: p.worldY };
        if (
          pick.every((q) => {
            const d = dist(pp, { x: q.worldX, y: q.worldY });
            return d >= HOME_MIN_APART && d <= HOME_MAX_APART && clear(pp, { x: q.worldX, y: q.worldY });
          })
        ) {
          pick.push(p);
          if (search(i + 1)) return true;
          pick.pop();
        }
      }
      return false;
    };
    if (search(0)) return pick;
  }
  throw new Error(`no ${n} homes for run ${k}`);
}

/**
 * A seated player standing at `at` before first entering the world: the account and session written straight into
 * the database (as the benches seed theirs), so a run does not wait for four password hashes.
 */
async function castMember(env: ModelEnv, at: { x: number; y: number }): Promise<Player> {
  const repos = repositories(env.server.database.db);
  const c = new TestClient(env.server.url) as Player;
  c.username = uniqueName('mf');
  c.id = crypto.randomUUID();
  await repos.accounts.createUser({
    id: c.id,
    username: c.username,
    usernameKey: c.username.toLowerCase(),
    passwordHash: 'unused',
  });
  const token = newSessionToken();
  await repos.accounts.createSession(hashSessionToken(token), c.id, new Date(Date.now() + env.clock.offsetMs + 86_400_000));
  c.cookies.set(SESSION_COOKIE, token);
  const join = await c.post('/api/lobby/join-game');
  if (join.status !== 200) throw new Error(`join-game: ${join.status} ${await join.text()}`);
  await c.get(`/api/world/${W}`);
  await env.server.database.db
    .insert(players)
    .values({ userId: c.id, worldId: W, name: c.username, x: at.x, y: at.y, color: '#fff' });
  return c;
}

/** A fresh cast for one run: players standing next to their home POIs, each with the starting kit. */
export async function newRun(env: ModelEnv, playerCount: number): Promise<Model> {
  const k = env.runs++;
  const homes = homesFor(env.terrain, k, playerCount);
  const ledger = new Map<string, number>();
  const players: MPlayer[] = [];
  const now = Date.now() + env.clock.offsetMs;
  for (const [i, home] of homes.entries()) {
    let at = { x: home.worldX + 12, y: home.worldY };
    for (let a = 0; a < 16; a++) {
      const t = { x: home.worldX + Math.cos(a) * 12, y: home.worldY + Math.sin(a) * 12 };
      if (env.terrain.moveRules.isPassable(t.x, t.y)) {
        at = t;
        break;
      }
    }
    const client = await castMember(env, at);
    const pack: Items = new Map();
    const given = [
      ...Object.entries(STARTING_KIT).map(([name, n]) => [name, n, KIT_QUALITY] as const),
      ...STARTING_GEAR.map(([name, q]) => [name, 1, q] as const),
    ];
    await env.server.database.db
      .insert(inventoryItems)
      .values(given.map(([itemName, quantity, quality]) => ({ userId: client.id, worldId: W, itemName, quality, quantity })));
    for (const [name, n, q] of given) {
      add(pack, key(name, q), n);
      ledger.set(name, (ledger.get(name) ?? 0) + n);
    }
    // The survivor enters the world now, where the fixture put them.
    const cur = await client.json(client.get('/api/player/current'));
    players.push({
      i,
      id: client.id,
      username: client.username,
      client,
      home,
      pos: freshMoveState(cur.x, cur.y, now),
      pack,
      worn: new Map(),
      offers: [],
      chats: [],
    });
  }
  return { run: k, players, settlements: new Map(), shelters: [], ledger, chatCount: 0, rounds: 0, log: [] };
}

// ---------------------------------------------------------------------------------------------------------------
// Rules the model applies

function holders(s: MSettlement): number[] {
  return [...s.occupant.values()].filter((o): o is number => typeof o === 'number');
}
function manages(p: number, s: MSettlement): boolean {
  const h = holders(s);
  return h.includes(p) || (s.founder === p && h.length === 0);
}
function bedOf(m: Model, p: number): { s: MSettlement; bedId: number } | null {
  for (const s of m.settlements.values()) for (const [bedId, o] of s.occupant) if (o === p) return { s, bedId };
  return null;
}
const beds = (s: MSettlement) => s.buildings.filter((b) => b.type === 'bed').map((b) => b.id);
const vacantBeds = (s: MSettlement) => beds(s).filter((b) => !s.occupant.has(b) && !s.invitation.has(b));
/** The server's stacks as the model has them: the pack's, and a settlement's storage (one stack per item and quality). */
function stacksOf(items: Items): Stack[] {
  return [...items].map(([k, n], id) => ({ id, itemName: nameOf(k), quality: qualityOf(k), quantity: n }));
}
/** Pays a cost as the server does: the pack first, then the settlement's storage when paid at one (planPayment). */
function pay(m: Model, p: MPlayer, cost: Record<string, number>, s?: MSettlement): boolean {
  const pack = stacksOf(p.pack);
  const storage = s ? stacksOf(s.storage).map((x) => ({ ...x, containerId: 0 })) : [];
  const plan = planPayment(pack, storage, cost);
  if (!plan.ok) return false;
  for (const t of plan.takes) {
    const from = t.from === 'pack' ? pack[t.stackId]! : storage[t.stackId]!;
    add(t.from === 'pack' ? p.pack : s!.storage, key(from.itemName, from.quality), -t.quantity);
    m.ledger.set(from.itemName, (m.ledger.get(from.itemName) ?? 0) - t.quantity);
  }
  return true;
}
function canPay(p: MPlayer, cost: Record<string, number>, s?: MSettlement): boolean {
  const storage = s ? stacksOf(s.storage).map((x) => ({ ...x, containerId: 0 })) : [];
  return planPayment(stacksOf(p.pack), storage, cost).ok;
}
/** Room left for a category in a settlement's containers, and whether it has any. */
function roomFor(s: MSettlement, c: ContainerSubtype): { has: boolean; room: number } {
  const cs = s.buildings.filter((b) => b.type === 'container' && b.subtype === c);
  const cap = cs.reduce((sum, b) => sum + containerCapacity(b.level), 0);
  return { has: cs.length > 0, room: cap - units(s.storage, (k) => categoryOf(nameOf(k)) === c) };
}

// ---------------------------------------------------------------------------------------------------------------
// A round: intents resolved into actions, run in parallel, checked

export const INTENT_KINDS = [
  'walk',
  'travel',
  'scavenge',
  'shelter',
  'found',
  'build',
  'deposit',
  'withdraw',
  'invite',
  'accept',
  'kick',
  'offer',
  'recruit',
  'assign',
  'dismiss',
  'equip',
  'unequip',
  'chat',
  'levelUp',
] as const;
export type IntentKind = (typeof INTENT_KINDS)[number];
export interface Intent {
  kind: IntentKind;
  a: number;
  b: number;
}

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers of every route
  body: any;
}
interface Action {
  player: number;
  kind?: IntentKind;
  label: string;
  /** Resources it touches: `resource` → mode. Two actions may share a resource only in compatible modes. */
  claims: [string, string][];
  send(): Promise<Answer>;
  allowed: number[];
  /** Effects on the model of an allowed answer (called in player order after the round). */
  apply(a: Answer): void;
  /** Set after the round, for statuses another action in the round makes possible. */
  alsoAllowed?: (round: Action[]) => number[];
}

const COMPATIBLE = new Set(['manage|manage', 'deposit|deposit', 'assign|dismiss', 'dismiss|assign']);
function conflicts(a: [string, string][], b: [string, string][]): boolean {
  return a.some(([ra, ma]) => b.some(([rb, mb]) => ra === rb && !COMPATIBLE.has(`${ma}|${mb}`)));
}

async function call(c: Player, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await c.request(method, path, body);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the report
  }
  return { status: res.status, body: parsed };
}

/** Resolves one player's intent into an action the game allows, or null when this kind does not apply now. */
function resolve(
  m: Model,
  env: ModelEnv,
  p: MPlayer,
  it: Intent,
  now: number,
  reserved: Map<string, number>,
  fallback: boolean,
): Action | null {
  const { a, b } = it;
  const c = p.client;
  const pick = <T>(xs: readonly T[], n = a): T | undefined => (xs.length ? xs[n % xs.length] : undefined);
  const managed = [...m.settlements.values()].filter((s) => manages(p.i, s));
  const near = managed.filter((s) => dist(s, p.pos) <= SETTLEMENT_REACH);
  const homePoi = p.home;
  const moveTo = (to: { x: number; y: number }, label: string): Action | null => {
    const step = Math.min(STEP_MAX, dist(p.pos, to));
    if (step < 0.5) return null;
    const f = step / dist(p.pos, to);
    const target = { x: p.pos.x + (to.x - p.pos.x) * f, y: p.pos.y + (to.y - p.pos.y) * f };
    const d = decideMove(p.pos, target, now, env.terrain.moveRules);
    if (!d.accepted) return null;
    return {
      player: p.i,
      label: `${label} to (${target.x.toFixed(1)}, ${target.y.toFixed(1)})`,
      claims: [],
      send: () => call(c, 'POST', '/api/player/move', target),
      allowed: [200],
      apply(ans) {
        if (!ans.body?.accepted) throw new Error(`move refused: ${JSON.stringify(ans.body)}`);
        p.pos = d.state;
      },
    };
  };

  switch (it.kind) {
    case 'walk': {
      // Around the nearest settlement this player manages, or the home POI; now and then a little further out.
      const anchor = near[0] ?? { x: homePoi.worldX, y: homePoi.worldY };
      const r = b % 7 === 0 ? 45 + (b % 30) : (b % 30) + 2;
      const angle = (a % 360) * (Math.PI / 180);
      return moveTo({ x: anchor.x + Math.cos(angle) * r, y: anchor.y + Math.sin(angle) * r }, 'walk');
    }
    case 'travel': {
      const far = managed.filter((s) => dist(s, p.pos) > 40);
      const s = pick(far);
      if (!s) return null;
      return moveTo({ x: s.x + ((b % 21) - 10), y: s.y + (((b >> 5) % 21) - 10) }, `travel toward ${s.name}`);
    }
    case 'scavenge': {
      const poi = nearestPoiInReach(poisAround(env.terrain, p.pos.x, p.pos.y, 120), p.pos.x, p.pos.y);
      if (!poi || !inPoiReach(poi, p.pos.x, p.pos.y)) return null;
      return {
        player: p.i,
        label: `scavenge ${poi.id}`,
        claims: [[`poi:${poi.id}`, 'x']],
        send: () => call(c, 'POST', `/api/poi/${poi.id}/scavenge`, { worldId: W }),
        allowed: [200],
        apply(ans) {
          for (const item of ans.body.items as { itemName: string; quantity: number; metadata: { quality: number } }[]) {
            add(p.pack, key(item.itemName, item.metadata.quality), item.quantity);
            m.ledger.set(item.itemName, (m.ledger.get(item.itemName) ?? 0) + item.quantity);
          }
          if (ans.body.npcRecruitment) p.offers.push(ans.body.npcRecruitment.npc.name);
        },
      };
    }
    case 'shelter': {
      if (!canPay(p, SHELTER_COST)) return null;
      const poi = nearestPoiInReach(poisAround(env.terrain, p.pos.x, p.pos.y, 120), p.pos.x, p.pos.y);
      const tileX = poi ? poi.tileX : tileOfWorld(p.pos.x);
      const tileY = poi ? poi.tileY : tileOfWorld(p.pos.y);
      if (poi && m.shelters.some((s) => s.poiId === poi.id)) return null;
      if (poi && poi.id !== homePoi.id) return null;
      if (m.shelters.some((s) => s.tileX === tileX && s.tileY === tileY)) return null;
      return {
        player: p.i,
        label: `build a shelter at tile ${tileX},${tileY}${poi ? ` (${poi.id})` : ''}`,
        claims: [[`tile:${tileX},${tileY}`, 'x'], ...(poi ? ([[`poi:${poi.id}`, 'x']] as [string, string][]) : [])],
        send: () => call(c, 'POST', '/api/build-shelter', { worldId: W, x: p.pos.x, y: p.pos.y }),
        allowed: [200],
        apply() {
          pay(m, p, SHELTER_COST);
          m.shelters.push({ tileX, tileY, x: tileCentre(tileX), y: tileCentre(tileY), poiId: poi?.id ?? null, builder: p.i });
        },
      };
    }
    case 'found': {
      const home = m.shelters.find((s) => s.poiId === homePoi.id && s.builder === p.i);
      if (!home || [...m.settlements.values()].some((s) => s.x === home.x && s.y === home.y)) return null;
      const within = m.shelters.filter((s) => dist(s, p.pos) <= SHELTER_REACH).sort((x, y) => dist(x, p.pos) - dist(y, p.pos));
      if (within[0] !== home) return null;
      const name = `Haven ${m.run}-${p.i}`;
      return {
        player: p.i,
        label: `found ${name}`,
        claims: [['founding', 'x']],
        send: () => call(c, 'POST', '/api/settlements', { worldId: W, name, x: p.pos.x, y: p.pos.y }),
        allowed: [200],
        apply(ans) {
          const id = Number(ans.body.id);
          m.settlements.set(id, {
            id,
            name,
            x: home.x,
            y: home.y,
            founder: p.i,
            buildings: [],
            occupant: new Map(),
            invitation: new Map(),
            storage: new Map(),
            npcs: new Map(),
            level: 0,
          });
        },
      };
    }
    case 'build': {
      const s = pick(near);
      if (!s) return null;
      // Chosen: a bed a third of the time, else a container of any kind. Standing in for another kind that did not
      // apply: a bed, when the settlement has none free (so invitations and recruits have somewhere to go).
      if (fallback && (vacantBeds(s).length > 0 || beds(s).length >= 6)) return null;
      const type: BuildingType = fallback || b % 3 === 0 ? 'bed' : 'container';
      const subtype = type === 'container' ? CONTAINER_SUBTYPES[b % CONTAINER_SUBTYPES.length]! : null;
      const cost = nextBuildingCost(type, subtype, s.buildings);
      if (!canPay(p, cost, s)) return null;
      return {
        player: p.i,
        label: `build a ${subtype ?? type} in ${s.name} for ${JSON.stringify(cost)}`,
        claims: [
          [`members:${s.id}`, type === 'bed' ? 'x' : 'manage'],
          [`beds:${s.id}`, 'x'],
          [`buildings:${s.id}`, 'x'],
          [`storage:${s.id}`, 'x'],
        ],
        send: () =>
          call(c, 'POST', '/api/buildings', {
            type,
            subtype,
            name: type === 'bed' ? 'Bed' : `${subtype} crate`,
            materials: {},
            settlementId: String(s.id),
            worldId: W,
          }),
        allowed: [200],
        apply(ans) {
          pay(m, p, cost, s);
          const id = Number(ans.body.building.id);
          const firstBed = type === 'bed' && holders(s).length === 0 && !bedOf(m, s.founder);
          s.buildings.push({ id, type, subtype, level: 0 });
          if (firstBed) s.occupant.set(id, s.founder);
        },
      };
    }
    case 'levelUp': {
      const s = pick(near);
      const step = s && nextStep(s.level);
      if (!s || !step) return null;
      // The server's requirements, judged on the model's settlement, pack and storage: it must agree on every refusal.
      const have = (name: string) => units(p.pack, (k) => nameOf(k) === name) + units(s.storage, (k) => nameOf(k) === name);
      const lines = requirementsFor(step, holdingsOf(s.buildings, s.npcs.size), have);
      const ready = met(lines);
      return {
        player: p.i,
        label: `level ${s.name} up to ${step.name} (${ready ? 'ready' : unmetMessage(lines)})`,
        claims: [
          [`members:${s.id}`, 'manage'],
          [`beds:${s.id}`, 'x'],
          [`buildings:${s.id}`, 'x'],
          [`storage:${s.id}`, 'x'],
        ],
        send: () => call(c, 'POST', `/api/settlements/${s.id}/level-up`, { worldId: W }),
        allowed: [ready ? 200 : 409],
        apply() {
          if (!ready) return;
          pay(m, p, step.cost, s);
          s.level = step.level;
        },
      };
    }
    case 'deposit': {
      const s = pick(near);
      if (!s) return null;
      // Only what fits for certain (every unit of each category goes in), so the model knows where each unit lands.
      const inPack = (cat: ContainerSubtype) => units(p.pack, (k) => categoryOf(nameOf(k)) === cat);
      const fits = (cat: ContainerSubtype) => inPack(cat) <= roomFor(s, cat).room - (reserved.get(`${s.id}:${cat}`) ?? 0);
      const cats = CONTAINER_SUBTYPES.filter((cat) => roomFor(s, cat).has && inPack(cat) > 0);
      const all = b % 4 === 0 && cats.every(fits);
      const fitting = cats.filter(fits);
      const chosen = all ? cats : fitting.length ? [fitting[b % fitting.length]!] : [];
      if (!chosen.length) return null;
      for (const cat of chosen)
        reserved.set(
          `${s.id}:${cat}`,
          (reserved.get(`${s.id}:${cat}`) ?? 0) + units(p.pack, (k) => categoryOf(nameOf(k)) === cat),
        );
      return {
        player: p.i,
        label: all ? `deposit everything into ${s.name}` : `deposit ${chosen[0]} into ${s.name}`,
        claims: [
          [`members:${s.id}`, 'manage'],
          [`storage:${s.id}`, 'deposit'],
          [`buildings:${s.id}`, 'manage'],
        ],
        send: () =>
          all
            ? call(c, 'POST', `/api/settlements/${s.id}/auto-deposit-items`, { worldId: W })
            : call(c, 'POST', `/api/settlements/${s.id}/deposit-by-category`, { worldId: W, category: chosen[0] }),
        allowed: [200],
        apply() {
          for (const [k, n] of [...p.pack]) {
            if (!chosen.includes(categoryOf(nameOf(k)))) continue;
            add(p.pack, k, -n);
            add(s.storage, k, n);
          }
        },
      };
    }
    case 'withdraw': {
      const s = pick(near.filter((x) => x.storage.size > 0));
      if (!s) return null;
      const names = [...new Set([...s.storage.keys()].map(nameOf))].sort();
      const itemName = names[b % names.length]!;
      const quantity = 1 + (a % 25);
      return {
        player: p.i,
        label: `take ${quantity} ${itemName} from ${s.name}`,
        claims: [
          [`members:${s.id}`, 'manage'],
          [`storage:${s.id}`, 'x'],
        ],
        send: () => call(c, 'POST', `/api/settlements/${s.id}/transfer-from-storage`, { worldId: W, itemName, quantity }),
        allowed: [200],
        apply() {
          let want = Math.min(quantity, transferLimit(itemName));
          const rows = [...s.storage].filter(([k]) => nameOf(k) === itemName).sort((x, y) => qualityOf(y[0]) - qualityOf(x[0]));
          for (const [k, n] of rows) {
            if (want <= 0) break;
            const take = Math.min(want, n);
            add(s.storage, k, -take);
            add(p.pack, k, take);
            want -= take;
          }
        },
      };
    }
    case 'invite': {
      // Standing in for another kind: one invitation out per settlement at a time, so recruits find beds too.
      const options = managed
        .filter((s) => !fallback || s.invitation.size === 0)
        .flatMap((s) => vacantBeds(s).map((bedId) => ({ s, bedId })));
      const o = pick(options);
      if (!o) return null;
      const invitees = m.players.filter((q) => q.i !== p.i && !holders(o.s).includes(q.i));
      const q = pick(invitees, b);
      if (!q) return null;
      return {
        player: p.i,
        label: `invite ${q.username} (player ${q.i}) to bed ${o.bedId} of ${o.s.name}`,
        claims: [
          [`members:${o.s.id}`, 'manage'],
          [`beds:${o.s.id}`, 'x'],
        ],
        send: () =>
          call(c, 'POST', '/api/bed-invitations', {
            worldId: W,
            settlementId: String(o.s.id),
            buildingId: String(o.bedId),
            inviteePlayerName: q.username,
          }),
        allowed: [200],
        apply() {
          o.s.invitation.set(o.bedId, q.i);
        },
      };
    }
    case 'accept': {
      const mine = [...m.settlements.values()].flatMap((s) =>
        [...s.invitation].filter(([, inv]) => inv === p.i).map(([bedId]) => ({ s, bedId })),
      );
      const o = pick(mine);
      if (!o) return null;
      const reject = b % 5 === 0;
      const old = bedOf(m, p.i);
      return {
        player: p.i,
        label: `${reject ? 'reject' : 'accept'} the invitation to bed ${o.bedId} of ${o.s.name}`,
        claims: [
          [`members:${o.s.id}`, 'x'],
          [`beds:${o.s.id}`, 'x'],
          ...(old && !reject
            ? ([
                [`members:${old.s.id}`, 'x'],
                [`beds:${old.s.id}`, 'x'],
              ] as [string, string][])
            : []),
        ],
        async send() {
          const list = await call(c, 'GET', `/api/player/bed-invitations?worldId=${W}`);
          const inv = (list.body?.invitations ?? []).find((i: { buildingId: string }) => i.buildingId === String(o.bedId));
          if (!inv) return { status: -1, body: { message: `no invitation for bed ${o.bedId} in ${JSON.stringify(list.body)}` } };
          return call(c, 'POST', `/api/bed-invitations/${inv.id}/${reject ? 'reject' : 'accept'}`);
        },
        allowed: [200],
        apply() {
          o.s.invitation.delete(o.bedId);
          if (reject) return;
          if (old) old.s.occupant.delete(old.bedId);
          o.s.occupant.set(o.bedId, p.i);
        },
      };
    }
    case 'kick': {
      // Leave one's own bed, free a pending bed, or send a member (not the founder) away.
      const options: { s: MSettlement; bedId: number; what: string }[] = [];
      for (const s of m.settlements.values()) {
        for (const bedId of beds(s)) {
          const o = s.occupant.get(bedId);
          if (o === p.i) options.push({ s, bedId, what: 'leave' });
          else if (!manages(p.i, s) || typeof o === 'string') continue;
          else if (o === undefined && s.invitation.has(bedId)) options.push({ s, bedId, what: 'withdraw the invitation to' });
          else if (typeof o === 'number' && o !== s.founder) options.push({ s, bedId, what: `send player ${o} from` });
        }
      }
      const o = pick(options);
      if (!o) return null;
      return {
        player: p.i,
        label: `${o.what} bed ${o.bedId} of ${o.s.name}`,
        claims: [
          [`members:${o.s.id}`, 'x'],
          [`beds:${o.s.id}`, 'x'],
        ],
        send: () => call(c, 'POST', `/api/settlements/${o.s.id}/beds/${o.bedId}/kick`),
        allowed: [200],
        apply() {
          o.s.invitation.delete(o.bedId);
          o.s.occupant.delete(o.bedId);
        },
      };
    }
    case 'offer': {
      // A scavenge drew a survivor for this player (the signal a scavenge stores; ordinary places rarely draw one).
      if (p.offers.length >= (fallback ? 1 : 3)) return null;
      const name = `Drifter ${m.run}-${p.i}-${m.rounds}`;
      return {
        player: p.i,
        label: `(a survivor, ${name}, waits for player ${p.i})`,
        claims: [],
        async send() {
          await env.server.database.db.insert(npcSpawnSignals).values({
            userId: p.id,
            worldId: W,
            poiId: homePoi.id,
            npcName: name,
            npcDescription: 'A drifter.',
            createdAt: new Date(now),
          });
          return { status: 200, body: {} };
        },
        allowed: [200],
        apply() {
          p.offers.push(name);
        },
      };
    }
    case 'recruit': {
      if (!p.offers.length) return null;
      const s = pick(managed.filter((x) => vacantBeds(x).length > 0));
      if (!s) return null;
      const bedId = Math.min(...vacantBeds(s));
      const name = p.offers.at(-1)!;
      return {
        player: p.i,
        label: `recruit ${name} into bed ${bedId} of ${s.name}`,
        claims: [
          [`members:${s.id}`, 'manage'],
          [`beds:${s.id}`, 'x'],
        ],
        send: () =>
          call(c, 'POST', '/api/npcs/recruit', {
            npcName: name,
            npcDescription: 'A drifter.',
            settlementId: String(s.id),
            worldId: W,
          }),
        allowed: [200],
        apply(ans) {
          p.offers.pop();
          const id = Number(ans.body.npcId);
          s.npcs.set(id, { id, name, assignment: 'defend', bedId });
          s.occupant.set(bedId, `npc:${id}`);
        },
      };
    }
    case 'assign':
    case 'dismiss': {
      // The newest recruit first: two members acting on the same settlement in one round tend to pick the same one.
      const options = managed.flatMap((s) => [...s.npcs.values()].map((n) => ({ s, n }))).sort((x, y) => y.n.id - x.n.id);
      if (it.kind === 'dismiss' && b % 4 === 0 && p.offers.length) {
        const name = p.offers[a % p.offers.length]!;
        return {
          player: p.i,
          label: `turn ${name} away`,
          claims: [],
          send: () => call(c, 'POST', '/api/npcs/dismiss', { npcName: name, worldId: W }),
          allowed: [200],
          apply() {
            p.offers.splice(p.offers.indexOf(name), 1);
          },
        };
      }
      const o = options[(a % 3 === 0 ? a : 0) % Math.max(1, options.length)];
      if (!o) return null;
      if (it.kind === 'dismiss') {
        return {
          player: p.i,
          label: `dismiss ${o.n.name} (NPC ${o.n.id}) from ${o.s.name}`,
          claims: [
            [`members:${o.s.id}`, 'manage'],
            [`beds:${o.s.id}`, 'x'],
            [`npc:${o.n.id}`, 'dismiss'],
          ],
          send: () => call(c, 'POST', '/api/npcs/dismiss', { npcName: o.n.name, worldId: W }),
          allowed: [200],
          apply() {
            o.s.npcs.delete(o.n.id);
            o.s.occupant.delete(o.n.bedId);
          },
        };
      }
      const assignment = ASSIGNMENTS[b % ASSIGNMENTS.length]!;
      return {
        player: p.i,
        label: `assign ${o.n.name} (NPC ${o.n.id}) of ${o.s.name} to ${assignment}`,
        claims: [
          [`members:${o.s.id}`, 'manage'],
          [`npc:${o.n.id}`, 'assign'],
        ],
        send: () => call(c, 'POST', `/api/npcs/${o.n.id}/assign`, { assignment, worldId: W }),
        allowed: [200],
        // Dismissed by another member in the same round: the NPC is gone, which is a 404 (and nothing written).
        alsoAllowed: (round) =>
          round.some((x) => x.claims.some(([r, mode]) => r === `npc:${o.n.id}` && mode === 'dismiss')) ? [404] : [],
        apply(ans) {
          if (ans.status !== 200) return;
          const n = o.s.npcs.get(o.n.id);
          if (n) n.assignment = normaliseAssignment(assignment)!;
          if (ans.body.npc.assignment !== normaliseAssignment(assignment))
            throw new Error(`assign answered ${JSON.stringify(ans.body)}`);
        },
      };
    }
    case 'equip': {
      const s = managed.filter((x) => dist(x, p.pos) <= EQUIPMENT_REACH).sort((x, y) => dist(x, p.pos) - dist(y, p.pos))[0];
      if (!s) return null;
      const gear = [...p.pack.keys()].filter((k) => equipSlotOf(nameOf(k)) !== null).sort();
      const k = pick(gear, b);
      if (!k) return null;
      const slot = equipSlotOf(nameOf(k))!;
      return {
        player: p.i,
        label: `equip ${k} (${slot}) at ${s.name}`,
        claims: [[`members:${s.id}`, 'manage']],
        async send() {
          const inv = await call(c, 'GET', `/api/player/inventory?worldId=${W}`);
          const stack = (inv.body?.items ?? []).find(
            (i: { itemName: string; metadata: { quality: number } }) =>
              i.itemName === nameOf(k) && i.metadata.quality === qualityOf(k),
          );
          if (!stack) return { status: -1, body: { message: `${k} is not in the pack: ${JSON.stringify(inv.body)}` } };
          return call(c, 'POST', '/api/player/equipment/equip', { itemId: stack.id, slot, worldId: W, source: 'inventory' });
        },
        allowed: [200],
        apply() {
          add(p.pack, k, -1);
          const before = p.worn.get(slot);
          if (before) add(p.pack, before, 1);
          p.worn.set(slot, k);
        },
      };
    }
    case 'unequip': {
      const s = managed.filter((x) => dist(x, p.pos) <= EQUIPMENT_REACH).sort((x, y) => dist(x, p.pos) - dist(y, p.pos))[0];
      const slot = pick([...p.worn.keys()].sort(), b);
      if (!s || !slot) return null;
      const k = p.worn.get(slot)!;
      return {
        player: p.i,
        label: `unequip ${k} at ${s.name}`,
        claims: [[`members:${s.id}`, 'manage']],
        async send() {
          const eq = await call(c, 'GET', `/api/player/equipment?worldId=${W}`);
          const worn = (eq.body?.equipment ?? []).find((w: { slot: string }) => w.slot === slot);
          if (!worn) return { status: -1, body: { message: `nothing worn in ${slot}: ${JSON.stringify(eq.body)}` } };
          return call(c, 'POST', '/api/player/equipment/unequip', { itemId: worn.id, worldId: W });
        },
        allowed: [200],
        apply() {
          p.worn.delete(slot);
          add(p.pack, k, 1);
        },
      };
    }
    case 'chat': {
      if (![...p.worn.values()].some((k) => nameOf(k) === 'Portable Radio')) return null;
      // The server stamps a message a little after the round began: near the window's edge either answer is right.
      const early = slowModeWait(p.chats, now) > 0;
      const late = slowModeWait(p.chats, now + 1000) > 0;
      const message = `round ${m.rounds} from player ${p.i}: ${b}`;
      return {
        player: p.i,
        label: `say "${message}"${early ? ' (past slow mode)' : ''}`,
        claims: [],
        send: () => call(c, 'POST', `/api/world/${W}/chat`, { message }),
        allowed: [...new Set([early ? 429 : 201, late ? 429 : 201])],
        apply(ans) {
          if (ans.status !== 201) return;
          p.chats.push(now);
          p.chats = p.chats.filter((t) => now - t < CHAT_SLOW_WINDOW_MS);
          m.chatCount += 1;
        },
      };
    }
  }
}

/**
 * When the chosen kind does not apply, the first of these that does: the steps towards deeper state first (a home,
 * beds, members, recruits), so short runs reach shared settlements and their NPCs.
 */
const FALLBACK_ORDER: IntentKind[] = [
  'shelter',
  'found',
  'build',
  'accept',
  'invite',
  'offer',
  'recruit',
  'assign',
  'dismiss',
  'equip',
  'travel',
  'chat',
  'deposit',
  'scavenge',
  'withdraw',
  'kick',
  'unequip',
  'walk',
  'levelUp',
];

/** Plans the round: each player's intent, or the next kind that applies and touches nothing another action holds. */
function plan(m: Model, env: ModelEnv, intents: Intent[], now: number): Action[] {
  const taken: Action[] = [];
  const reserved = new Map<string, number>();
  for (const p of m.players) {
    const it = intents[p.i % intents.length]!;
    const order = [it.kind, ...FALLBACK_ORDER.filter((k) => k !== it.kind)];
    for (const [n, kind] of order.entries()) {
      const action = resolve(m, env, p, { ...it, kind }, now, reserved, n > 0);
      if (action && !taken.some((t) => conflicts(t.claims, action.claims))) {
        action.kind = kind;
        taken.push(action);
        break;
      }
    }
  }
  return taken;
}

export class RoundCommand implements fc.AsyncCommand<Model, ModelEnv> {
  constructor(readonly intents: Intent[]) {}
  check(): boolean {
    return true;
  }
  async run(m: Model, env: ModelEnv): Promise<void> {
    m.rounds += 1;
    env.stats.rounds += 1;
    env.clock.offsetMs += ROUND_MS;
    const now = Date.now() + env.clock.offsetMs;
    // Every action of the round sees the same server time only roughly (the clock is real time plus the offset): the
    // model judges speed budgets and slow mode at the round's start, which only ever leaves the server more room.
    const actions = plan(m, env, this.intents, now);
    const npcModes = actions.flatMap((a) => a.claims.filter(([r]) => r.startsWith('npc:')).map(([r, mode]) => `${r}|${mode}`));
    if (npcModes.some((x) => x.endsWith('|assign') && npcModes.includes(x.replace('|assign', '|dismiss')))) env.stats.races += 1;
    const answers = await Promise.all(actions.map((a) => a.send()));
    const lines: string[] = [];
    const problems: string[] = [];
    for (const [n, act] of actions.entries()) {
      const ans = answers[n]!;
      const allowed = [...act.allowed, ...(act.alsoAllowed?.(actions) ?? [])];
      const route = act.kind ?? '?';
      const byStatus = env.stats.byAction.get(route) ?? new Map<number, number>();
      byStatus.set(ans.status, (byStatus.get(ans.status) ?? 0) + 1);
      env.stats.byAction.set(route, byStatus);
      lines.push(
        `  player ${act.player}: ${act.label} → ${ans.status}${ans.status >= 300 ? ` ${JSON.stringify(ans.body).slice(0, 160)}` : ''}`,
      );
      if (ans.status >= 500)
        problems.push(`5xx: player ${act.player} ${act.label} → ${ans.status} ${JSON.stringify(ans.body).slice(0, 300)}`);
      else if (!allowed.includes(ans.status))
        problems.push(
          `unexpected answer: player ${act.player} ${act.label} → ${ans.status} (model allows ${allowed.join(' or ')}) ${JSON.stringify(ans.body).slice(0, 300)}`,
        );
    }
    m.log.push(`round ${m.rounds}:\n${lines.join('\n')}`);
    if (problems.length) throw new ModelFailure(problems, m);
    for (const [n, act] of actions.entries()) act.apply(answers[n]!);
    const diff = await compare(m, env);
    if (diff.length) throw new ModelFailure(diff, m);
  }
  toString(): string {
    return `round(${this.intents.map((i) => `${i.kind}:${i.a}:${i.b}`).join(' ')})`;
  }
}

export class ModelFailure extends Error {
  constructor(problems: string[], m: Model) {
    super(`${problems.join('\n')}\n\nrun ${m.run}, the last rounds:\n${m.log.slice(-6).join('\n')}`);
  }
}

/** How often each kind is chosen (a kind that does not apply falls through to FALLBACK_ORDER). */
const WEIGHTS: Record<IntentKind, number> = {
  walk: 8,
  travel: 4,
  scavenge: 8,
  shelter: 2,
  found: 2,
  build: 5,
  deposit: 6,
  withdraw: 5,
  invite: 5,
  accept: 5,
  kick: 3,
  offer: 4,
  recruit: 6,
  assign: 24,
  dismiss: 16,
  equip: 4,
  unequip: 2,
  chat: 4,
  levelUp: 3,
};
const intentArb: fc.Arbitrary<Intent> = fc.record({
  kind: fc.oneof(...INTENT_KINDS.map((k) => ({ weight: WEIGHTS[k], arbitrary: fc.constant(k) }))),
  a: fc.nat({ max: 1_000_000 }),
  b: fc.nat({ max: 1_000_000 }),
});
export const roundArb = (players: number) =>
  fc.array(intentArb, { minLength: players, maxLength: players }).map((xs) => new RoundCommand(xs));

// ---------------------------------------------------------------------------------------------------------------
// The server's state, read back and compared

function itemsText(items: Items): string {
  return JSON.stringify(Object.fromEntries([...items].sort(([x], [y]) => (x < y ? -1 : 1))));
}

async function compare(m: Model, env: ModelEnv): Promise<string[]> {
  const db = env.server.database.db;
  const ids = m.players.map((p) => p.id);
  const idx = new Map(m.players.map((p) => [p.id, p.i]));
  const out: string[] = [];
  const same = (what: string, model: string, server: string) => {
    if (model !== server) out.push(`${what}: model ${model}, server ${server}`);
  };

  const [packs, worn, founded, offers, built, [chat]] = await Promise.all([
    db
      .select()
      .from(inventoryItems)
      .where(and(inArray(inventoryItems.userId, ids), eq(inventoryItems.worldId, W))),
    db.select().from(playerEquipment).where(inArray(playerEquipment.userId, ids)),
    db.select().from(settlements).where(inArray(settlements.founderId, ids)),
    db.select().from(npcSpawnSignals).where(inArray(npcSpawnSignals.userId, ids)),
    db.select().from(shelters).where(inArray(shelters.builtBy, ids)),
    db.select({ n: sql<number>`count(*)::int` }).from(chatMessages).where(inArray(chatMessages.userId, ids)),
  ]);
  const sids = founded.map((s) => s.id);
  const none = Promise.resolve([]);
  const [blds, assigned, invited, npcRows] = await Promise.all([
    sids.length ? db.select().from(buildings).where(inArray(buildings.settlementId, sids)) : none,
    sids.length ? db.select().from(bedAssignments).where(inArray(bedAssignments.settlementId, sids)) : none,
    sids.length ? db.select().from(bedInvitations).where(inArray(bedInvitations.settlementId, sids)) : none,
    sids.length ? db.select().from(npcs).where(inArray(npcs.settlementId, sids)) : none,
  ]);
  const bids = blds.map((b) => b.id);
  const nids = npcRows.map((n) => n.id);
  const [stored, npcGear, npcCarried] = await Promise.all([
    bids.length ? db.select().from(storageItems).where(inArray(storageItems.buildingId, bids)) : none,
    nids.length ? db.select().from(npcEquipment).where(inArray(npcEquipment.npcId, nids)) : none,
    nids.length ? db.select().from(npcItems).where(inArray(npcItems.npcId, nids)) : none,
  ]);
  // Item totals: everything the cast holds anywhere against what was handed out and found, less what was consumed.
  const totals = new Map<string, number>();
  const count = (name: string, n: number) => totals.set(name, (totals.get(name) ?? 0) + n);
  for (const r of packs) count(r.itemName, r.quantity);
  for (const r of stored) count(r.itemName, r.quantity);
  for (const r of worn) count(r.itemName, 1);
  for (const r of npcGear) count(r.itemName, 1);
  for (const r of npcCarried) count(r.itemName, r.quantity);
  const names = [...new Set([...totals.keys(), ...m.ledger.keys()])].sort();
  const unbalanced = names.filter((n) => (totals.get(n) ?? 0) !== (m.ledger.get(n) ?? 0));
  if (unbalanced.length)
    out.push(
      `item totals not conserved: ${unbalanced.map((n) => `${n} held ${totals.get(n) ?? 0}, expected ${m.ledger.get(n) ?? 0}`).join('; ')}`,
    );

  for (const p of m.players) {
    const pack: Items = new Map();
    for (const r of packs.filter((r) => r.userId === p.id)) add(pack, key(r.itemName, r.quality), r.quantity);
    same(`player ${p.i}'s pack`, itemsText(p.pack), itemsText(pack));
    const w = Object.fromEntries(worn.filter((r) => r.userId === p.id).map((r) => [r.slot, key(r.itemName, r.quality)]));
    same(
      `player ${p.i}'s gear`,
      JSON.stringify(Object.fromEntries([...p.worn].sort())),
      JSON.stringify(Object.fromEntries(Object.entries(w).sort())),
    );
    same(
      `player ${p.i}'s open offers`,
      JSON.stringify([...p.offers].sort()),
      JSON.stringify(
        offers
          .filter((o) => o.userId === p.id)
          .map((o) => o.npcName)
          .sort(),
      ),
    );
  }
  same('shelters built', String(m.shelters.length), String(built.length));
  same('chat messages', String(m.chatCount), String(chat?.n ?? 0));
  same('settlements', JSON.stringify([...m.settlements.keys()].sort()), JSON.stringify([...sids].sort()));
  for (const s of m.settlements.values()) {
    const row = founded.find((r) => r.id === s.id);
    if (!row) continue;
    same(`${s.name}'s founder`, m.players[s.founder]!.id, row.founderId);
    same(`${s.name}'s level`, String(s.level), String(row.level));
    const bs = blds.filter((b) => b.settlementId === s.id);
    same(
      `${s.name}'s buildings`,
      JSON.stringify(s.buildings.map((b) => [b.id, b.type, b.subtype, b.level]).sort()),
      JSON.stringify(bs.map((b) => [b.id, b.type, b.subtype, b.level]).sort()),
    );
    const storage: Items = new Map();
    for (const r of stored.filter((r) => bs.some((b) => b.id === r.buildingId) && r.quantity > 0))
      add(storage, key(r.itemName, r.quality), r.quantity);
    same(`${s.name}'s storage`, itemsText(s.storage), itemsText(storage));
    const occ = (o: number | string) => (typeof o === 'number' ? `player ${o}` : o);
    same(
      `${s.name}'s beds`,
      JSON.stringify([...s.occupant].map(([b, o]) => [b, occ(o)]).sort()),
      JSON.stringify(
        assigned
          .filter((r) => r.settlementId === s.id)
          .map((r) => [r.bedId, r.userId ? `player ${idx.get(r.userId) ?? r.userId}` : `npc:${r.npcId}`])
          .sort(),
      ),
    );
    same(
      `${s.name}'s invitations`,
      JSON.stringify([...s.invitation].sort()),
      JSON.stringify(
        invited
          .filter((r) => r.settlementId === s.id)
          .map((r) => [r.bedId, idx.get(r.inviteeId) ?? r.inviteeId])
          .sort(),
      ),
    );
    same(
      `${s.name}'s NPCs`,
      JSON.stringify([...s.npcs.values()].map((n) => [n.id, n.name, n.assignment, n.bedId]).sort()),
      JSON.stringify(
        npcRows
          .filter((n) => n.settlementId === s.id)
          .map((n) => [n.id, n.name, n.assignment, n.bedId])
          .sort(),
      ),
    );
  }
  // Where the server has each survivor (its live position, as every reach check reads it).
  const positions = await Promise.all(m.players.map((p) => p.client.json(p.client.get(`/api/player/current?worldId=${W}`))));
  for (const p of m.players) {
    const at = positions[p.i] as { x: number; y: number };
    same(`player ${p.i}'s position`, `${p.pos.x},${p.pos.y}`, `${at.x},${at.y}`);
  }
  return out;
}

export function statsText(env: ModelEnv): string {
  const parts = [...env.stats.byAction]
    .sort(([x], [y]) => (x < y ? -1 : 1))
    .map(([route, m]) => `${route} ${[...m].map(([s, n]) => `${s}×${n}`).join(',')}`);
  return `model fuzz on ${env.backend}: ${env.runs} runs, ${env.stats.rounds} rounds (${env.stats.races} with an NPC assigned and dismissed at once); actions: ${parts.join('; ')}`;
}
