import {
  NOT_IN_LOBBY_MESSAGE,
  type JoinGameResponse,
  type LeaveResponse,
  type LobbyAccess,
  type LobbyStatus,
  type ReadyResponse,
} from '../../contract/lobby.ts';
import {
  accessFor,
  buildStatus,
  decideJoin,
  expiryCutoff,
  lastSeenStaleBefore,
  membershipOf,
  needsSettling,
  seatsToFill,
  type LobbyLimits,
  type OwnEntry,
} from '../../game/lobby.ts';
import type { LobbyOps } from '../../../db/repos/lobby.ts';
import type { Services } from '../../services.ts';

/**
 * The lobby's use cases. Each reads the clock once (`services.now()`), settles the lobby first (lapsed
 * entries out, queue heads into free seats), then does its own change. Expiry is evaluated lazily here on
 * every lobby call, so what anyone sees is always what the clock says; no background timer is needed.
 *
 * Every call costs the same however many people are in the lobby (only GET /api/lobby, which lists them all,
 * grows with it): "is there anything to settle" is one row of counts plus one index probe for a lapsed entry;
 * settling deletes the lapsed through an index and seats queue heads in one bounded UPDATE; the caller's
 * standing is their own row, plus the queue ahead of them when queued. Heartbeats write only a stale last-seen
 * time (LAST_SEEN_GRANULARITY).
 */

export function lobbyLimits(services: Services): LobbyLimits {
  return { maxPlayers: services.config.maxPlayers, seatTimeoutMs: services.config.seatTimeoutMs };
}

/** Under the lobby lock: drop lapsed entries, then seat queue heads while seats are free; answers the counts after. */
async function settle(lobby: LobbyOps, now: Date, limits: LobbyLimits): Promise<{ seated: number; queued: number }> {
  const cutoff = expiryCutoff(now, limits.seatTimeoutMs);
  await lobby.removeLapsed(cutoff);
  const { seated, queued } = await lobby.counts(cutoff);
  const promoted = (await lobby.seatQueueHeads(seatsToFill(seated, queued, limits.maxPlayers), now)).length;
  return { seated: seated + promoted, queued: queued - promoted };
}

/** A heartbeat for a user whose live entry was just read: writes only when the stored time is stale. */
async function refreshIfStale(lobby: LobbyOps, userId: string, own: OwnEntry, now: Date, limits: LobbyLimits) {
  const staleBefore = lastSeenStaleBefore(now, limits.seatTimeoutMs);
  if (own.lastSeenAt < staleBefore) await lobby.refresh(userId, now, expiryCutoff(now, limits.seatTimeoutMs), staleBefore);
}

/** Settles only when a cheap unlocked look says there is something to do, so plain polls take no lock. */
async function settleIfNeeded(services: Services, now: Date, limits: LobbyLimits): Promise<void> {
  const lobby = services.repos.lobby;
  const counts = await lobby.counts(expiryCutoff(now, limits.seatTimeoutMs));
  if (needsSettling(counts, limits.maxPlayers)) await lobby.locked((tx) => settle(tx, now, limits));
}

async function join(services: Services, userId: string, now: Date, limits: LobbyLimits): Promise<JoinGameResponse> {
  return services.repos.lobby.locked(async (lobby) => {
    const { seated, queued } = await settle(lobby, now, limits);
    const own = await lobby.own(userId, expiryCutoff(now, limits.seatTimeoutMs));
    const decision = decideJoin(membershipOf(own), seated, queued, limits.maxPlayers);
    if (own) await refreshIfStale(lobby, userId, own, now, limits);
    else if (decision.write !== 'none') await lobby.insert(userId, now, decision.write === 'seat');
    return decision.action === 'added_to_queue'
      ? { action: decision.action, position: decision.position }
      : { action: decision.action };
  });
}

/** GET /api/lobby: the caller counts as seen; a caller in neither list is joined (seat if free, else queue). */
export async function lobbyStatus(services: Services, userId: string): Promise<LobbyStatus> {
  const now = services.now();
  const limits = lobbyLimits(services);
  await settleIfNeeded(services, now, limits);
  const present = await services.repos.lobby.touch(userId, now, expiryCutoff(now, limits.seatTimeoutMs));
  if (!present) await join(services, userId, now, limits);
  return buildStatus(await services.repos.lobby.listWithNames(), now, limits.maxPlayers);
}

/** POST /api/lobby/join-game */
export function joinGame(services: Services, userId: string): Promise<JoinGameResponse> {
  return join(services, userId, services.now(), lobbyLimits(services));
}

export type ReadyOutcome = { ok: true; body: ReadyResponse } | { ok: false; status: 409; message: string };

/** POST /api/lobby/ready: only the caller's own flag, only with a seat. */
export async function setReady(services: Services, userId: string, ready: boolean): Promise<ReadyOutcome> {
  const now = services.now();
  const limits = lobbyLimits(services);
  const cutoff = expiryCutoff(now, limits.seatTimeoutMs);
  await settleIfNeeded(services, now, limits);
  await services.repos.lobby.touch(userId, now, cutoff);
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
    await settle(lobby, now, limits);
    return { left };
  });
}

/** GET /api/lobby/access: a seat opens /game; the caller counts as seen but is never joined here. */
export async function lobbyAccess(services: Services, userId: string): Promise<LobbyAccess> {
  const now = services.now();
  const limits = lobbyLimits(services);
  await settleIfNeeded(services, now, limits);
  const own = await services.repos.lobby.own(userId, expiryCutoff(now, limits.seatTimeoutMs));
  if (own) await refreshIfStale(services.repos.lobby, userId, own, now, limits);
  return accessFor(membershipOf(own));
}

/**
 * Presence for the live layer (api/live): call it when a user's WebSocket connects and then periodically
 * (well inside `config.seatTimeoutMs`, e.g. with every 30 s ping) while the socket stays open. It keeps the
 * user's lobby seat or queue place from lapsing, exactly like a lobby poll does.
 *
 * Answers whether the user holds a live entry (seated or queued). An entry that has already lapsed is not
 * revived (it is dropped at the next lobby call); it answers false then, and for users in neither list.
 * Cheap: one read by primary key, and an UPDATE only when the stored time is stale; no lock.
 */
export function touchPresence(services: Services, userId: string): Promise<boolean> {
  const now = services.now();
  return services.repos.lobby.touch(userId, now, expiryCutoff(now, services.config.seatTimeoutMs));
}
