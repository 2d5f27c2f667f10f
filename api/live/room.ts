import type { LivePlayer, ServerMessage } from '../contract/protocol.ts';
import type { MoveResult, TimeInfo } from '../contract/world.ts';
import { TIME_UPDATE_INTERVAL_MS } from '../contract/world.ts';
import { decideMove, type MoveState, settledAt } from '../game/movement.ts';
import type { Repositories } from '../../db/index.ts';
import { chunkOfWorld, tileOfWorld } from '../../core-wasm/geometry.ts';
import { distanceToPath, inSight, NO_SIGHT_GEAR, type Sight, type SightGear } from '../game/vision.ts';
import type { Audience, Bus, BusEvent } from './bus.ts';
import { presenceEntry, toLivePlayer, type Entity, type PresenceEntry } from './entity.ts';
import type { GameLog } from './game-log.ts';
import { type Observer, tellSight, userTopic, Viewers, viewTopic, worldTopic } from './interest.ts';
import { PRESENCE_HEARTBEAT_MS, PRESENCE_TTL_MS, Presence } from './presence.ts';
import type { Beat } from './metronome.ts';
import { MoveOutbox } from './move-outbox.ts';
import { type LiveStats, newLiveStats } from './stats.ts';
import { applyBatch } from './room-apply.ts';
import { writeBack } from './write-back.ts';
import type { Fanout, LiveSocket, WorldTerrain } from './ports.ts';

export type { Fanout, LiveSocket, SpawnSite, WorldTerrain } from './ports.ts';

export interface RoomDeps {
  worldId: string;
  terrain: WorldTerrain;
  repos: Repositories;
  bus: Bus;
  /** The process's shared beat: the room ticks and delivers on it, and wakes it when it has something to say. */
  metronome: Beat;
  fanout: () => Fanout;
  log: GameLog;
  now: () => number;
  time: () => TimeInfo;
  /** How long a player who went offline may come back before a "left" line is written (the seat timeout). */
  reconnectGraceMs: number;
  /** REST-only players (no socket) stay present this long after their last call. */
  restOnlineMs: number;
  /** The world's time goes to its sockets this often (TIME_UPDATE_INTERVAL_MS). */
  timeUpdateMs?: number;
  /** What the survivor wears that changes what it sees (read when its socket opens and when its gear changes). */
  gear?: (e: Entity) => Promise<SightGear>;
  /** Its walking pace from what it carries (api/game/carrying.ts), read when its pack or gear changes. */
  pace?: (e: Entity) => Promise<number>;
  /** The room has nobody left and has written everything back. */
  onEmpty: () => void;
  /** Survivors the room forgot (offline past the grace, written back): their holder's lease can go. */
  forgotten?: (entities: Entity[]) => Promise<void>;
  report: (what: string, err: unknown) => void;
  /** The hub's frame counts and move lag (one set per process); a room built alone counts into its own. */
  stats?: LiveStats;
}

/** Rosters are published in parts of this many entries, well under the bus payload limit. */
const ROSTER_PART = 20;

/**
 * One active world: its entities driven from this process, their sockets, presence across processes, interest
 * sectors, move batching and its own clock. Everything it tells the world goes through the bus, which delivers it
 * back here too (room-apply.ts), so one path turns events into frames whichever process they came from.
 */
export class WorldRoom {
  readonly presence = new Presence();
  readonly entities = new Map<string, Entity>();
  /** Live connections by user: the room is one world, so this is "by user and world". */
  readonly sockets = new Map<string, LiveSocket>();
  /** Where this process's sockets stand: the views a frame for a sector goes to. */
  readonly viewers = new Viewers();
  /**
   * For each socket here, whose position its survivor has been told and not yet told it lost (interest.ts tellSight):
   * the beat's moves are judged against it, so a survivor leaving sight is told once and one entering is told at once.
   */
  private readonly told = new Map<string, Set<string>>();
  /** Survivors with a socket here whose place or sight changed since the last delivery: they look round again. */
  private readonly lookAgain = new Set<string>();
  /** When each socket here connected, ms: a takeover from elsewhere closes only sockets older than its own. */
  private readonly connectedAt = new Map<string, number>();
  readonly outbox: MoveOutbox;
  private readonly stats: LiveStats;
  private pending: BusEvent[] = [];
  private pendingMoves = new Map<string, [string, number, number]>();
  /** Other processes serving this world, by when this one last heard from them (real time). */
  private readonly peersHeardAt = new Map<string, number>();
  private timers: ReturnType<typeof setInterval>[] = [];
  private stopBeat: () => void = () => {};
  private announced = new Set<string>();
  private sweeping = false;
  closed = false;
  /** When an entity was last handed out or connected, ms: a room in use is never idle, even before anyone is online. */
  lastUsedAt = 0;

  constructor(readonly deps: RoomDeps) {
    this.stats = deps.stats ?? newLiveStats();
    this.outbox = new MoveOutbox(this.stats);
  }

  get worldId(): string {
    return this.deps.worldId;
  }

  open(): void {
    const d = this.deps;
    this.stopBeat = d.metronome.add(
      () => this.tick(),
      () => this.deliver(),
    );
    this.timers.push(
      setInterval(() => {
        if (!this.sockets.size) return;
        this.frame({ to: 'world' }, { type: 'time_update', time: d.time() });
        // Dusk and dawn change how far everyone sees.
        for (const id of this.sockets.keys()) {
          const e = this.entities.get(id);
          if (e) this.refreshSight(e, true);
        }
      }, d.timeUpdateMs ?? TIME_UPDATE_INTERVAL_MS),
    );
    if (d.bus.shared) {
      this.timers.push(setInterval(() => this.emitRoster(), PRESENCE_HEARTBEAT_MS));
      d.bus.publish(this.worldId, [{ k: 'hello' }]);
    }
  }

  /** Stops the clock and writes everything back. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopBeat();
    for (const t of this.timers.splice(0)) clearInterval(t);
    this.tick();
    this.deliver();
    await this.save(this.entities.values());
  }

  emit(event: BusEvent): void {
    this.pending.push(event);
    this.deps.metronome.wake();
  }

  /** A frame for an audience in this world, on every process (next tick). */
  send(audience: Audience, msg: ServerMessage): void {
    this.emit({ k: 'send', a: audience, msg });
  }

  /**
   * One tick: this tick's moves (latest per entity) and events go on the bus as one batch. The moves stay in this
   * process while no other one serves the world (a proxy that keeps a world's sockets together): they are the bus's
   * bulk, and a process that opens the world later asks for everyone's place first (`hello`).
   */
  tick(): void {
    const moves: BusEvent | null = this.pendingMoves.size ? { k: 'moves', m: [...this.pendingMoves.values()] } : null;
    this.pendingMoves = new Map();
    const peers = this.peersListening();
    if (moves && peers) this.pending.push(moves);
    if (this.pending.length) {
      const events = this.pending;
      this.pending = [];
      this.deps.bus.publish(this.worldId, events);
    }
    if (moves && !peers) this.deps.bus.publish(this.worldId, [moves], 'here');
  }

  /** Whether another process has spoken for this world lately (each room repeats its roster every heartbeat). */
  private peersListening(): boolean {
    if (!this.deps.bus.shared) return false;
    const now = performance.now();
    for (const [peer, at] of this.peersHeardAt) {
      if (now - at < PRESENCE_TTL_MS) return true;
      this.peersHeardAt.delete(peer);
    }
    return false;
  }

  /**
   * The sockets hear this beat's moves, this process's own and those other processes sent since the last delivery:
   * each survivor here only those in its sight (interest.ts tellSight), on its own topic.
   */
  deliver(): void {
    const moves = this.outbox.take();
    if (!moves && this.lookAgain.size === 0) return;
    const moved = new Set<string>();
    for (const m of moves ?? []) if (this.told.has(m.id)) moved.add(m.id);
    const observers: Observer[] = [];
    for (const [id, told] of this.told) {
      const e = this.entities.get(id);
      if (!e) continue;
      // One that walked sees others it passed, who may not have moved.
      const lookAgain = this.lookAgain.has(id) || moved.has(id);
      observers.push({ id, at: e.pos, sight: this.sightOf(e), told, lookAgain });
    }
    this.lookAgain.clear();
    const fanout = this.deps.fanout();
    const frames = tellSight(
      observers,
      moves ?? [],
      () => this.present(),
      (id, data) => fanout.publish(userTopic(this.worldId, id), data),
    );
    if (frames) this.stats.framesOut.add('players_moved', frames);
  }

  /**
   * What the survivor is told of others now: cached, worked out again when it stands on another tile (hills), its
   * gear changed or the clock turned (`again`). A changed range makes it look round at the next delivery.
   */
  sightOf(e: Entity): Sight {
    const tile = `${tileOfWorld(e.pos.x)},${tileOfWorld(e.pos.y)}`;
    if (!e.sight || e.sightTile !== tile) this.refreshSight(e, true);
    return e.sight!;
  }

  refreshSight(e: Entity, again = false): void {
    const tile = `${tileOfWorld(e.pos.x)},${tileOfWorld(e.pos.y)}`;
    if (e.sight && e.sightTile === tile && !again) return;
    const before = e.sight;
    e.sight = this.deps.terrain.sight(e.pos, e.gear ?? NO_SIGHT_GEAR, this.deps.time());
    e.sightTile = tile;
    if (before && (before.range !== e.sight.range || before.radio !== e.sight.radio) && this.told.has(e.id)) {
      this.lookAgain.add(e.id);
      this.deps.metronome.wake();
    }
  }

  /** The survivor's gear changed (on any process): its sight, and what others with a radio are told of it. */
  async gearChanged(userId: string): Promise<void> {
    const e = this.entities.get(userId);
    if (!e || !this.deps.gear) return;
    const gear = await this.deps.gear(e);
    const radioBefore = !!e.gear?.radio;
    e.gear = gear;
    this.refreshSight(e, true);
    if (this.announced.has(e.id) && radioBefore !== gear.radio) this.emit({ k: 'roster', es: [presenceEntry(e)] });
  }

  /**
   * The survivor's pack or gear changed (on any process): its pace is read again. The budget walked so far is settled
   * at the old pace first, so a heavier pack slows what comes, never what was walked.
   */
  async packChanged(userId: string): Promise<void> {
    const e = this.entities.get(userId);
    if (!e || !this.deps.pace) return;
    const read = (e.paceReads = (e.paceReads ?? 0) + 1);
    const pace = await this.deps.pace(e);
    if (read !== e.paceReads) return;
    this.setPace(e, pace);
  }

  setPace(e: Entity, pace: number): void {
    if ((e.pace ?? 1) === pace) return;
    e.pos = settledAt(e.pos, this.deps.now(), e.pace ?? 1);
    e.pace = pace;
  }

  /** Someone became present: the sockets here that see where they stand are told. */
  arrived(entry: PresenceEntry): void {
    const fanout = this.deps.fanout();
    let frames = 0;
    for (const [id, told] of this.told) {
      const e = this.entities.get(id);
      if (!e || id === entry.id || !inSight(this.sightOf(e), e.pos, entry)) continue;
      told.add(entry.id);
      fanout.publish(
        userTopic(this.worldId, id),
        JSON.stringify({ type: 'player_moved', playerId: entry.id, x: entry.x, y: entry.y } satisfies ServerMessage),
      );
      frames += 1;
    }
    if (frames) this.stats.framesOut.add('player_moved', frames);
  }

  /** Someone left the world: nobody here holds their position any more. */
  departed(id: string): void {
    for (const told of this.told.values()) told.delete(id);
  }

  /** Folds a batch from the bus (any process, this one included) into presence and tells this process's sockets. */
  apply(from: string, events: BusEvent[]): void {
    if (from !== this.deps.bus.processId) this.peersHeardAt.set(from, performance.now());
    applyBatch(this, from, events);
    // Another process's moves wait in the outbox for a beat; this process's own arrive during the beat that sent them.
    if (from !== this.deps.bus.processId) this.deps.metronome.wake();
  }

  frame(audience: Audience, msg: ServerMessage): void {
    const fanout = this.deps.fanout();
    const data = JSON.stringify(msg);
    let frames = 1;
    if (audience.to === 'world') fanout.publish(worldTopic(this.worldId), data);
    else if (audience.to === 'user') fanout.publish(userTopic(this.worldId, audience.userId), data);
    else if (audience.to === 'users') {
      // Every process gets the list; only the one holding a user's socket has subscribers on its topic.
      frames = audience.userIds.length;
      for (const userId of audience.userIds) fanout.publish(userTopic(this.worldId, userId), data);
    } else if (audience.to === 'sight') {
      frames = this.toSight(audience, msg, data);
    } else if (audience.to === 'chunk') {
      frames = 0;
      for (const v of this.viewers.seeing(audience.cx, audience.cy)) {
        fanout.publish(viewTopic(this.worldId, v.cx, v.cy), data);
        frames += 1;
      }
    } else {
      const told = new Set<string>();
      for (const [cx, cy] of audience.cells) {
        for (const v of this.viewers.seeing(cx, cy)) {
          const topic = viewTopic(this.worldId, v.cx, v.cy);
          if (told.has(topic)) continue;
          told.add(topic);
          fanout.publish(topic, data);
        }
      }
      frames = told.size;
    }
    if (frames) this.stats.framesOut.add(msg.type, frames);
  }

  /** The sockets here of the audience's members, and of those whose sight reaches its walk; how many were told. */
  private toSight(audience: { userIds: string[]; path?: [number, number][] }, msg: ServerMessage, data: string): number {
    const path = audience.path
      ? audience.path.map(([x, y]) => ({ x, y }))
      : msg.type === 'npc_movement_journey'
        ? (msg.waypoints ?? [
            { x: msg.startX, y: msg.startY },
            { x: msg.targetX, y: msg.targetY },
          ])
        : [];
    const members = new Set(audience.userIds);
    const fanout = this.deps.fanout();
    let frames = 0;
    for (const id of this.sockets.keys()) {
      const e = this.entities.get(id);
      if (!e) continue;
      if (!members.has(id) && (path.length === 0 || distanceToPath(e.pos, path) > this.sightOf(e).range)) continue;
      fanout.publish(userTopic(this.worldId, id), data);
      frames += 1;
    }
    return frames;
  }

  chunkOf(x: number, y: number): { cx: number; cy: number } {
    return { cx: chunkOfWorld(x), cy: chunkOfWorld(y) };
  }

  isOnline(e: Entity, now = this.deps.now()): boolean {
    return this.sockets.has(e.id) || now - e.lastActivityAt < this.deps.restOnlineMs;
  }

  /** Writes back the positions and presence of the survivors this process holds that changed. */
  save(entities: Iterable<Entity>, now = this.deps.now()): Promise<number> {
    const holder = this.deps.bus.shared ? this.deps.bus.processId : undefined;
    return writeBack(this.deps.repos, this.worldId, entities, (e) => this.isOnline(e, now), new Date(now), holder);
  }

  /** Puts the survivor somewhere (its bed, or the state handed over by its last holder); its socket here follows. */
  place(e: Entity, state: MoveState): void {
    e.pos = state;
    e.dirty = true;
    this.setChunk(e, state.x, state.y);
    this.lookRoundAgain(e);
  }

  /** Where the survivor's holder says it is (this process does not hold it). */
  mirror(e: Entity, x: number, y: number): void {
    e.pos = { ...e.pos, x, y };
    this.setChunk(e, x, y);
    this.lookRoundAgain(e);
  }

  private lookRoundAgain(e: Entity): void {
    if (!this.told.has(e.id)) return;
    this.lookAgain.add(e.id);
    this.deps.metronome.wake();
  }

  private setChunk(e: Entity, x: number, y: number): void {
    const { cx, cy } = this.chunkOf(x, y);
    if (cx === e.cx && cy === e.cy) return;
    const socket = this.sockets.get(e.id);
    if (socket) {
      socket.unsubscribe(viewTopic(this.worldId, e.cx, e.cy));
      this.viewers.remove(e.cx, e.cy);
      socket.subscribe(viewTopic(this.worldId, cx, cy));
      this.viewers.add(cx, cy);
    }
    e.cx = cx;
    e.cy = cy;
  }

  /**
   * Another process holds the survivor now: this one stops telling the world about it (no "left" line: the survivor
   * did not leave, it is driven from elsewhere).
   */
  letGo(e: Entity): void {
    e.dirty = false;
    e.pendingLeaveAt = 0;
    this.pendingMoves.delete(e.id);
    if (this.announced.delete(e.id)) this.emit({ k: 'leave', id: e.id });
  }

  /** Marks REST activity (a poll or a move) so a player without a socket still counts as present. */
  touch(e: Entity): void {
    e.lastActivityAt = this.deps.now();
    this.comeOnline(e);
  }

  /** Applies a reported position under the movement rules; the world hears it at the next tick. */
  move(e: Entity, to: { x: number; y: number }): MoveResult {
    const now = this.deps.now();
    const decision = decideMove(e.pos, to, now, this.deps.terrain.moveRules, e.pace ?? 1);
    e.lastActivityAt = now;
    if (!decision.accepted) return { accepted: false, x: e.pos.x, y: e.pos.y, reason: decision.reason };
    e.pos = decision.state;
    e.dirty = true;
    const { cx, cy } = this.chunkOf(e.pos.x, e.pos.y);
    if (cx !== e.cx || cy !== e.cy) this.changeChunk(e, cx, cy);
    this.pendingMoves.set(e.id, [e.id, e.pos.x, e.pos.y]);
    this.deps.metronome.wake();
    return { accepted: true, x: e.pos.x, y: e.pos.y };
  }

  /** Moves the entity's socket to the new 3 × 3 (sector frames: sites, settlements, NPCs); logs the travel. */
  private changeChunk(e: Entity, cx: number, cy: number): void {
    const before = { cx: e.cx, cy: e.cy };
    e.cx = cx;
    e.cy = cy;
    void this.deps.log.travel(e, cx, cy, this.deps.now()).catch((err) => this.deps.report('travel log failed', err));
    const socket = this.sockets.get(e.id);
    if (!socket) return;
    socket.unsubscribe(viewTopic(this.worldId, before.cx, before.cy));
    this.viewers.remove(before.cx, before.cy);
    socket.subscribe(viewTopic(this.worldId, cx, cy));
    this.viewers.add(cx, cy);
  }

  /** A socket opened for the entity: one per user and world; a newer one (here or on any process) takes over. */
  connect(e: Entity, socket: LiveSocket, replaced: (old: LiveSocket) => void): void {
    const old = this.sockets.get(e.id);
    if (old && old !== socket) {
      replaced(old);
      this.viewers.remove(e.cx, e.cy);
    }
    const now = this.deps.now();
    this.sockets.set(e.id, socket);
    this.lastUsedAt = now;
    e.lastActivityAt = now;
    socket.subscribe(worldTopic(this.worldId));
    socket.subscribe(userTopic(this.worldId, e.id));
    socket.subscribe(viewTopic(this.worldId, e.cx, e.cy));
    this.viewers.add(e.cx, e.cy);
    this.comeOnline(e);
    this.refreshSight(e, true);
    const players = this.visibleTo(e);
    this.told.set(e.id, new Set(players.filter((p) => p.x !== undefined && p.id !== e.id).map((p) => p.id)));
    socket.send({ type: 'players_list', players });
    this.connectedAt.set(e.id, now);
    this.emit({ k: 'takeover', userId: e.id, at: now });
  }

  disconnect(e: Entity, socket: LiveSocket): void {
    if (this.sockets.get(e.id) !== socket) return;
    this.sockets.delete(e.id);
    this.told.delete(e.id);
    this.lookAgain.delete(e.id);
    this.connectedAt.delete(e.id);
    this.viewers.remove(e.cx, e.cy);
    e.lastActivityAt = 0;
    e.dirty = true;
    if (!this.isOnline(e)) this.goOffline(e);
  }

  /**
   * Another process took this user's connection over: close ours (4001) without a leave, unless ours is the newer
   * one (two tabs opened at once: their takeovers cross on the bus, and the later connection wins on both sides).
   */
  takenOver(userId: string, at: number, from: string, close: (s: LiveSocket) => void): void {
    const socket = this.sockets.get(userId);
    const e = this.entities.get(userId);
    if (!socket || !e) return;
    const mine = this.connectedAt.get(userId) ?? 0;
    if (mine > at || (mine === at && this.deps.bus.processId > from)) return;
    close(socket);
    this.disconnect(e, socket);
  }

  /**
   * Everyone present in the world: the bus's view, with this process's own entities as they are now (the bus
   * hears of them at the next tick).
   */
  present(): PresenceEntry[] {
    const all = new Map(this.presence.all().map((p) => [p.id, p]));
    for (const id of this.announced) {
      const e = this.entities.get(id);
      if (e) all.set(id, presenceEntry(e));
    }
    return [...all.values()];
  }

  /**
   * Everyone present in the world, with positions only for those in the viewer's sight (api/game/vision.ts inSight)
   * and the viewer itself. `at`: where the viewer really stands, when its holder is another process.
   */
  visibleTo(viewer: Entity, at: { x: number; y: number } = viewer.pos): LivePlayer[] {
    const sight = this.sightOf(viewer);
    return this.present().map((p) => toLivePlayer(p, p.id === viewer.id || inSight(sight, at, p)));
  }

  private comeOnline(e: Entity): void {
    if (this.announced.has(e.id)) return;
    this.announced.add(e.id);
    e.pendingLeaveAt = 0;
    e.dirty = true;
    this.emit({ k: 'join', e: presenceEntry(e) });
    void this.deps.log.presence(e, 'join').catch((err) => this.deps.report('join log failed', err));
  }

  private goOffline(e: Entity): void {
    if (!this.announced.delete(e.id)) return;
    e.pendingLeaveAt = this.deps.now();
    e.dirty = true;
    this.emit({ k: 'leave', id: e.id });
  }

  /** Writes the "left" line now (logout), not after the grace period. */
  async leaveNow(e: Entity): Promise<void> {
    e.lastActivityAt = 0;
    this.goOffline(e);
    e.pendingLeaveAt = 0;
    await this.deps.log.presence(e, 'leave');
  }

  /**
   * Drops the survivors nobody has used for a while: offline, their leave logged, written back, not handed out
   * recently. Memory and the sweep stay bounded by who is present; a survivor who comes back is loaded again.
   */
  private async forget(now: number): Promise<void> {
    const gone: Entity[] = [];
    for (const e of this.entities.values()) {
      if (this.isOnline(e, now) || e.pendingLeaveAt || e.dirty || this.announced.has(e.id)) continue;
      if (now - (e.handedOutAt ?? 0) < this.deps.restOnlineMs) continue;
      this.entities.delete(e.id);
      gone.push(e);
    }
    if (gone.length) await this.deps.forgotten?.(gone);
  }

  /** This process's part of the world, in parts; an empty one still tells the others this process serves it. */
  emitRoster(): void {
    const mine = [...this.entities.values()].filter((e) => this.announced.has(e.id)).map(presenceEntry);
    if (mine.length === 0) this.emit({ k: 'roster', es: [] });
    for (let i = 0; i < mine.length; i += ROSTER_PART) this.emit({ k: 'roster', es: mine.slice(i, i + ROSTER_PART) });
  }

  /** Housekeeping: quiet REST players leave, lapsed leaves are logged, dead processes expire, positions are saved. */
  async sweep(): Promise<void> {
    if (this.sweeping || this.closed) return;
    this.sweeping = true;
    try {
      const now = this.deps.now();
      for (const e of this.entities.values()) {
        if (!this.isOnline(e, now)) this.goOffline(e);
        if (e.pendingLeaveAt && now - e.pendingLeaveAt >= this.deps.reconnectGraceMs) {
          e.pendingLeaveAt = 0;
          if (!this.presence.has(e.id)) {
            await this.deps.log.presence(e, 'leave');
          }
        }
      }
      for (const id of this.presence.expire(this.deps.bus.processId, now)) {
        this.frame({ to: 'world' }, { type: 'player_left', playerId: id });
      }
      await this.save(this.entities.values(), now);
      await this.forget(now);
      const idle =
        now - this.lastUsedAt >= this.deps.restOnlineMs &&
        [...this.entities.values()].every((e) => !this.isOnline(e, now) && !e.pendingLeaveAt);
      if (idle && this.sockets.size === 0 && !this.pending.length) this.deps.onEmpty();
    } catch (err) {
      this.deps.report('sweep failed', err);
    } finally {
      this.sweeping = false;
    }
  }
}
