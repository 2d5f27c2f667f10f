import { Close, MOVE_FANOUT_MS, type ServerMessage } from '../contract/protocol.ts';
import type { MoveResult, TimeInfo } from '../contract/world.ts';
import { freshMoveState } from '../game/movement.ts';
import { equipmentEffects } from '../game/equipment.ts';
import { packStateOf, paceAt } from '../game/carrying.ts';
import { chooseSurvivorColour } from '../game/player-colours.ts';
import { recoveredSignificance } from '../game/scavenge.ts';
import type { Sight, SightGear } from '../game/vision.ts';
import { chooseSpawn, nearSiteIds, nearSiteIdsWithin, type SpawnCandidate } from '../game/spawn.ts';
import { newTravelLogMemory, noteSectorEntry, sectorKey } from '../game/travel-log.ts';
import type { Services } from '../services.ts';
import type { UserRow } from '../../db/repos/accounts.ts';
import type { Audience, Bus, BusBatch } from './bus.ts';
import { hashString, type Entity } from './entity.ts';
import { GameLog } from './game-log.ts';
import { type Fanout, type LiveSocket, type SpawnSite, WorldRoom, type WorldTerrain } from './room.ts';
import { heldHere, Ownership } from './ownership.ts';
import { AdaptiveBeat, type Beat, Metronome } from './metronome.ts';
import { applyRename } from './rename.ts';
import { type LiveStats, newLiveStats } from './stats.ts';

/**
 * On the fixed beat (MOVE_FLUSH_MS=beat) with other processes on the bus, rooms tell their sockets this long after
 * each beat, so the other processes' moves of the same beat (NOTIFY takes a few ms: `bun run bench bus`) go out in the
 * same frame. The adaptive beat needs no gap: their moves wake it on arrival.
 */
export const BUS_GATHER_MS = 6;

/** REST-only survivors (no socket) stay listed as online this long after their last call. */
export const REST_ONLINE_MS = 60_000;

/**
 * How long one database read of who other processes hold online in a world answers later readers: well under the
 * write-back interval it reflects, so nothing it misses would have been there yet.
 */
export const PRESENCE_READ_REUSE_MS = 250;

/** A survivor present in a world, and where it stands. */
export interface Present {
  id: string;
  x: number;
  y: number;
}

const noFanout: Fanout = { publish: () => {} };

/**
 * The live layer's front door: finds (or opens) the room of a world, routes bus batches to rooms, and carries what
 * spans worlds (the end of a user's access). Rooms open on demand and close when nobody is left in them.
 */
export class LiveHub {
  private readonly rooms = new Map<string, WorldRoom>();
  private readonly opening = new Map<string, Promise<WorldRoom>>();
  private readonly presenceReads = new Map<string, { at: number; rows: Promise<{ userId: string; x: number; y: number }[]> }>();
  private fanout: Fanout = noFanout;
  private stopped = false;
  private readonly metronome: Beat;
  private sweepTimer: ReturnType<typeof setInterval> | null = null;
  private sweepingRooms = false;
  private sweepsDone = 0;
  readonly log: GameLog;
  /** Which process holds each survivor, and the questions between processes about them. */
  readonly owners: Ownership;

  constructor(
    private readonly services: Services,
    private readonly terrainFor: (worldId: string) => Promise<WorldTerrain>,
    readonly bus: Bus,
    /** A world's clock, for its room (each world runs its own day). */
    private readonly clockFor: (worldId: string) => Promise<() => TimeInfo>,
    /** Frame counts and move lag for /metrics. */
    readonly stats: LiveStats = newLiveStats(),
  ) {
    const flush = services.config.moveFlushMs;
    this.metronome = flush === 'beat' ? new Metronome(MOVE_FANOUT_MS, bus.shared ? BUS_GATHER_MS : 0) : new AdaptiveBeat(flush);
    this.log = new GameLog(services.repos, (worldId, event) =>
      this.send(worldId, { to: 'world' }, { type: 'world_event', event }),
    );
    this.owners = new Ownership(
      bus,
      services.repos,
      (userId, worldId) => services.repos.beds.bedOf(userId, worldId),
      () => services.now().getTime(),
      services.config.ownerLeaseMs,
    );
    bus.onBatch((batch) => this.receive(batch));
  }

  /** Connects the hub to the running server's topic publisher and starts the housekeeping round. */
  attach(fanout: Fanout): void {
    this.fanout = fanout;
    this.sweepTimer ??= setInterval(() => void this.sweepRooms(), this.services.config.writeBackIntervalMs);
  }

  /**
   * One housekeeping round over every room, one room after another: write-backs run on the database, which embedded
   * PGlite runs in this thread, so spreading fifty rooms' writes over separate timers would stall ticks fifty times.
   */
  private async sweepRooms(): Promise<void> {
    if (this.sweepingRooms) return;
    this.sweepingRooms = true;
    try {
      for (const room of [...this.rooms.values()]) {
        await room.sweep();
        await this.owners.renew(room).catch((err) => this.services.report('[live] owner lease renewal failed', err));
      }
    } finally {
      this.sweepingRooms = false;
      this.sweepsDone += 1;
    }
  }

  /** Housekeeping rounds completed: one that stops growing is write-back stalled (and a test's barrier). */
  get sweeps(): number {
    return this.sweepsDone;
  }

  private receive({ from, worldId, events }: BusBatch): void {
    if (worldId === '') {
      for (const ev of events) {
        if (ev.k === 'renamed') for (const room of this.rooms.values()) applyRename(room, ev.userId, ev.displayName);
        if (ev.k !== 'end-access') continue;
        const { userId, code, reason } = ev;
        void this.services.accessEnded
          .deliver({ userId, code, reason })
          .catch((err) => this.services.report('[live] access end', err));
      }
      return;
    }
    const room = this.rooms.get(worldId);
    for (const ev of events) if (ev.k === 'ask' || ev.k === 'answer') this.owners.receive(worldId, room, from, ev);
    room?.apply(from, events);
  }

  /** The world's room, opened if needed. An unknown world throws (404) and leaves nothing behind. */
  async room(worldId: string): Promise<WorldRoom> {
    const open = this.rooms.get(worldId);
    if (open) return open;
    let pending = this.opening.get(worldId);
    if (!pending) {
      pending = this.openRoom(worldId).finally(() => this.opening.delete(worldId));
      this.opening.set(worldId, pending);
    }
    return pending;
  }

  private async openRoom(worldId: string): Promise<WorldRoom> {
    const terrain = await this.terrainFor(worldId);
    const { services } = this;
    const room: WorldRoom = new WorldRoom({
      worldId,
      terrain,
      repos: services.repos,
      bus: this.bus,
      metronome: this.metronome,
      fanout: () => this.fanout,
      log: this.log,
      now: () => services.now().getTime(),
      time: await this.clockFor(worldId),
      reconnectGraceMs: services.config.seatTimeoutMs,
      restOnlineMs: REST_ONLINE_MS,
      timeUpdateMs: services.config.timeUpdateIntervalMs,
      gear: (e) => this.gearOf(e),
      pace: (e) => this.paceOf(e),
      onEmpty: () => void this.closeRoom(room),
      forgotten: (entities) => this.owners.release(room, entities),
      report: (what, err) => services.report(`[live] ${worldId}: ${what}`, err),
      stats: this.stats,
    });
    this.rooms.set(worldId, room);
    room.open();
    return room;
  }

  private async closeRoom(room: WorldRoom): Promise<void> {
    if (this.rooms.get(room.worldId) !== room) return;
    this.rooms.delete(room.worldId);
    await room.close();
    await this.owners.release(room, [...room.entities.values()]);
  }

  /** The user's survivor in the world: loaded, or created at a spawn point on first entry. */
  async walker(user: UserRow, worldId: string): Promise<Entity> {
    const room = await this.room(worldId);
    // Handed out now: the room must not be swept away while the caller finishes (a socket's open, a REST call).
    const now = this.services.now().getTime();
    room.lastUsedAt = now;
    const known = room.entities.get(user.id);
    if (known) {
      known.handedOutAt = now;
      known.displayName = user.displayName;
      if (known.wakeAtBed) {
        known.wakeAtBed = false;
        // Elsewhere the process that takes the survivor next wakes it in its bed (ownership.ts).
        const bed = heldHere(known, this.bus.processId) ? await this.services.repos.beds.bedOf(user.id, worldId) : null;
        if (bed) room.place(known, freshMoveState(bed.x, bed.y, now));
      }
      return known;
    }
    const players = this.services.repos.players;
    let row = await players.find(user.id, worldId);
    const newcomer = !row;
    // A survivor this call makes is held here from the start: its lease is taken with the row, so no claim follows.
    let madeHere = false;
    if (!row) {
      const spawn = await this.spawnFor(room.deps.terrain, worldId, hashString(user.id));
      const made = await players.createIfMissing(
        {
          userId: user.id,
          worldId,
          name: user.username,
          x: spawn.x,
          y: spawn.y,
          color: chooseSurvivorColour(hashString(user.id), []),
          isOnline: false,
        },
        this.services.config.starterKit,
        this.bus.shared ? { processId: this.bus.processId, leaseMs: this.services.config.ownerLeaseMs } : undefined,
      );
      row = made.row;
      madeHere = made.created && this.bus.shared;
    }
    // Settled on every entry: a colour kept from an earlier stay may since have gone to someone else here.
    const color = await players.settleColour(user.id, worldId, (taken, current) =>
      chooseSurvivorColour(hashString(user.id), taken, current),
    );
    row = { ...row, color };
    // Entering after logging out or a restart (the stored survivor is offline): wake up in their bed, if any.
    // (A survivor made just now has no bed yet.)
    const bed = row.isOnline || newcomer ? null : await this.services.repos.beds.bedOf(user.id, worldId);
    if (bed) row = { ...row, x: bed.x, y: bed.y };
    const pace = await this.paceOf({ id: user.id, worldId });
    const raced = room.entities.get(user.id);
    if (raced) return raced;
    const { cx, cy } = room.chunkOf(row.x, row.y);
    const e: Entity = {
      id: user.id,
      kind: 'player',
      worldId,
      name: row.name,
      displayName: user.displayName,
      color: row.color,
      pos: freshMoveState(row.x, row.y, this.services.now().getTime()),
      cx,
      cy,
      travelLog: newTravelLogMemory(),
      lastActivityAt: 0,
      pendingLeaveAt: 0,
      dirty: false,
      handedOutAt: now,
      owner: madeHere ? this.bus.processId : this.owners.initialOwner(),
      pace,
    };
    // Where the player stands is known ground: stepping out and back in is travel, not a discovery.
    noteSectorEntry(e.travelLog, sectorKey(cx, cy));
    room.entities.set(user.id, e);
    return e;
  }

  /**
   * A newcomer's first position (api/game/spawn.ts): the usual spot near the origin unless its nearest sites are
   * picked clean now (poi_states with recovery), then the nearest site with significance left.
   */
  private async spawnFor(terrain: WorldTerrain, worldId: string, salt: number): Promise<{ x: number; y: number }> {
    const usual = terrain.spawnPoint(salt);
    if (!terrain.spawnSites) return usual;
    const now = this.services.now().getTime();
    const placesOf = (sites: readonly SpawnSite[]) =>
      sites.map(({ poi, ground }) => ({ id: poi.id, x: poi.worldX, y: poi.worldY, ground, significance: poi.significance }));
    const candidates = async (places: ReturnType<typeof placesOf>, ids: readonly string[]): Promise<SpawnCandidate[]> => {
      const rows = await this.services.repos.actions.poiStates(worldId, [...ids]);
      const states = new Map(rows.map((r) => [r.poiId, r]));
      const wanted = new Set(ids);
      return places
        .filter((p) => wanted.has(p.id))
        .map((p) => {
          const s = states.get(p.id);
          const significance = s
            ? recoveredSignificance(s.currentSignificance, p.significance, s.changedAt.getTime(), now)
            : p.significance;
          return { ...p, significance };
        });
    };
    // The usual spot stands while one of its few nearest sites has significance left (nearly always): those are
    // found in the chunks right round the spot when they suffice, and only those sites' states are read; the whole
    // search area (5 × 5 chunks, about 375 sites) is generated and read only once they are picked clean.
    const close = terrain.spawnSites(usual, 1);
    const closePlaces = placesOf(close.sites);
    const nearClose = nearSiteIdsWithin(usual, closePlaces, close.covered);
    if (nearClose && (await candidates(closePlaces, nearClose)).some((c) => c.significance > 0)) return usual;
    const places = placesOf(terrain.spawnSites(usual).sites);
    const near = nearSiteIds(usual, places);
    if (near.length === 0 || (await candidates(places, near)).some((c) => c.significance > 0)) return usual;
    const spot = chooseSpawn(
      usual,
      await candidates(
        places,
        places.map((p) => p.id),
      ),
    );
    return { x: spot.x, y: spot.y };
  }

  private roomOf(e: Entity): WorldRoom {
    const room = this.rooms.get(e.worldId);
    if (!room) throw new Error(`no open room for ${e.worldId}`);
    return room;
  }

  /**
   * Where the survivor really is (asked of the process that holds it, if another does); the player counts as active.
   * Every reach check reads this, never a copy of the position.
   */
  locate(e: Entity): Promise<{ x: number; y: number }> {
    return this.owners.locate(this.roomOf(e), e);
  }

  /** A reported position under the survivor's one movement budget: at once when held here, else by its holder. */
  move(e: Entity, to: { x: number; y: number }): MoveResult | Promise<MoveResult> {
    const room = this.roomOf(e);
    if (heldHere(e, this.bus.processId)) return room.move(e, to);
    return this.owners.move(room, e, to);
  }

  /** A move reported over REST: the player counts as active, and the move is judged where the survivor is held. */
  walk(e: Entity, to: { x: number; y: number }): Promise<MoveResult> {
    return this.owners.move(this.roomOf(e), e, to);
  }

  /** The player's live connection opens here: the survivor is handed to this process first. */
  take(e: Entity): Promise<void> {
    return this.owners.take(this.roomOf(e), e);
  }

  /** Everyone present, with positions for those in the survivor's sight (standing at `at`, its true place). */
  visibleTo(e: Entity, at?: { x: number; y: number }) {
    return this.roomOf(e).visibleTo(e, at);
  }

  /** What the survivor wears that changes what it sees, from the database. */
  private async gearOf(e: Entity): Promise<SightGear> {
    const { binoculars, nightVisionMultiplier, radio } = equipmentEffects(
      await this.services.repos.equipment.worn(e.id, e.worldId),
    );
    return { binoculars, nightVisionMultiplier, radio };
  }

  /** How fast the survivor walks with what it carries, from the database. */
  private async paceOf(e: { id: string; worldId: string }): Promise<number> {
    const pack = packStateOf(await this.services.repos.actions.packContents(e.id, e.worldId), this.services.config.packCapacityG);
    return paceAt(pack.load, pack.capacity);
  }

  /** Reads the survivor's gear again before what it sees is judged (a socket opening, a REST read of others). */
  async lookRound(e: Entity): Promise<Sight> {
    e.gear = await this.gearOf(e);
    this.roomOf(e).refreshSight(e, true);
    return e.sight!;
  }

  /** The user's worn gear changed: the process holding their socket works out what they see again. */
  gearChanged(worldId: string, userId: string): void {
    const room = this.rooms.get(worldId);
    if (room) room.emit({ k: 'gear', userId });
    else this.bus.publish(worldId, [{ k: 'gear', userId }]);
  }

  connect(e: Entity, socket: LiveSocket, replaced: (old: LiveSocket) => void): void {
    this.roomOf(e).connect(e, socket, replaced);
  }

  disconnect(e: Entity, socket: LiveSocket): void {
    this.rooms.get(e.worldId)?.disconnect(e, socket);
  }

  /** A frame for an audience in a world, on every process: with the room's next tick, or at once if none is open. */
  send(worldId: string, audience: Audience, msg: ServerMessage): void {
    const room = this.rooms.get(worldId);
    if (room) room.send(audience, msg);
    else this.bus.publish(worldId, [{ k: 'send', a: audience, msg }]);
  }

  /** Sends a user's end of access to every process (services.accessEnded relays through here). */
  relayAccessEnd(end: { userId: string; code: number; reason: string }): void {
    this.bus.publish('', [{ k: 'end-access', ...end }]);
  }

  /** A user's display name changed: every process relabels their survivor in each world where it is present. */
  relayRename(userId: string, displayName: string | null): void {
    this.bus.publish('', [{ k: 'renamed', userId, displayName }]);
  }

  /** The user's game access ended: their sockets in this process close and they leave at once (logged). */
  endAccessHere(userId: string, code: number = Close.normal, reason = 'Logged out'): void {
    for (const room of this.rooms.values()) {
      const e = room.entities.get(userId);
      if (!e) continue;
      const socket = room.sockets.get(userId);
      if (socket) {
        socket.close(code, reason);
        room.disconnect(e, socket);
      }
      e.wakeAtBed = true;
      // Saved and let go: whichever process the player comes back through takes the survivor from the database.
      void room
        .leaveNow(e)
        .then(() => room.save([e]))
        .then(() => this.owners.release(room, [e]))
        .catch((err) => this.services.report('[live] leave failed', err));
    }
  }

  /** Worlds with an open room (unknown world ids must never open one). */
  get worldsTracked(): number {
    return this.rooms.size;
  }

  /**
   * Who is present in a world now, on every process, and where they stand: what each survivor's holder knows. Those
   * this process holds are read from its room as they are now; those other processes hold, from what their holders
   * last wrote back (positions and online flags, every WRITE_BACK_INTERVAL_MS, under a lease that lapses when the
   * holder dies). Opens no room: a room opened only to be read would hear nobody yet (the others' rosters come
   * later), and its `hello` would set every other process publishing the world's moves.
   */
  async presentIn(worldId: string): Promise<Present[]> {
    const out = new Map<string, Present>();
    if (this.bus.shared) {
      for (const r of await this.heldElsewhere(worldId)) out.set(r.userId, { id: r.userId, x: r.x, y: r.y });
    }
    const room = this.rooms.get(worldId);
    if (!room) return [...out.values()];
    const now = this.services.now().getTime();
    for (const e of room.entities.values()) {
      if (e.kind !== 'player' || !heldHere(e, this.bus.processId)) continue;
      if (room.isOnline(e, now)) out.set(e.id, { id: e.id, x: e.pos.x, y: e.pos.y });
      else out.delete(e.id);
    }
    return [...out.values()];
  }

  /**
   * The survivors other processes hold online in the world, by the database. One read serves the world's readers for
   * PRESENCE_READ_REUSE_MS (a simulation round steps a world's settlements one after another).
   */
  private heldElsewhere(worldId: string): Promise<{ userId: string; x: number; y: number }[]> {
    const at = performance.now();
    const cached = this.presenceReads.get(worldId);
    if (cached && at - cached.at < PRESENCE_READ_REUSE_MS) return cached.rows;
    const rows = this.services.repos.players.onlineHeldElsewhere(worldId, this.bus.processId);
    this.presenceReads.set(worldId, { at, rows });
    rows.catch(() => {
      if (this.presenceReads.get(worldId)?.rows === rows) this.presenceReads.delete(worldId);
    });
    return rows;
  }

  /**
   * Who this process's room of the world sees present (the bus's view, moves fresh within a beat), opened if need
   * be: for a caller whose own survivor is in that room already (nearby voice).
   */
  async presentInRoom(worldId: string): Promise<Present[]> {
    return (await this.room(worldId)).present().map((p) => ({ id: p.id, x: p.x, y: p.y }));
  }

  /** Each open room: its world, the entities this process holds there and their sockets (read by /metrics). */
  roomSizes(): { worldId: string; entities: number; sockets: number }[] {
    return [...this.rooms.values()].map((r) => ({ worldId: r.worldId, entities: r.entities.size, sockets: r.sockets.size }));
  }

  /** Closes every room (positions written back) and the bus; open sockets are told the server is going away. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    const rooms = [...this.rooms.values()];
    for (const room of rooms) {
      for (const [userId, socket] of [...room.sockets]) {
        socket.close(Close.goingAway, 'Server restarting; reconnecting');
        const e = room.entities.get(userId);
        if (e) room.disconnect(e, socket);
      }
    }
    this.rooms.clear();
    await Promise.all(
      rooms.map(async (r) => {
        await r.close();
        await this.owners.release(r, [...r.entities.values()]).catch((err) => this.services.report('[live] release failed', err));
      }),
    );
    await this.bus.close();
  }
}
