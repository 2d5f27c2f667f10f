import type { LobbyOps, OwnEntry, WorldSeatsRow } from '../../../db/repos/lobby.ts';
import {
  NOT_IN_LOBBY_MESSAGE,
  UNKNOWN_WORLD_MESSAGE,
  type JoinGameResponse,
  type LeaveResponse,
  type LobbyAccess,
  type LobbyStatus,
  type ReadyResponse,
  type WorldsList,
} from '../../contract/lobby.ts';
import { accessToWorld, buildStatus, expiryCutoff, JoinAction, lastSeenStaleBefore, type LobbyLimits } from '../../game/lobby.ts';
import { DEFAULT_WORLD_ID, newWorldSeed, randomSeed } from '../../game/world.ts';
import {
  DEFAULT_WORLD_NAME,
  pickWorldName,
  place,
  roomForQueue,
  seatsOf,
  worldIdFrom,
  worldStateOf,
  type WorldSeats,
} from '../../game/worlds.ts';
import { isDatabaseUnavailable } from '../../http/errors.ts';
import type { Services } from '../../services.ts';

/**
 * The lobby's use cases over many worlds. Each reads the clock once (`services.now()`), settles the lobby
 * first (lapsed entries out, queue heads into free seats or a newly opened world), then does its own change. Expiry
 * is evaluated lazily here on every lobby call, so what anyone sees is always what the clock says; no timer is needed.
 *
 * Every seat change (join, move, leave, lapse, promotion, opening a world for a seat) happens in one transaction
 * holding the lobby's advisory lock, so 100 simultaneous joins fill worlds seat by seat and open exactly as many
 * worlds as they need. Placement is the pure rule `place` (api/game/worlds.ts); this file reads what it needs and
 * writes what it decides. Heartbeats write only a stale last-seen time (LAST_SEEN_GRANULARITY).
 */

/** The lobby's limits: seats per world, the seat timeout, and how many worlds may be open. */
export interface WorldLimits extends LobbyLimits {
  worldsMax: number;
}

export function lobbyLimits(services: Services): WorldLimits {
  return {
    maxPlayers: services.config.maxPlayers,
    seatTimeoutMs: services.config.seatTimeoutMs,
    worldsMax: services.config.worldsMax,
  };
}

/** The worlds as placement reads them: pinned seats or the deployment's MAX_PLAYERS. */
function seatsView(rows: readonly WorldSeatsRow[], maxPlayers: number): (WorldSeats & { name: string })[] {
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    seated: r.seated,
    maxPlayers: seatsOf(r.maxPlayers, maxPlayers),
    state: r.state,
    createdAt: r.createdAt,
  }));
}

/**
 * Opens a world under the lobby lock: `default` when it does not exist yet (the first world of a fresh deployment),
 * else a short random id and a generated name not already taken; its seed is WORLD_SEED when set (reproducible test
 * worlds), else random. Answers the new world as placement sees it; with `deferred`, the caller writes it.
 */
async function openNewWorld(
  services: Services,
  lobby: LobbyOps,
  known: readonly (WorldSeats & { name: string })[],
  name?: string,
  deferred?: { id: string; name: string; seed: number }[],
): Promise<WorldSeats & { name: string }> {
  const first = !known.some((w) => w.id === DEFAULT_WORLD_ID);
  const id = first ? DEFAULT_WORLD_ID : worldIdFrom(crypto.getRandomValues(new Uint8Array(8)));
  const worldName =
    name ??
    (first
      ? DEFAULT_WORLD_NAME
      : pickWorldName(
          randomSeed(),
          known.map((w) => w.name),
        ));
  const seed = newWorldSeed(services.config.worldSeed);
  // A batch of joins writes the worlds it opens together (`deferred`), before the entries that point at them.
  if (deferred) deferred.push({ id, name: worldName, seed });
  else await lobby.createWorld({ id, name: worldName, seed });
  return { id, name: worldName, seated: 0, maxPlayers: services.config.maxPlayers, state: 'open', createdAt: services.now() };
}

/**
 * Under the lobby lock: drop lapsed entries, then seat queue heads in arrival order, each where placement puts a
 * newcomer (their home world if it has room, else the fullest with room, else a newly opened world), while any seat
 * is free or a world may still open.
 */
async function settle(services: Services, lobby: LobbyOps, now: Date, limits: WorldLimits): Promise<{ queued: number }> {
  const cutoff = expiryCutoff(now, limits.seatTimeoutMs);
  await lobby.removeLapsed(cutoff);
  const { queued } = await lobby.counts(cutoff);
  if (queued === 0) return { queued };
  const worlds = seatsView(await lobby.worldSeats(), limits.maxPlayers);
  const room = roomForQueue(worlds, limits.worldsMax, limits.maxPlayers);
  let seated = 0;
  for (const userId of await lobby.queueHeads(Math.min(queued, room))) {
    const home = await lobby.homeWorld(userId);
    const decision = place(worlds, { home, requested: null, worldsMax: limits.worldsMax, queued: 0 });
    let target: WorldSeats;
    if (decision.kind === 'seat') target = worlds.find((w) => w.id === decision.worldId)!;
    else if (decision.kind === 'open') {
      target = await openNewWorld(services, lobby, worlds);
      worlds.push(target as WorldSeats & { name: string });
    } else break;
    await lobby.seat(userId, target.id, now);
    target.seated += 1;
    seated += 1;
  }
  return { queued: queued - seated };
}

/** A heartbeat for a user whose live entry was just read: writes only when the stored time is stale. */
async function refreshIfStale(lobby: LobbyOps, userId: string, own: OwnEntry, now: Date, limits: LobbyLimits) {
  const staleBefore = lastSeenStaleBefore(now, limits.seatTimeoutMs);
  if (own.lastSeenAt < staleBefore) await lobby.refresh(userId, now, expiryCutoff(now, limits.seatTimeoutMs), staleBefore);
}

/**
 * Settles only when a cheap unlocked look says there is something to do (a lapsed entry, or people waiting while a
 * seat is free or a world may open), so plain polls take no lock.
 */
async function settleIfNeeded(services: Services, now: Date, limits: WorldLimits): Promise<boolean> {
  const lobby = services.repos.lobby;
  const counts = await lobby.counts(expiryCutoff(now, limits.seatTimeoutMs));
  let needed = counts.anyLapsed;
  if (!needed && counts.queued > 0) {
    const worlds = seatsView(await lobby.worldSeats(), limits.maxPlayers);
    needed = roomForQueue(worlds, limits.worldsMax, limits.maxPlayers) > 0;
  }
  if (needed) await lobby.locked((tx) => settle(services, tx, now, limits));
  return needed;
}

export type JoinOutcome =
  | { ok: true; body: JoinGameResponse; movedFrom: string | null }
  | { ok: false; status: 404 | 409; message: string };

const seatedIn = (action: JoinAction, worldId: string): JoinGameResponse => ({ action, worldId, seated: true, position: null });
const queuedAt = (position: number): JoinGameResponse => ({
  action: JoinAction.addedToQueue,
  worldId: null,
  seated: false,
  position,
});

/**
 * What the joins of one batch share in their one locked transaction (see `join`): the deployment's queue length and
 * the worlds with their seats, read once and kept up to date in memory as the batch seats players (null: read again).
 */
interface BatchState {
  queued: number;
  worlds: (WorldSeats & { name: string })[] | null;
}
/** A batch's state with its worlds read. */
type PlacedState = BatchState & { worlds: (WorldSeats & { name: string })[] };

/**
 * The join of a user who holds an entry (or whose earlier join in this batch made one), inside the locked
 * transaction: the same seat or queue place, or, asking for a world by name, a seat there (a move, or leaving the
 * queue for it). Called once the batch's writes so far are written, so it reads what the batch did.
 */
async function holderJoinIn(
  services: Services,
  lobby: LobbyOps,
  state: BatchState,
  j: PendingJoin,
  limits: WorldLimits,
): Promise<JoinOutcome> {
  const { userId, now, requested } = j;
  const own = await lobby.own(userId, expiryCutoff(now, limits.seatTimeoutMs));
  if (!own) {
    // Settling at the batch's start leaves no entry that lapses before any of its joins: not reached, but whole.
    state.worlds ??= seatsView(await lobby.worldSeats(), limits.maxPlayers);
    const writes: BatchWrites = { worlds: [], entries: [] };
    const home = requested === null ? await lobby.homeWorld(userId) : null;
    const outcome = await newcomerIn(services, lobby, state as PlacedState, j, home, limits, writes);
    await flushWrites(lobby, writes);
    return outcome;
  }
  await refreshIfStale(lobby, userId, own, now, limits);
  // Already seated and asking for nothing else: that seat.
  if (own.seatedAt && own.worldId !== null && (requested === null || requested === own.worldId)) {
    return { ok: true, body: seatedIn(JoinAction.alreadyInLobby, own.worldId), movedFrom: null };
  }
  // Queued and asking for no world in particular: the same place.
  if (!own.seatedAt && requested === null) {
    return { ok: true, body: queuedAt(own.queuePosition ?? 1), movedFrom: null };
  }
  // A world named (requested is set here): a seat there or a refusal; only the world counts, not the queue.
  state.worlds ??= seatsView(await lobby.worldSeats(), limits.maxPlayers);
  const decision = place(state.worlds, { home: null, requested, worldsMax: limits.worldsMax, queued: 0 });
  if (decision.kind !== 'seat') {
    if (decision.kind === 'refuse') return { ok: false, status: decision.status, message: decision.message };
    throw new Error(`a named world places as a seat or a refusal, not ${decision.kind}`);
  }
  const target = state.worlds.find((w) => w.id === decision.worldId)!;
  await lobby.seat(userId, target.id, now);
  target.seated += 1;
  if (!own.seatedAt) state.queued -= 1;
  const movedFrom = own.seatedAt ? own.worldId : null;
  // A seat given up by a move goes to the queue head at once.
  if (movedFrom !== null) {
    state.queued = (await settle(services, lobby, now, limits)).queued;
    state.worlds = null;
  }
  return { ok: true, body: seatedIn(JoinAction.joinedLobby, target.id), movedFrom };
}

/** Joins in one transaction at most: a longer wait is cut into several. (A batch's statements do not grow with it.) */
const MAX_JOIN_BATCH = 500;

interface PendingJoin {
  userId: string;
  now: Date;
  requested: string | null;
  resolve: (outcome: JoinOutcome) => void;
  reject: (err: unknown) => void;
}

/** Each app's joins waiting for its next lobby transaction, and whether one is running. */
const joinQueues = new WeakMap<Services, { pending: PendingJoin[]; running: boolean }>();

/** What a batch's newcomers wrote in memory: the worlds they opened and their entries, in order. */
interface BatchWrites {
  worlds: { id: string; name: string; seed: number }[];
  entries: { userId: string; now: Date; worldId: string | null }[];
}

/** Writes them: the worlds first (the entries point at them), each in one statement. */
async function flushWrites(lobby: LobbyOps, writes: BatchWrites): Promise<void> {
  await lobby.createWorlds(writes.worlds.splice(0));
  await lobby.insertMany(writes.entries.splice(0));
}

/**
 * A newcomer's join inside the batch (no entry, first in the batch): placed in memory from the batch's reads (`home`:
 * its home world when it names none), the world it opens and its entry left in `writes`.
 */
async function newcomerIn(
  services: Services,
  lobby: LobbyOps,
  state: PlacedState,
  j: PendingJoin,
  home: string | null,
  limits: WorldLimits,
  writes: BatchWrites,
): Promise<JoinOutcome> {
  const decision = place(state.worlds, {
    home,
    requested: j.requested,
    worldsMax: limits.worldsMax,
    queued: state.queued,
  });
  switch (decision.kind) {
    case 'refuse':
      return { ok: false, status: decision.status, message: decision.message };
    case 'queue':
      writes.entries.push({ userId: j.userId, now: j.now, worldId: null });
      state.queued += 1;
      return { ok: true, body: queuedAt(state.queued), movedFrom: null };
    case 'seat':
    case 'open': {
      let target: WorldSeats;
      if (decision.kind === 'seat') target = state.worlds.find((w) => w.id === decision.worldId)!;
      else {
        const opened = await openNewWorld(services, lobby, state.worlds, undefined, writes.worlds);
        state.worlds.push(opened);
        target = opened;
      }
      writes.entries.push({ userId: j.userId, now: j.now, worldId: target.id });
      target.seated += 1;
      return { ok: true, body: seatedIn(JoinAction.joinedLobby, target.id), movedFrom: null };
    }
  }
}

/**
 * A batch of joins in one transaction under the lobby lock: settled once, then each in arrival order, exactly as
 * alone. Newcomers (a rush is nearly all of them) cost no statement of their own: who already holds an entry and
 * where each has a survivor are read once for the batch, and their entries go in with one insert. Anyone else (an
 * entry held, or a second join of the same user in the batch) is placed by `holderJoinIn` after the writes so far are
 * written, so it reads what the batch did.
 */
function runBatch(services: Services, batch: readonly PendingJoin[], limits: WorldLimits): Promise<JoinOutcome[]> {
  return services.repos.lobby.locked(async (lobby) => {
    const latest = new Date(Math.max(...batch.map((j) => j.now.getTime())));
    const cutoff = expiryCutoff(latest, limits.seatTimeoutMs);
    const ids = [...new Set(batch.map((j) => j.userId))];
    // The lock holder's every round trip waits behind its whole process's work (a rush loads it) while the other
    // processes' joins wait for the lock: drop the lapsed, then every read at once (pipelined on the connection).
    // Any entry left is live for each join of the batch (none is later than `latest`).
    await lobby.removeLapsed(cutoff);
    const [counts, held, homes, seats] = await Promise.all([
      lobby.counts(cutoff),
      lobby.withEntries(ids),
      lobby.homeWorlds(ids),
      lobby.worldSeats(),
    ]);
    const state: BatchState = { queued: counts.queued, worlds: seatsView(seats, limits.maxPlayers) };
    // People waiting: seat the queue heads first (they came before this batch), as settling does.
    if (counts.queued > 0) {
      state.queued = (await settle(services, lobby, latest, limits)).queued;
      state.worlds = null;
    }
    const seen = new Set<string>();
    const writes: BatchWrites = { worlds: [], entries: [] };
    const outcomes: JoinOutcome[] = [];
    for (const j of batch) {
      const newcomer = !held.has(j.userId) && !seen.has(j.userId);
      seen.add(j.userId);
      if (newcomer) {
        state.worlds ??= seatsView(await lobby.worldSeats(), limits.maxPlayers);
        const home = j.requested === null ? (homes.get(j.userId) ?? null) : null;
        outcomes.push(await newcomerIn(services, lobby, state as PlacedState, j, home, limits, writes));
        continue;
      }
      await flushWrites(lobby, writes);
      outcomes.push(await holderJoinIn(services, lobby, state, j, limits));
    }
    await flushWrites(lobby, writes);
    return outcomes;
  });
}

async function drainJoins(services: Services, queue: { pending: PendingJoin[]; running: boolean }, limits: WorldLimits) {
  queue.running = true;
  try {
    while (queue.pending.length > 0) {
      const batch = queue.pending.splice(0, MAX_JOIN_BATCH);
      try {
        const outcomes = await runBatch(services, batch, limits);
        for (const [i, j] of batch.entries()) j.resolve(outcomes[i]!);
      } catch (err) {
        // One join's failure must not fail the others: each runs again on its own. An unreachable database fails
        // them all at once (each would only wait for it again).
        if (batch.length === 1 || isDatabaseUnavailable(err)) for (const j of batch) j.reject(err);
        else
          for (const j of batch)
            await runBatch(services, [j], limits).then(
              ([outcome]) => j.resolve(outcome!),
              (e) => j.reject(e),
            );
      }
    }
  } finally {
    queue.running = false;
  }
}

/**
 * A join, batched: while this process's lobby transaction runs, the joins that arrive wait and then go together in
 * the next one (at most MAX_JOIN_BATCH), each placed in arrival order exactly as alone. Under a rush (1,000 players
 * at once) the lock, the settling, the worlds' read and the commit are paid once a batch instead of once a join, and
 * each process keeps one database connection waiting on the lobby lock instead of its whole pool, so the reads of
 * the players already seated (access checks, sockets) are not starved.
 */
function join(
  services: Services,
  userId: string,
  now: Date,
  limits: WorldLimits,
  requested: string | null,
): Promise<JoinOutcome> {
  let queue = joinQueues.get(services);
  if (!queue) {
    queue = { pending: [], running: false };
    joinQueues.set(services, queue);
  }
  const q = queue;
  return new Promise((resolve, reject) => {
    q.pending.push({ userId, now, requested, resolve, reject });
    if (!q.running) void drainJoins(services, q, limits);
  });
}

/** The world GET /api/lobby and the access check ask about when none is named. */
async function worldAsked(services: Services, userId: string, now: Date, limits: LobbyLimits): Promise<string> {
  const own = await services.repos.lobby.own(userId, expiryCutoff(now, limits.seatTimeoutMs));
  return own?.worldId ?? DEFAULT_WORLD_ID;
}

export type StatusOutcome = { ok: true; body: LobbyStatus } | { ok: false; status: 404; message: string };

/**
 * GET /api/lobby?worldId=: the caller counts as seen; a caller in neither list is joined (placement as for a join
 * naming no world). Lists that world's seated players (the caller's own world when none is named, else `default`)
 * and the deployment's queue.
 */
export async function lobbyStatus(services: Services, userId: string, worldId?: string): Promise<StatusOutcome> {
  const now = services.now();
  const limits = lobbyLimits(services);
  const lobby = services.repos.lobby;
  // A world that does not exist is refused before anything is written (no heartbeat, no join).
  if (worldId !== undefined && !(await services.repos.world.findWorld(worldId)))
    return { ok: false, status: 404, message: UNKNOWN_WORLD_MESSAGE };
  await settleIfNeeded(services, now, limits);
  const cutoff = expiryCutoff(now, limits.seatTimeoutMs);
  const present = await lobby.touch(userId, now, cutoff, lastSeenStaleBefore(now, limits.seatTimeoutMs));
  if (!present) await join(services, userId, now, limits, null);
  const asked = worldId ?? (await worldAsked(services, userId, now, limits));
  const world = await services.repos.world.findWorld(asked);
  const body = buildStatus(await lobby.listWithNames(asked), now, seatsOf(world?.maxPlayers ?? null, limits.maxPlayers), {
    worldId: asked,
    worldName: world?.name ?? DEFAULT_WORLD_NAME,
  });
  return { ok: true, body: { ...body, homeWorldId: await lobby.homeWorld(userId) } };
}

/** POST /api/lobby/join-game, with an optional world picked from the list. */
export function joinGame(services: Services, userId: string, worldId?: string): Promise<JoinOutcome> {
  return join(services, userId, services.now(), lobbyLimits(services), worldId ?? null);
}

export type ReadyOutcome = { ok: true; body: ReadyResponse } | { ok: false; status: 409; message: string };

/** POST /api/lobby/ready: only the caller's own flag, only with a seat. */
export async function setReady(services: Services, userId: string, ready: boolean): Promise<ReadyOutcome> {
  const now = services.now();
  const limits = lobbyLimits(services);
  const cutoff = expiryCutoff(now, limits.seatTimeoutMs);
  await settleIfNeeded(services, now, limits);
  await services.repos.lobby.touch(userId, now, cutoff, lastSeenStaleBefore(now, limits.seatTimeoutMs));
  if (!(await services.repos.lobby.setReady(userId, ready, cutoff))) {
    return { ok: false, status: 409, message: NOT_IN_LOBBY_MESSAGE };
  }
  return { ok: true, body: { isReady: ready } };
}

/** POST /api/lobby/leave: out of the lobby or the queue; the queue head takes a freed seat at once. */
export async function leaveLobby(services: Services, userId: string): Promise<LeaveResponse> {
  const now = services.now();
  const limits = lobbyLimits(services);
  return services.repos.lobby.locked(async (lobby) => {
    const left = await lobby.remove(userId);
    await settle(services, lobby, now, limits);
    return { left };
  });
}

/**
 * GET /api/lobby/access?worldId= (default `default`): a seat in that world opens its game; a seat elsewhere is
 * refused with NOT_SEATED_HERE_REASON and names the seat's world. `null` asks about no world in particular (a game
 * route that names none): a seat anywhere opens it. The caller counts as seen but is never joined here.
 */
export async function lobbyAccess(
  services: Services,
  userId: string,
  worldId: string | null = DEFAULT_WORLD_ID,
): Promise<LobbyAccess> {
  const now = services.now();
  const limits = lobbyLimits(services);
  const cutoff = expiryCutoff(now, limits.seatTimeoutMs);
  let own = await services.repos.lobby.own(userId, cutoff);
  // A live seat's answer depends on no one else: settling (which may seat a queued caller) is for the others.
  if (!own?.seatedAt && (await settleIfNeeded(services, now, limits))) own = await services.repos.lobby.own(userId, cutoff);
  if (own) await refreshIfStale(services.repos.lobby, userId, own, now, limits);
  return accessToWorld(own, worldId ?? own?.worldId ?? DEFAULT_WORLD_ID);
}

/**
 * GET /api/worlds (public): every world with its seat counts and state, oldest first, and the deployment's totals.
 * No player names. Settles first when needed, so lapsed seats are not counted.
 */
export async function listWorlds(services: Services): Promise<WorldsList> {
  const now = services.now();
  const limits = lobbyLimits(services);
  await settleIfNeeded(services, now, limits);
  const worlds = seatsView(await services.repos.lobby.worldSeats(), limits.maxPlayers).map((w) => ({
    id: w.id,
    name: w.name,
    seated: w.seated,
    maxPlayers: w.maxPlayers,
    state: worldStateOf(w),
  }));
  return {
    worlds,
    online: worlds.reduce((n, w) => n + w.seated, 0),
    open: worlds.filter((w) => w.state !== 'closed').length,
  };
}

/**
 * Opens a world for an operator (api/modules/worlds/service.ts) under the lobby lock: a closed world again (`reopen`,
 * its id), or a new one (`name`, else a generated name). Refused while WORLDS_MAX worlds are open. Queue heads may
 * take its seats at once.
 */
/**
 * What an operator's open does, chosen under the lobby lock from every world there is (so two operators on two
 * processes cannot both take one name): reopen a closed world, open a new one (named, or with a generated name), or
 * refuse with the caller's own answer.
 */
export type OpenChoice<R> = { reopen: string } | { name?: string } | { refused: R };

/**
 * Opens a world under the lobby lock, as `choose` decides from every world (see OpenChoice); a reopened world exists
 * again, a new one gets a short random id, and either is refused past WORLDS_MAX. Queued players are seated after.
 */
export async function openWorldLocked<R>(
  services: Services,
  choose: (worlds: readonly WorldSeatsRow[]) => OpenChoice<R>,
): Promise<{ ok: true; id: string } | { ok: false; reason: 'limit' | 'unknown' } | { ok: false; reason: 'refused'; refused: R }> {
  const now = services.now();
  const limits = lobbyLimits(services);
  return services.repos.lobby.locked(async (lobby) => {
    const rows = await lobby.worldSeats();
    const choice = choose(rows);
    if ('refused' in choice) return { ok: false, reason: 'refused', refused: choice.refused };
    const worlds = seatsView(rows, limits.maxPlayers);
    if (worlds.filter((w) => w.state === 'open').length >= limits.worldsMax) return { ok: false, reason: 'limit' };
    let id: string;
    if ('reopen' in choice) {
      if (!(await lobby.setWorldState(choice.reopen, 'open'))) return { ok: false, reason: 'unknown' };
      id = choice.reopen;
    } else id = (await openNewWorld(services, lobby, worlds, choice.name)).id;
    await settle(services, lobby, now, limits);
    return { ok: true, id };
  });
}

/**
 * Closes a world under the lobby lock: it admits nobody new; its seated players keep their seats until they leave or
 * lapse, and its data stays. Answers whether the world exists.
 */
export function closeWorldLocked(services: Services, worldId: string): Promise<boolean> {
  return services.repos.lobby.locked((lobby) => lobby.setWorldState(worldId, 'closed'));
}
