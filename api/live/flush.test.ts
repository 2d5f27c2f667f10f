/**
 * When moves go out (metronome.ts): the adaptive beat sends a quiet world's move on the next turn of the event loop
 * and, under a burst, spaces an observer's frames of moves MOVE_FLUSH_MIN_MS apart. Time is a fake clock, so the
 * tests count frames and turns, never wall time.
 */
import { describe, expect, test } from 'bun:test';
import { MOVE_FLUSH_MIN_MS, type ServerMessage } from '../contract/protocol.ts';
import { AdaptiveBeat, type BeatClock } from './metronome.ts';
import { entity, fakeSocket, Network, processRoom, settle } from './room-fakes.ts';
import type { Entity } from './entity.ts';

/** A clock that moves only when told; immediates run on `turn`, timers as `advance` passes them. */
class FakeClock implements BeatClock {
  ms = 1_000;
  /** The same time, as the room reads it. */
  readonly room: { readonly now: number } = Object.defineProperty({} as { now: number }, 'now', { get: () => this.ms });

  now(): number {
    return this.ms;
  }
  private immediates: (() => void)[] = [];
  private timers: { at: number; run: () => void }[] = [];

  soon(run: () => void): () => void {
    this.immediates.push(run);
    return () => {
      this.immediates = this.immediates.filter((r) => r !== run);
    };
  }

  after(ms: number, run: () => void): () => void {
    const timer = { at: this.ms + ms, run };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  get waiting() {
    return { immediates: this.immediates.length, timers: this.timers.length };
  }

  /** One turn of the event loop: the immediates queued before it. */
  turn(): void {
    const due = this.immediates;
    this.immediates = [];
    for (const run of due) run();
  }

  advance(ms: number): void {
    this.ms += ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= this.ms);
      if (!due.length) break;
      this.timers = this.timers.filter((t) => t.at > this.ms);
      for (const t of due) t.run();
    }
  }

  /** Until nothing is waiting. */
  settle(): void {
    for (let i = 0; i < 100 && (this.immediates.length || this.timers.length); i++) {
      this.turn();
      this.advance(MOVE_FLUSH_MIN_MS);
    }
  }
}

type Frames = { topic: string; msg: ServerMessage }[];
const movesTo = (frames: Frames, topic: string) =>
  frames.flatMap((f) => (f.topic === topic && f.msg.type === 'players_moved' ? [f.msg.moves] : []));
/** Each process's observer hears moves on its own topic in world `w` (those in its sight: everyone here). */
const OBSERVER = (processId: string) => `w:w:u:observer-${processId}`;

/** A room on the adaptive beat with an observer and `n` walkers in one sector, everyone's arrival told already. */
async function busyRoom(n: number, clock = new FakeClock(), net = new Network(), processId = 'p1') {
  const beat = new AdaptiveBeat(MOVE_FLUSH_MIN_MS, clock);
  const p = processRoom(net.bus(processId), clock.room, beat);
  // What room.open() does for the beat, without its wall-clock timers (time updates, roster heartbeats).
  beat.add(
    () => p.room.tick(),
    () => p.room.deliver(),
  );
  const join = (id: string) => {
    const e = entity(id, 10 + p.room.entities.size, 10);
    p.room.entities.set(id, e);
    p.room.connect(e, fakeSocket().socket, () => {});
    return e;
  };
  join(`observer-${processId}`);
  const walkers = Array.from({ length: n }, (_, i) => join(`${processId}-walker-${i}`));
  await settle(); // the game log's join lines
  clock.settle();
  p.frames.length = 0;
  return { ...p, clock, net, walkers };
}

describe('adaptive move flush', () => {
  test('a move in a quiet world goes out on the next turn of the event loop, with no timer to wait for', async () => {
    const { room, clock, frames, walkers } = await busyRoom(1);
    clock.advance(1_000);
    const [w] = walkers as [Entity];
    expect(room.move(w, { x: w.pos.x + 2, y: 10 }).accepted).toBe(true);
    expect(clock.waiting).toEqual({ immediates: 1, timers: 0 });
    clock.turn();
    expect(movesTo(frames, OBSERVER('p1'))).toEqual([[{ playerId: w.id, x: w.pos.x, y: 10 }]]);
  });

  test('under a burst an observer gets one frame of moves per MOVE_FLUSH_MIN_MS, and the last holds every latest position', async () => {
    const { room, clock, frames, walkers } = await busyRoom(20);
    const SPAN_MS = 200;
    // Every walker steps every 2 ms for 200 ms: 2,000 moves, a hundred turns of the event loop.
    for (let t = 0; t < SPAN_MS; t += 2) {
      clock.advance(2);
      for (const w of walkers) room.move(w, { x: w.pos.x + 0.01, y: w.pos.y });
      clock.turn();
    }
    clock.settle();
    const heard = movesTo(frames, OBSERVER('p1'));
    // One frame on the first turn, then one per MOVE_FLUSH_MIN_MS, plus the one the burst's end leaves waiting.
    expect(heard.length).toBeLessThanOrEqual(SPAN_MS / MOVE_FLUSH_MIN_MS + 2);
    // Never starved either: a beat falls every MOVE_FLUSH_MIN_MS while moves keep coming.
    expect(heard.length).toBeGreaterThanOrEqual(SPAN_MS / MOVE_FLUSH_MIN_MS);
    const latest = new Map<string, number>();
    for (const moves of heard) for (const m of moves) latest.set(m.playerId, m.x!);
    expect(latest).toEqual(new Map(walkers.map((w) => [w.id, w.pos.x])));
  });

  test("another process's moves go out when they arrive, without waiting for this process's own moves", async () => {
    const clock = new FakeClock();
    const net = new Network();
    // p2 first: it hears p1's walker join (the network delivers in a microtask).
    const p2 = await busyRoom(0, clock, net, 'p2');
    const p1 = await busyRoom(1, clock, net, 'p1');
    await settle();
    clock.settle();
    p2.frames.length = 0;
    clock.advance(1_000);
    const [w] = p1.walkers as [Entity];
    p1.room.move(w, { x: w.pos.x + 2, y: 10 });
    clock.turn(); // p1's beat: on the bus
    await Promise.resolve(); // the network
    expect(movesTo(p2.frames, OBSERVER('p2'))).toEqual([]);
    expect(clock.waiting).toEqual({ immediates: 1, timers: 0 });
    clock.turn(); // p2's beat, woken by the arrival
    expect(movesTo(p2.frames, OBSERVER('p2'))).toEqual([[{ playerId: w.id, x: w.pos.x, y: 10 }]]);
  });
});
