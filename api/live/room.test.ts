/** The room and the bus without Elysia or a database (room-fakes.ts). */
import { describe, expect, test } from 'bun:test';
import type { BusEvent } from './bus.ts';
import { NOTIFY_PAYLOAD_MAX_BYTES, packPayloads } from './pg-bus.ts';
import { PRESENCE_TTL_MS, Presence } from './presence.ts';
import { entity, fakeSocket, Network, processRoom, settle } from './room-fakes.ts';
import { CHUNK_WORLD_UNITS } from '../../core-wasm/geometry.ts';
import { TILE_SIZE, VISION_BASE_TILES } from '../../core-wasm/constants.ts';
import { SIGHT_MARGIN_UNITS } from '../game/vision.ts';

/** Two processes on one network; `a` connects on the first and the second has heard of it. */
async function aConnectedOnP1() {
  const net = new Network();
  const clock = { now: 1_000 };
  const p1 = processRoom(net.bus('p1'), clock);
  const p2 = processRoom(net.bus('p2'), clock);
  const a = entity('a');
  p1.room.entities.set('a', a);
  p1.room.connect(a, fakeSocket().socket, () => {});
  p1.room.tick();
  p1.room.deliver();
  await settle();
  return { clock, p1, p2, a };
}

describe('rooms on a bus', () => {
  test('a join on one process is heard on the other; moves within a tick go out as one frame with the latest position', async () => {
    const { clock, p1, p2, a } = await aConnectedOnP1();
    // An observer on p2 in the same sector, so p2 has a view to tell.
    const b = entity('b');
    p2.room.entities.set('b', b);
    p2.room.connect(b, fakeSocket().socket, () => {});
    expect(p2.frames.some((f) => f.msg.type === 'player_joined' && f.msg.player.id === 'a')).toBe(true);

    clock.now += 200;
    p1.room.move(a, { x: 12, y: 10 });
    clock.now += 20;
    p1.room.move(a, { x: 14, y: 10 });
    p1.room.tick();
    p1.room.deliver();
    await settle();
    // p2's sockets hear them with p2's own next tick, in one frame with whatever moved on p2 meanwhile.
    expect(p2.frames.filter((f) => f.msg.type === 'players_moved').length).toBe(0);
    p2.room.tick();
    p2.room.deliver();
    const moves = p2.frames.filter((f) => f.msg.type === 'players_moved');
    expect(moves.length).toBe(1);
    expect(moves[0]!.msg).toEqual({ type: 'players_moved', moves: [{ playerId: 'a', x: 14, y: 10 }] });
  });

  test('a tab moving to another process is neither a leave nor a join; a second tab takes the first over (4001)', async () => {
    const net = new Network();
    const clock = { now: 1_000 };
    const p1 = processRoom(net.bus('p1'), clock);
    const p2 = processRoom(net.bus('p2'), clock);
    const watcher = processRoom(net.bus('p3'), clock);
    const first = fakeSocket();
    const a1 = entity('a');
    p1.room.entities.set('a', a1);
    p1.room.connect(a1, first.socket, () => {});
    p1.room.tick();
    p1.room.deliver();
    await settle();
    watcher.frames.length = 0;

    const a2 = entity('a');
    p2.room.entities.set('a', a2);
    p2.room.connect(a2, fakeSocket().socket, () => {});
    p2.room.tick();
    p2.room.deliver();
    await settle();
    expect(first.closed).toEqual([4001]);
    p1.room.tick();
    p1.room.deliver(); // p1's leave for its closed socket
    await settle();
    const told = watcher.frames.map((f) => f.msg.type);
    expect(told).not.toContain('player_joined');
    expect(told).not.toContain('player_left');
    expect(watcher.room.presence.has('a')).toBe(true);
  });

  test('two tabs opened at once on two processes: their takeovers cross on the bus and the later one wins on both sides', async () => {
    const net = new Network();
    const clock = { now: 1_000 };
    const p1 = processRoom(net.bus('p1'), clock);
    const p2 = processRoom(net.bus('p2'), clock);
    const older = fakeSocket();
    const newer = fakeSocket();
    const a1 = entity('a');
    p1.room.entities.set('a', a1);
    p1.room.connect(a1, older.socket, () => {});
    clock.now += 5;
    const a2 = entity('a');
    p2.room.entities.set('a', a2);
    p2.room.connect(a2, newer.socket, () => {});
    // Neither has heard of the other's connection yet; now both takeovers go out in the same beat.
    p1.room.tick();
    p2.room.tick();
    await settle();
    expect(older.closed).toEqual([4001]);
    expect(newer.closed).toEqual([]);
  });

  test("a world's moves stay in its process until another one serves the world; that one first hears where all stand", async () => {
    const net = new Network();
    const clock = { now: 1_000 };
    const p1 = processRoom(net.bus('p1'), clock);
    const p1Bus = net.buses[0]!;
    const a = entity('a');
    p1.room.entities.set('a', a);
    p1.room.connect(a, fakeSocket().socket, () => {});
    const watcher = entity('watcher');
    p1.room.entities.set('watcher', watcher);
    p1.room.connect(watcher, fakeSocket().socket, () => {});
    p1.room.tick();
    await settle();
    // Only p1 serves the world: p1's own sockets hear every move, and nothing crosses the bus for them.
    const sent = p1Bus.sentAway.length;
    for (let i = 1; i <= 5; i++) {
      clock.now += 200;
      p1.room.move(a, { x: 10 + 2 * i, y: 10 });
      p1.room.tick();
      p1.room.deliver();
    }
    await settle();
    expect(p1Bus.sentAway.slice(sent)).not.toContain('moves');
    expect(p1.frames.filter((f) => f.msg.type === 'players_moved').at(-1)?.msg).toEqual({
      type: 'players_moved',
      moves: [{ playerId: 'a', x: 20, y: 10 }],
    });

    // p2 opens the world: its hello brings p1's roster (a where it stands now), and p1's moves cross from then on.
    const p2 = processRoom(net.bus('p2'), clock);
    const b = entity('b');
    p2.room.entities.set('b', b);
    p2.room.connect(b, fakeSocket().socket, () => {});
    await settle();
    p1.room.tick();
    await settle();
    expect(p2.room.presence.all().find((e) => e.id === 'a')).toMatchObject({ x: 20, y: 10 });
    clock.now += 200;
    p1.room.move(a, { x: 22, y: 10 });
    p1.room.tick();
    expect(p1Bus.sentAway.at(-1)).toBe('moves');
    await settle();
    p2.room.tick();
    p2.room.deliver();
    expect(p2.frames.filter((f) => f.msg.type === 'players_moved').at(-1)?.msg).toEqual({
      type: 'players_moved',
      moves: [{ playerId: 'a', x: 22, y: 10 }],
    });
  });

  test('entries of a process that stops talking expire, and the world hears the leave', async () => {
    const { clock, p2 } = await aConnectedOnP1();
    expect(p2.room.presence.has('a')).toBe(true);
    clock.now += PRESENCE_TTL_MS + 1;
    await p2.room.sweep();
    expect(p2.room.presence.has('a')).toBe(false);
    expect(p2.frames.some((f) => f.msg.type === 'player_left' && f.msg.playerId === 'a')).toBe(true);
  });

  test('an observer gets one frame per beat with every move in its sight, across sectors, and none from beyond it', async () => {
    const net = new Network();
    const clock = { now: 1_000 };
    const p1 = processRoom(net.bus('p1'), clock);
    const size = CHUNK_WORLD_UNITS;
    const at = { x: size - 20, y: size - 20 }; // by a corner of its sector: the others stand in three more
    const place = (id: string, x: number, y: number) => {
      const e = entity(id, x, y);
      p1.room.entities.set(id, e);
      p1.room.connect(e, fakeSocket().socket, () => {});
      return e;
    };
    place('observer', at.x, at.y);
    const SIGHT = VISION_BASE_TILES * TILE_SIZE + SIGHT_MARGIN_UNITS; // the fakes' day vision, bare-eyed
    const movers = [
      place('here', at.x + 10, at.y),
      place('east', at.x + 150, at.y),
      place('south', at.x, at.y + SIGHT - 5),
      place('diagonal', at.x + 120, at.y + 120),
    ];
    const beyond = [place('past-the-margin', at.x - SIGHT - 20, at.y), place('far', size * 5.5, size * 5.5)];
    p1.room.tick();
    p1.room.deliver();
    p1.frames.length = 0;
    clock.now += 1_000;
    for (const m of [...movers, ...beyond]) p1.room.move(m, { x: m.pos.x + 1, y: m.pos.y });
    p1.room.tick();
    p1.room.deliver();
    const view = p1.frames.filter((f) => f.topic === 'w:w:u:observer' && f.msg.type === 'players_moved');
    expect(view.length).toBe(1);
    const moved = view[0]!.msg.type === 'players_moved' ? view[0]!.msg.moves.map((m) => m.playerId).sort() : [];
    expect(moved).toEqual(['diagonal', 'east', 'here', 'south']);
  });

  test('a room is not swept away while a survivor is being let in, only once nobody has used it for a while', async () => {
    const clock = { now: Date.parse('2026-11-24T12:00:00Z') };
    const p1 = processRoom(new Network().bus('p1'), clock);
    // Handed out to a socket that is still opening (its database work under way): nobody is online yet.
    p1.room.entities.set('a', entity('a'));
    p1.room.lastUsedAt = clock.now;
    clock.now += 2_000;
    await p1.room.sweep();
    expect(p1.emptied.count).toBe(0);
    clock.now += 60_000;
    await p1.room.sweep();
    expect(p1.emptied.count).toBe(1);
  });

  test('a room forgets survivors who left: 400 visitors while one player stays online leave one entity behind', async () => {
    const clock = { now: Date.parse('2026-11-24T12:00:00Z') };
    const p1 = processRoom(new Network().bus('p1'), clock);
    const stays = entity('stays');
    p1.room.entities.set(stays.id, stays);
    p1.room.connect(stays, fakeSocket().socket, () => {});
    for (let i = 0; i < 400; i++) {
      const e = { ...entity(`visitor-${i}`), handedOutAt: clock.now };
      p1.room.entities.set(e.id, e);
      p1.room.touch(e);
    }
    await p1.room.sweep();
    expect(p1.room.entities.size).toBe(401);
    // Quiet past the REST presence window: offline, their leave pending for the reconnect grace.
    clock.now += 61_000;
    await p1.room.sweep();
    expect(p1.room.entities.size).toBe(401);
    // The grace over, the leave is logged; the next sweep forgets them. The one online stays.
    clock.now += 121_000;
    await p1.room.sweep();
    await p1.room.sweep();
    expect([...p1.room.entities.keys()]).toEqual(['stays']);
  });
});

describe('NOTIFY payloads', () => {
  const move = (i: number): BusEvent => ({ k: 'moves', m: [[`player-${i}-${'x'.repeat(30)}`, i * 1.5, -i * 2.25]] });

  test('batches are packed under the byte limit, split when one world is larger, and nothing is lost or reordered', () => {
    const batches = [
      { worldId: 'small', events: [move(1), move(2)] },
      { worldId: 'big', events: Array.from({ length: 500 }, (_, i) => move(i)) },
      { worldId: 'ünïcode', events: [{ k: 'leave', id: 'é'.repeat(100) } as BusEvent] },
    ];
    const { payloads, dropped } = packPayloads('proc', batches);
    expect(dropped).toBe(0);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(new TextEncoder().encode(p).length).toBeLessThanOrEqual(NOTIFY_PAYLOAD_MAX_BYTES);
    const back = payloads.flatMap((p) => (JSON.parse(p) as { f: string; b: { w: string; e: BusEvent[] }[] }).b);
    const flat = (bs: { w?: string; worldId?: string; e?: BusEvent[]; events?: BusEvent[] }[]) =>
      bs.flatMap((b) => (b.e ?? b.events)!.map((e) => [b.w ?? b.worldId, JSON.stringify(e)]));
    expect(flat(back)).toEqual(flat(batches));
  });

  test('an event larger than a payload is dropped and counted, not sent broken', () => {
    const huge: BusEvent = { k: 'leave', id: 'x'.repeat(NOTIFY_PAYLOAD_MAX_BYTES) };
    const { payloads, dropped } = packPayloads('proc', [{ worldId: 'w', events: [move(1), huge, move(2)] }]);
    expect(dropped).toBe(1);
    expect(payloads.length).toBe(1);
  });
});

describe('presence', () => {
  const entry = (id: string) => ({ id, kind: 'player' as const, name: id, displayName: null, color: '#fff', x: 0, y: 0 });
  test('present while any process holds it; gone when the last lets go', () => {
    const p = new Presence();
    expect(p.upsert('p1', entry('a'), 0)).toBe(true);
    expect(p.upsert('p2', entry('a'), 0)).toBe(false);
    expect(p.remove('p1', 'a')).toBe(false);
    expect(p.has('a')).toBe(true);
    expect(p.remove('p2', 'a')).toBe(true);
    expect(p.all()).toEqual([]);
  });
  test('this process never expires its own entries', () => {
    const p = new Presence();
    p.upsert('me', entry('a'), 0);
    p.upsert('other', entry('b'), 0);
    expect(p.expire('me', PRESENCE_TTL_MS + 1)).toEqual(['b']);
    expect(p.has('a')).toBe(true);
  });
});
