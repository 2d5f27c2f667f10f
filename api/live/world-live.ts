import { shownName } from '../contract/auth.ts';
import { Close, type LivePlayer, type ServerMessage } from '../contract/protocol.ts';
import type { MoveResult, PlayerInfo } from '../contract/world.ts';
import { decideMove, freshMoveState, type MoveRules, type MoveState } from '../game/movement.ts';
import { newTravelLogMemory, noteSectorEntry, sectorKey, takeTravelLogSlot, type TravelLogMemory } from '../game/travel-log.ts';
import type { Services } from '../services.ts';
import type { UserRow } from '../../db/repos/accounts.ts';
import { chunkOfWorld, chunkTopic, inInterest, interestChunks, userTopic, worldTopic } from './interest.ts';

/** What the live layer needs of a world's terrain (implemented over the WASM core). */
export interface WorldTerrain {
  readonly chunkWorldSize: number;
  readonly moveRules: MoveRules;
  /** A safe place to appear near the origin; `salt` spreads newcomers apart. */
  spawnPoint(salt: number): { x: number; y: number };
}

/** A survivor the live layer is tracking in one world. */
export interface Walker {
  userId: string;
  worldId: string;
  name: string;
  displayName: string | null;
  firstName: string | null;
  email: string | null;
  color: string;
  /** Position and movement budget: the budget lives as long as the walker, across reports and connections. */
  pos: MoveState;
  /** What the game log has already said about this walker's travels. */
  travelLog: TravelLogMemory;
  cx: number;
  cy: number;
  sockets: number;
  /** Last REST or socket activity, ms: REST-only players count as online for a while after it. */
  lastActivityAt: number;
  dirty: boolean;
}

/** A subscriber the hub can talk to: an Elysia WebSocket, seen through only what we use. */
export interface LiveSocket {
  send(message: ServerMessage): void;
  subscribe(topic: string): void;
  unsubscribe(topic: string): void;
  close(code: number, reason: string): void;
}

export type Publish = (topic: string, message: ServerMessage) => void;

/** Positions written back per statement. */
const SAVE_SLICE = 50;

/** REST-only survivors (no socket) stay listed as online this long after their last call. */
export const REST_ONLINE_MS = 60_000;

const COLORS = ['#e8a33d', '#7fd3ff', '#9bd17a', '#ff7a66', '#c79bff', '#f5e663', '#66e0c2', '#ff9ecf'];
export function colorFor(userId: string): string {
  let h = 0;
  for (let i = 0; i < userId.length; i++) h = (h * 31 + userId.charCodeAt(i)) | 0;
  return COLORS[Math.abs(h) % COLORS.length]!;
}

export function toLivePlayer(w: Walker, withPosition: boolean): LivePlayer {
  const base: LivePlayer = { id: w.userId, name: w.name, displayName: w.displayName, color: w.color };
  return withPosition ? { ...base, x: w.pos.x, y: w.pos.y } : base;
}

export function toPlayerInfo(w: Walker, online: boolean): PlayerInfo {
  return {
    id: w.userId,
    name: w.name,
    displayName: w.displayName,
    firstName: w.firstName,
    email: w.email,
    x: w.pos.x,
    y: w.pos.y,
    color: w.color,
    isOnline: online,
  };
}

/**
 * The live state of every world: who is where, who is connected, and who should hear about it.
 * Positions live here while players are active and are written back to the database in batches.
 */
export class LiveWorlds {
  private readonly walkers = new Map<string, Map<string, Walker>>();
  private readonly sockets = new Map<string, LiveSocket>();
  private publishFn: Publish = () => {};
  /** Moves waiting for the next fan-out tick, by sector topic, latest position per mover. */
  private pendingMoves = new Map<string, Map<string, { playerId: string; x: number; y: number }>>();

  constructor(
    private readonly services: Services,
    private readonly terrainFor: (worldId: string) => Promise<WorldTerrain>,
  ) {}

  /** Connects the hub to the running server's topic publisher. */
  attach(publish: Publish): void {
    this.publishFn = publish;
  }

  publish(topic: string, message: ServerMessage): void {
    this.publishFn(topic, message);
  }

  private queueMove(topic: string, w: Walker): void {
    let moves = this.pendingMoves.get(topic);
    if (!moves) this.pendingMoves.set(topic, (moves = new Map()));
    moves.set(w.userId, { playerId: w.userId, x: w.pos.x, y: w.pos.y });
  }

  /** One fan-out tick: every sector with moves hears them in one frame. */
  flushMoves(): void {
    if (this.pendingMoves.size === 0) return;
    const pending = this.pendingMoves;
    this.pendingMoves = new Map();
    for (const [topic, moves] of pending) this.publish(topic, { type: 'players_moved', moves: [...moves.values()] });
  }

  private worldWalkers(worldId: string): Map<string, Walker> {
    let m = this.walkers.get(worldId);
    if (!m) this.walkers.set(worldId, (m = new Map()));
    return m;
  }

  private now(): number {
    return this.services.now().getTime();
  }

  isOnline(w: Walker, now = this.now()): boolean {
    return w.sockets > 0 || now - w.lastActivityAt < REST_ONLINE_MS;
  }

  /** The user's survivor in the world: loaded, or created at a spawn point on first entry. */
  async walker(user: UserRow, worldId: string): Promise<Walker> {
    const known = this.walkers.get(worldId)?.get(user.id);
    if (known) {
      known.displayName = user.displayName;
      known.firstName = user.firstName;
      known.email = user.email;
      return known;
    }
    // Resolve the world first: an unknown world id must leave no state behind (it throws a 404).
    const terrain = await this.terrainFor(worldId);
    const world = this.worldWalkers(worldId);
    const now = this.now();
    const players = this.services.repos.players;
    let row = await players.find(user.id, worldId);
    if (!row) {
      const spawn = terrain.spawnPoint(hashString(user.id));
      row = await players.createIfMissing({
        userId: user.id,
        worldId,
        name: user.username,
        x: spawn.x,
        y: spawn.y,
        color: colorFor(user.id),
        isOnline: false,
      });
    }
    const raced = world.get(user.id);
    if (raced) return raced;
    const { cx, cy } = chunkOfWorld(row.x, row.y, terrain.chunkWorldSize);
    const w: Walker = {
      userId: user.id,
      worldId,
      name: row.name,
      displayName: user.displayName,
      firstName: user.firstName,
      email: user.email,
      color: row.color,
      pos: freshMoveState(row.x, row.y, now),
      travelLog: newTravelLogMemory(),
      cx,
      cy,
      sockets: 0,
      lastActivityAt: 0,
      dirty: false,
    };
    // Where the walker stands is known ground: stepping out and back in is travel, not a discovery.
    noteSectorEntry(w.travelLog, sectorKey(cx, cy));
    world.set(user.id, w);
    return w;
  }

  /** Marks REST activity (a poll or a move) so a player without a socket still counts as present. */
  touch(w: Walker): void {
    const wasOnline = this.isOnline(w);
    w.lastActivityAt = this.now();
    if (!wasOnline) this.announceJoin(w);
  }

  /** Worlds with live state in memory (for metrics and tests: unknown world ids must never add one). */
  get worldsTracked(): number {
    return this.walkers.size;
  }

  /** Worlds with at least one connected socket. */
  activeWorlds(): string[] {
    return [...this.walkers].filter(([, m]) => [...m.values()].some((w) => w.sockets > 0)).map(([id]) => id);
  }

  online(worldId: string): Walker[] {
    const now = this.now();
    return [...this.worldWalkers(worldId).values()].filter((w) => this.isOnline(w, now));
  }

  /** Applies a reported position under the movement rules and tells the survivors in range. */
  async move(w: Walker, to: { x: number; y: number }): Promise<MoveResult> {
    const terrain = await this.terrainFor(w.worldId);
    const now = this.now();
    const decision = decideMove(w.pos, to, now, terrain.moveRules);
    w.lastActivityAt = now;
    if (!decision.accepted) return { accepted: false, x: w.pos.x, y: w.pos.y, reason: decision.reason };
    w.pos = decision.state;
    w.dirty = true;
    const { cx, cy } = chunkOfWorld(w.pos.x, w.pos.y, terrain.chunkWorldSize);
    const crossed = cx !== w.cx || cy !== w.cy;
    if (crossed) {
      // Those who just lost sight of the mover hear its last position once.
      this.queueMove(chunkTopic(w.worldId, w.cx, w.cy), w);
      this.changeChunk(w, cx, cy);
      void this.logTravel(w, cx, cy).catch(() => {});
    }
    this.queueMove(chunkTopic(w.worldId, w.cx, w.cy), w);
    return { accepted: true, x: w.pos.x, y: w.pos.y };
  }

  /**
   * The game log (rules in api/game/travel-log.ts): entering a sector the player has never explored is a
   * discovery, logged once; other crossings are travel lines, throttled per player.
   */
  private async logTravel(w: Walker, cx: number, cy: number): Promise<void> {
    const world = this.services.repos.world;
    if (noteSectorEntry(w.travelLog, sectorKey(cx, cy)) && !(await world.hasExplored(w.userId, w.worldId, cx, cy))) {
      await world.addEvent({
        worldId: w.worldId,
        type: 'discover',
        playerId: w.userId,
        message: `${shownName(w)} discovered sector ${cx}, ${cy}`,
      });
      return;
    }
    if (!takeTravelLogSlot(w.travelLog, this.now())) return;
    await world.addEvent({
      worldId: w.worldId,
      type: 'move',
      playerId: w.userId,
      message: `${shownName(w)} travelled to sector ${cx}, ${cy}`,
    });
  }

  /** Moves the walker's socket subscriptions to the new 3 × 3 and shows it the survivors it can now see. */
  private changeChunk(w: Walker, cx: number, cy: number): void {
    const before = { cx: w.cx, cy: w.cy };
    w.cx = cx;
    w.cy = cy;
    const socket = this.sockets.get(w.userId);
    if (!socket) return;
    for (const [x, y] of interestChunks(before.cx, before.cy)) {
      if (!inInterest({ cx, cy }, { cx: x, cy: y })) socket.unsubscribe(chunkTopic(w.worldId, x, y));
    }
    for (const [x, y] of interestChunks(cx, cy)) {
      if (!inInterest(before, { cx: x, cy: y })) socket.subscribe(chunkTopic(w.worldId, x, y));
    }
    for (const other of this.online(w.worldId)) {
      if (other === w) continue;
      const target = { cx: other.cx, cy: other.cy };
      if (inInterest({ cx, cy }, target) && !inInterest(before, target)) {
        socket.send({ type: 'player_moved', playerId: other.userId, x: other.pos.x, y: other.pos.y });
      }
    }
  }

  /** A socket opened for the walker: one per user (a newer tab replaces the older one). */
  connect(w: Walker, socket: LiveSocket, replaced: (old: LiveSocket) => void): void {
    const old = this.sockets.get(w.userId);
    if (old && old !== socket) {
      replaced(old);
      w.sockets = Math.max(0, w.sockets - 1);
    }
    const wasOnline = this.isOnline(w);
    this.sockets.set(w.userId, socket);
    w.sockets += 1;
    w.lastActivityAt = this.now();
    socket.subscribe(worldTopic(w.worldId));
    socket.subscribe(userTopic(w.userId));
    for (const [x, y] of interestChunks(w.cx, w.cy)) socket.subscribe(chunkTopic(w.worldId, x, y));
    socket.send({ type: 'players_list', players: this.visibleTo(w) });
    if (!wasOnline) this.announceJoin(w);
  }

  disconnect(w: Walker, socket: LiveSocket): void {
    if (this.sockets.get(w.userId) !== socket) return;
    this.sockets.delete(w.userId);
    w.sockets = Math.max(0, w.sockets - 1);
    w.lastActivityAt = 0;
    w.dirty = true;
    if (!this.isOnline(w)) this.announceLeave(w);
  }

  /** Everyone online in the world, with positions only for those inside the viewer's interest area. */
  visibleTo(viewer: Walker): LivePlayer[] {
    return this.online(viewer.worldId).map((o) =>
      toLivePlayer(o, o === viewer || inInterest({ cx: viewer.cx, cy: viewer.cy }, { cx: o.cx, cy: o.cy })),
    );
  }

  private announceJoin(w: Walker): void {
    w.dirty = true;
    this.publish(worldTopic(w.worldId), { type: 'player_joined', player: toLivePlayer(w, false) });
    // Those nearby learn where the newcomer stands.
    this.publish(chunkTopic(w.worldId, w.cx, w.cy), { type: 'player_moved', playerId: w.userId, x: w.pos.x, y: w.pos.y });
    void this.services.repos.world
      .addEvent({ worldId: w.worldId, type: 'join', playerId: w.userId, message: `${shownName(w)} entered the wasteland` })
      .catch(() => {});
  }

  private announceLeave(w: Walker): void {
    this.publish(worldTopic(w.worldId), { type: 'player_left', playerId: w.userId });
    void this.services.repos.world
      .addEvent({ worldId: w.worldId, type: 'leave', playerId: w.userId, message: `${shownName(w)} left the wasteland` })
      .catch(() => {});
  }

  /** Periodic housekeeping: REST-only players who went quiet leave; dirty positions are written back. */
  async sweep(): Promise<void> {
    const now = this.now();
    for (const [worldId, world] of this.walkers) {
      const rows: { userId: string; x: number; y: number; isOnline: boolean; lastSeenAt: Date }[] = [];
      for (const w of world.values()) {
        const online = this.isOnline(w, now);
        if (!online && w.lastActivityAt > 0) {
          w.lastActivityAt = 0;
          w.dirty = true;
          this.announceLeave(w);
        }
        if (w.dirty) {
          rows.push({ userId: w.userId, x: w.pos.x, y: w.pos.y, isOnline: online, lastSeenAt: new Date(now) });
          w.dirty = false;
        }
      }
      // In slices, yielding between them: embedded PGlite runs in this thread, and one long write would hold up
      // the move fan-out for every world.
      for (let i = 0; i < rows.length; i += SAVE_SLICE) {
        await this.services.repos.players.savePositions(worldId, rows.slice(i, i + SAVE_SLICE));
        await new Promise((r) => setImmediate(r));
      }
    }
  }

  /** The user's game access ended (logout, left the lobby): their socket closes and they leave every world. */
  async endAccess(userId: string, code: number = Close.normal, reason = 'Logged out'): Promise<void> {
    for (const world of this.walkers.values()) {
      const w = world.get(userId);
      if (!w) continue;
      const socket = this.sockets.get(userId);
      if (socket) {
        socket.close(code, reason);
        this.disconnect(w, socket);
      }
      if (this.isOnline(w)) {
        w.lastActivityAt = 0;
        this.announceLeave(w);
      }
      w.dirty = true;
    }
    await this.sweep();
  }
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
