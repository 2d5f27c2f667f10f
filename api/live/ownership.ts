import { HttpError } from '../http/errors.ts';
import type { MoveResult } from '../contract/world.ts';
import { freshMoveState, type MoveState } from '../game/movement.ts';
import type { Repositories } from '../../db/index.ts';
import type { Bus, BusEvent } from './bus.ts';
import type { Entity } from './entity.ts';
import type { WorldRoom } from './room.ts';

/**
 * How long a process holds a survivor without renewing (it renews at every write-back, WRITE_BACK_INTERVAL_MS): a
 * process that dies leaves its survivors to the next process that asks within this long. The default of
 * OWNER_LEASE_MS (config.ts).
 */
export const OWNER_LEASE_MS = 6_000;
/** An owner that does not answer within this long is asked again (after looking it up anew), at most ASK_ATTEMPTS. */
export const ASK_TIMEOUT_MS = 1_500;
export const ASK_ATTEMPTS = 5;
export const OWNER_UNAVAILABLE = 'Your survivor is held by a server that does not answer; try again in a few seconds';

/** What a process asks of a survivor's owner: to be told where it is (and that its player is active), to move it, or to hand it over. */
export type OwnerQuestion = { op: 'where' } | { op: 'move'; x: number; y: number } | { op: 'handover' };
export type OwnerAnswer = { ok: false } | { ok: true; x: number; y: number; result?: MoveResult; state?: MoveState };

/** Whether this process holds the entity's live state: always without other processes (`owner` undefined). */
export function heldHere(e: Entity, processId: string): boolean {
  return e.owner === undefined || e.owner === processId;
}

interface Waiting {
  resolve(a: OwnerAnswer): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * One owner per survivor across processes. A survivor's position and movement budget live in exactly one process:
 * the one holding its `players.owner_process` lease (taken when nobody holds it, renewed at every write-back, handed
 * over when the player's live connection opens elsewhere). Every other process forwards moves and asks for the
 * position over the bus (`ask` / `answer` events), so a reach check on any process judges where the survivor really
 * is, and two processes can never walk one survivor two ways. Without other processes (embedded PGlite), this
 * process holds every survivor and nothing is asked.
 */
export class Ownership {
  private readonly waiting = new Map<string, Waiting>();

  constructor(
    private readonly bus: Bus,
    private readonly repos: Repositories,
    private readonly bedOf: (userId: string, worldId: string) => Promise<{ x: number; y: number } | null>,
    private readonly now: () => number,
    /** How long a claim, a renewal or a hand-over holds the survivor (OWNER_LEASE_MS). */
    private readonly leaseMs = OWNER_LEASE_MS,
  ) {}

  get self(): string {
    return this.bus.processId;
  }

  /** A new entity's owner field: this process when it alone serves, else not known yet. */
  initialOwner(): string | null | undefined {
    return this.bus.shared ? null : undefined;
  }

  /** Takes the survivor if nobody holds it; otherwise learns who does (asked again only once that holder fails us). */
  private async resolve(room: WorldRoom, e: Entity): Promise<void> {
    if (heldHere(e, this.self) || e.owner) return;
    const claim = await this.repos.players.claimOwner(e.id, e.worldId, this.self, this.leaseMs);
    if (!claim.owned) {
      e.owner = claim.owner;
      return;
    }
    // Taken from the database: where the last owner left it, or their bed if they had left the game.
    const at = claim.isOnline ? claim : ((await this.bedOf(e.id, e.worldId)) ?? claim);
    e.owner = this.self;
    room.place(e, freshMoveState(at.x, at.y, this.now()));
    if (at !== claim) e.dirty = true;
  }

  /** Where the survivor is, asking its owner if need be; the player counts as active (a REST call). */
  async locate(room: WorldRoom, e: Entity): Promise<{ x: number; y: number }> {
    const a = await this.routed(room, e, { op: 'where' }, () => {
      room.touch(e);
      return { ok: true, x: e.pos.x, y: e.pos.y };
    });
    return { x: a.x, y: a.y };
  }

  /** A move under the survivor's one movement budget, wherever it is held. */
  async move(room: WorldRoom, e: Entity, to: { x: number; y: number }): Promise<MoveResult> {
    const a = await this.routed(room, e, { op: 'move', ...to }, () => {
      room.touch(e);
      const result = room.move(e, to);
      return { ok: true, x: e.pos.x, y: e.pos.y, result };
    });
    return a.result!;
  }

  /** The player's live connection opened here: the survivor moves to this process (its moves come here). */
  async take(room: WorldRoom, e: Entity): Promise<void> {
    for (let attempt = 0; attempt < ASK_ATTEMPTS; attempt++) {
      await this.resolve(room, e);
      if (heldHere(e, this.self)) return;
      const owner = e.owner;
      const a = owner ? await this.ask(e.worldId, owner, e.id, { op: 'handover' }) : ({ ok: false } as const);
      if (a.ok && a.state) {
        e.owner = this.self;
        room.place(e, { ...a.state, at: Math.min(a.state.at, this.now()) });
        return;
      }
      e.owner = null;
    }
    // The owner neither answers nor lets its lease lapse yet: the connection still works, its moves are forwarded.
  }

  private async routed(
    room: WorldRoom,
    e: Entity,
    q: OwnerQuestion,
    here: () => OwnerAnswer & { ok: true },
  ): Promise<OwnerAnswer & { ok: true }> {
    for (let attempt = 0; attempt < ASK_ATTEMPTS; attempt++) {
      await this.resolve(room, e);
      if (heldHere(e, this.self)) return here();
      const a = e.owner ? await this.ask(e.worldId, e.owner, e.id, q) : ({ ok: false } as const);
      if (a.ok) {
        room.mirror(e, a.x, a.y);
        return a;
      }
      e.owner = null;
    }
    throw new HttpError(503, OWNER_UNAVAILABLE);
  }

  private ask(worldId: string, to: string, userId: string, q: OwnerQuestion): Promise<OwnerAnswer> {
    const id = crypto.randomUUID();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve({ ok: false });
      }, ASK_TIMEOUT_MS);
      this.waiting.set(id, { resolve, timer });
      this.bus.publish(worldId, [{ k: 'ask', id, to, userId, q }]);
    });
  }

  /** Asks and answers addressed to this process (from the bus); anything else is not for us. */
  receive(worldId: string, room: WorldRoom | undefined, from: string, ev: BusEvent): void {
    if (ev.k === 'answer' && ev.to === this.self) {
      const w = this.waiting.get(ev.id);
      if (!w) return;
      this.waiting.delete(ev.id);
      clearTimeout(w.timer);
      w.resolve(ev.a);
      return;
    }
    if (ev.k !== 'ask' || ev.to !== this.self) return;
    const reply = (a: OwnerAnswer) => this.bus.publish(worldId, [{ k: 'answer', id: ev.id, to: from, a }]);
    void this.answer(room, from, ev.userId, ev.q).then(reply, () => reply({ ok: false }));
  }

  private async answer(room: WorldRoom | undefined, from: string, userId: string, q: OwnerQuestion): Promise<OwnerAnswer> {
    const e = room?.entities.get(userId);
    if (!room || !e || e.owner !== this.self) return { ok: false };
    switch (q.op) {
      case 'where':
        room.touch(e);
        return { ok: true, x: e.pos.x, y: e.pos.y };
      case 'move': {
        room.touch(e);
        const result = room.move(e, q);
        return { ok: true, x: e.pos.x, y: e.pos.y, result };
      }
      case 'handover': {
        // From here on this process forwards: nothing moves the survivor here while the database changes hands.
        e.owner = from;
        const handed = await this.repos.players.handOwner(e.id, e.worldId, this.self, from, this.leaseMs, e.pos);
        if (!handed) {
          e.owner = null;
          return { ok: false };
        }
        room.letGo(e);
        return { ok: true, x: e.pos.x, y: e.pos.y, state: { ...e.pos } };
      }
    }
  }

  /** Renews this process's leases on the survivors it holds in the room; those another process took are let go. */
  async renew(room: WorldRoom): Promise<void> {
    if (!this.bus.shared) return;
    const held = [...room.entities.values()].filter((e) => e.owner === this.self);
    const kept = new Set(
      await this.repos.players.renewOwned(
        room.worldId,
        this.self,
        held.map((e) => e.id),
        this.leaseMs,
      ),
    );
    for (const e of held) {
      if (kept.has(e.id)) continue;
      e.owner = null;
      room.letGo(e);
    }
  }

  /** Lets these survivors go (their state is written back first): the next process to ask takes them at once. */
  async release(room: WorldRoom, entities: Entity[]): Promise<void> {
    if (!this.bus.shared) return;
    const mine = entities.filter((e) => e.owner === this.self);
    for (const e of mine) e.owner = null;
    await this.repos.players.releaseOwned(
      room.worldId,
      this.self,
      mine.map((e) => e.id),
    );
  }
}
