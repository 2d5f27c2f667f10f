/** Where other survivors stand is told only within sight (api/game/vision.ts): rooms over fakes (room-fakes.ts). */
import { afterEach, describe, expect, test } from 'bun:test';
import type { ServerMessage } from '../contract/protocol.ts';
import { NIGHT_VISION, SIGHT_MARGIN_UNITS } from '../game/vision.ts';
import { TILE_SIZE, VISION_BASE_TILES } from '../../core-wasm/constants.ts';
import { entity, fakeGear, fakeSocket, Network, processRoom, settle } from './room-fakes.ts';

/** The fakes' day vision bare-eyed, and the margin: how far positions are told. */
const SIGHT = VISION_BASE_TILES * TILE_SIZE + SIGHT_MARGIN_UNITS;
const RADIO = { binoculars: false, nightVisionMultiplier: NIGHT_VISION.none, radio: true };

afterEach(() => fakeGear.clear());

/** Two processes; `viewer` has its socket on p2, everyone else on p1. */
async function world() {
  const net = new Network();
  const clock = { now: Date.parse('2026-11-24T12:00:00Z') };
  const p1 = processRoom(net.bus('p1'), clock);
  const p2 = processRoom(net.bus('p2'), clock);
  const beat = async () => {
    p1.room.tick();
    p2.room.tick();
    await settle();
    p1.room.tick();
    p2.room.tick();
    p1.room.deliver();
    p2.room.deliver();
  };
  const join = (p: typeof p1, id: string, x: number, y: number) => {
    const e = entity(id, x, y);
    p.room.entities.set(id, e);
    const s = fakeSocket();
    p.room.connect(e, s.socket, () => {});
    return { e, sent: s.sent };
  };
  /** Every position-bearing or position-less word about `id` on `topic`, in order. */
  const told = (p: typeof p1, topic: string, id: string) =>
    p.frames.flatMap((f): ({ x: number; y: number } | 'out')[] => {
      if (f.topic !== topic) return [];
      const m: ServerMessage = f.msg;
      if (m.type === 'player_moved' && m.playerId === id) return [{ x: m.x, y: m.y }];
      if (m.type !== 'players_moved') return [];
      return m.moves.filter((mv) => mv.playerId === id).map((mv) => (mv.x === undefined ? 'out' : { x: mv.x, y: mv.y! }));
    });
  return { clock, p1, p2, beat, join, told };
}

describe('sight', () => {
  test('a far survivor is listed without a position; walking into sight it is told, walking out it is told it is gone', async () => {
    const { clock, p1, p2, beat, join, told } = await world();
    const walker = join(p1, 'walker', 10 + SIGHT + 400, 10);
    await beat();
    const viewer = join(p2, 'viewer', 10, 10);
    const list = viewer.sent.find((m) => m.type === 'players_list');
    expect(list?.type === 'players_list' && list.players.find((p) => p.id === 'walker')).toEqual({
      id: 'walker',
      name: 'walker',
      displayName: null,
      color: expect.any(String),
    });
    const topic = 'w:w:u:viewer';
    // Walking towards the viewer (the movement budget allows 50 units a second): nothing while still beyond sight.
    const walk = async (x: number) => {
      clock.now += 2_000;
      expect(p1.room.move(walker.e, { x, y: 10 }).accepted).toBe(true);
      await beat();
    };
    for (let x = walker.e.pos.x - 80; x > 10 + SIGHT + 40; x -= 80) await walk(x);
    expect(told(p2, topic, 'walker')).toEqual([]);
    await walk(10 + SIGHT - 30);
    await walk(10 + SIGHT - 100);
    expect(told(p2, topic, 'walker')).toEqual([
      { x: 10 + SIGHT - 30, y: 10 },
      { x: 10 + SIGHT - 100, y: 10 },
    ]);
    // Out again: one position-less word, then silence however it moves out there.
    await walk(10 + SIGHT + 20);
    await walk(10 + SIGHT + 90);
    expect(told(p2, topic, 'walker').slice(2)).toEqual(['out']);
    // The REST list agrees (GET /players): listed, no position.
    expect(p2.room.visibleTo(viewer.e).find((p) => p.id === 'walker')?.x).toBeUndefined();
    expect(p1.room.visibleTo(walker.e).find((p) => p.id === 'walker')?.x).toBe(10 + SIGHT + 90);
  });

  test('the viewer walking up to one who stands still is told where it stands, and walking away that it is gone', async () => {
    const { clock, p1, p2, beat, join, told } = await world();
    join(p1, 'still', 10 + SIGHT + 60, 10);
    await beat();
    const viewer = join(p2, 'viewer', 10, 10);
    await beat();
    clock.now += 2_000;
    p2.room.move(viewer.e, { x: 90, y: 10 });
    await beat();
    expect(told(p2, 'w:w:u:viewer', 'still')).toEqual([{ x: 10 + SIGHT + 60, y: 10 }]);
    clock.now += 2_000;
    p2.room.move(viewer.e, { x: 10, y: 10 });
    await beat();
    expect(told(p2, 'w:w:u:viewer', 'still')).toEqual([{ x: 10 + SIGHT + 60, y: 10 }, 'out']);
  });

  test('one arriving in sight is placed at once; one arriving far off is only listed', async () => {
    const { p1, p2, beat, join, told } = await world();
    join(p2, 'viewer', 10, 10);
    await beat();
    join(p1, 'near', 60, 10);
    join(p1, 'far', 5_000, 10);
    await beat();
    expect(told(p2, 'w:w:u:viewer', 'near')).toEqual([{ x: 60, y: 10 }]);
    expect(told(p2, 'w:w:u:viewer', 'far')).toEqual([]);
    const joined = p2.frames.filter((f) => f.msg.type === 'player_joined' && f.msg.player.id !== 'viewer').map((f) => f.msg);
    expect(joined.map((m) => (m.type === 'player_joined' ? m.player.id : ''))).toEqual(['near', 'far']);
    expect(joined.every((m) => m.type === 'player_joined' && m.player.x === undefined)).toBe(true);
  });

  test('radio to radio: both wearing one, the far survivor is told; taking the radio off hides it again', async () => {
    const { clock, p1, p2, beat, join, told } = await world();
    fakeGear.set('viewer', RADIO);
    const far = join(p1, 'far', 5_000, 10);
    await beat();
    const viewer = join(p2, 'viewer', 10, 10);
    viewer.e.gear = RADIO; // what the hub reads before the socket is let in
    p2.room.refreshSight(viewer.e, true);
    await beat();
    const step = async () => {
      clock.now += 1_000;
      p1.room.move(far.e, { x: far.e.pos.x + 10, y: 10 });
      await beat();
    };
    await step();
    // Only the viewer wears one: nothing.
    expect(told(p2, 'w:w:u:viewer', 'far')).toEqual([]);
    fakeGear.set('far', RADIO);
    p1.room.emit({ k: 'gear', userId: 'far' });
    await beat();
    await settle();
    await beat();
    await step();
    expect(told(p2, 'w:w:u:viewer', 'far')).toEqual([{ x: 5_020, y: 10 }]);
    expect(p2.room.visibleTo(viewer.e).find((p) => p.id === 'far')?.x).toBe(5_020);
    // The viewer takes its radio off (the equipment route tells the world `gear`).
    fakeGear.delete('viewer');
    p1.room.emit({ k: 'gear', userId: 'viewer' });
    await beat();
    await settle();
    await beat();
    expect(told(p2, 'w:w:u:viewer', 'far').at(-1)).toBe('out');
  });

  test('a survivor who leaves the world is forgotten: coming back in sight it is placed again', async () => {
    const { p1, p2, beat, join, told } = await world();
    join(p2, 'viewer', 10, 10);
    await beat();
    const a = join(p1, 'a', 50, 10);
    await beat();
    p1.room.disconnect(a.e, p1.room.sockets.get('a')!);
    await beat();
    p1.room.connect(a.e, fakeSocket().socket, () => {});
    await beat();
    expect(told(p2, 'w:w:u:viewer', 'a')).toEqual([
      { x: 50, y: 10 },
      { x: 50, y: 10 },
    ]);
  });

  test("an NPC's walk is told to its settlement's members wherever they are, and to others only where they see it", async () => {
    const { p1, p2, beat, join } = await world();
    join(p1, 'member', 9_000, 9_000);
    join(p2, 'near-the-way', 500, SIGHT - 20); // beside the middle of the walk, not of its ends
    join(p2, 'far', 500, SIGHT + 300);
    await beat();
    p1.frames.length = 0;
    p2.frames.length = 0;
    p1.room.send(
      { to: 'sight', userIds: ['member'] },
      {
        type: 'npc_movement_journey',
        npcId: '7',
        startX: 0,
        startY: 0,
        targetX: 1_000,
        targetY: 0,
        duration: 60_000,
        purpose: 'scavenge',
        waypoints: [
          { x: 0, y: 0 },
          { x: 1_000, y: 0 },
        ],
      },
    );
    p1.room.send(
      {
        to: 'sight',
        userIds: ['member'],
        path: [
          [0, 0],
          [1_000, 0],
        ],
      },
      { type: 'npc_arrival', npcId: '7', x: 1_000, y: 0 },
    );
    await beat();
    const heard = (p: typeof p1) => p.frames.filter((f) => f.msg.type.startsWith('npc_')).map((f) => `${f.topic} ${f.msg.type}`);
    expect(heard(p1)).toEqual(['w:w:u:member npc_movement_journey', 'w:w:u:member npc_arrival']);
    expect(heard(p2)).toEqual(['w:w:u:near-the-way npc_movement_journey', 'w:w:u:near-the-way npc_arrival']);
  });
});
