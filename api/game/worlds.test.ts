import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  fullestWithRoom,
  pickWorldName,
  place,
  roomForQueue,
  seatsOf,
  UNKNOWN_WORLD_MESSAGE,
  WORLD_CLOSED_MESSAGE,
  WORLD_FULL_MESSAGE,
  WORLD_NAME_COUNT,
  worldIdFrom,
  worldName,
  worldStateOf,
  type WorldSeats,
} from './worlds.ts';

const t0 = Date.parse('2026-03-01T10:00:00.000Z');
function world(id: string, seated: number, extra: Partial<WorldSeats> = {}): WorldSeats {
  return { id, seated, maxPlayers: 20, state: 'open', createdAt: new Date(t0), ...extra };
}
const ask = (extra: Partial<Parameters<typeof place>[1]> = {}) => ({
  home: null,
  requested: null,
  worldsMax: 5,
  queued: 0,
  ...extra,
});

describe('placement', () => {
  test('the home world (where the survivor lives) when it has a seat, even if another is fuller', () => {
    const worlds = [world('a', 19), world('home', 3)];
    expect(place(worlds, ask({ home: 'home' }))).toEqual({ kind: 'seat', worldId: 'home' });
  });

  test('a full, closed or vanished home world falls back to the fullest with room', () => {
    const worlds = [world('a', 12), world('b', 17), world('full', 20), world('shut', 2, { state: 'closed' })];
    for (const home of ['full', 'shut', 'gone']) expect(place(worlds, ask({ home }))).toEqual({ kind: 'seat', worldId: 'b' });
  });

  test('the fullest open world with a free seat; ties go to the oldest', () => {
    const worlds = [
      world('young', 7, { createdAt: new Date(t0 + 2000) }),
      world('old', 7, { createdAt: new Date(t0) }),
      world('few', 2),
    ];
    expect(place(worlds, ask())).toEqual({ kind: 'seat', worldId: 'old' });
    expect(fullestWithRoom([world('full', 20), world('closed', 5, { state: 'closed' })])).toBeNull();
  });

  test('every open world full and fewer than WORLDS_MAX open: a new world opens (closed worlds do not count)', () => {
    const worlds = [world('a', 20), world('b', 20), world('c', 0, { state: 'closed' })];
    expect(place(worlds, ask({ worldsMax: 3 }))).toEqual({ kind: 'open' });
    expect(place([], ask({ worldsMax: 1 }))).toEqual({ kind: 'open' });
  });

  test('every world full and WORLDS_MAX reached: the queue; someone already waiting is never jumped', () => {
    expect(place([world('a', 20), world('b', 20)], ask({ worldsMax: 2 }))).toEqual({ kind: 'queue' });
    expect(place([world('a', 3)], ask({ queued: 1 }))).toEqual({ kind: 'queue' });
  });

  test('a requested world: seat when open with room; unknown 404, closed or full 409, whatever else is free', () => {
    const worlds = [world('a', 4), world('full', 20), world('shut', 1, { state: 'closed' })];
    expect(place(worlds, ask({ requested: 'a', home: 'shut' }))).toEqual({ kind: 'seat', worldId: 'a' });
    expect(place(worlds, ask({ requested: 'nope' }))).toEqual({ kind: 'refuse', status: 404, message: UNKNOWN_WORLD_MESSAGE });
    expect(place(worlds, ask({ requested: 'shut' }))).toEqual({ kind: 'refuse', status: 409, message: WORLD_CLOSED_MESSAGE });
    expect(place(worlds, ask({ requested: 'full' }))).toEqual({ kind: 'refuse', status: 409, message: WORLD_FULL_MESSAGE });
  });

  test('pinned seats win over MAX_PLAYERS; full is derived, closed stays closed', () => {
    expect(seatsOf(null, 20)).toBe(20);
    expect(seatsOf(4, 20)).toBe(4);
    expect(worldStateOf(world('a', 19))).toBe('open');
    expect(worldStateOf(world('a', 20))).toBe('full');
    expect(worldStateOf(world('a', 3, { state: 'closed' }))).toBe('closed');
    expect(place([world('small', 4, { maxPlayers: 4 })], ask({ worldsMax: 1 }))).toEqual({ kind: 'queue' });
  });

  test('room for the queue: free seats of open worlds plus whole worlds that may still open', () => {
    expect(roomForQueue([world('a', 18), world('b', 20), world('c', 0, { state: 'closed' })], 3, 20)).toBe(2 + 20);
    expect(roomForQueue([world('a', 20)], 1, 20)).toBe(0);
  });

  test('property: seating newcomers one by one fills worlds in turn and opens exactly ceil(n / seats) of them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 200 }),
        (seats, max, n) => {
          const worlds: WorldSeats[] = [];
          let queued = 0;
          for (let i = 0; i < n; i++) {
            const d = place(worlds, ask({ worldsMax: max, queued }));
            if (d.kind === 'seat') worlds.find((w) => w.id === d.worldId)!.seated += 1;
            else if (d.kind === 'open') worlds.push(world(`w${worlds.length}`, 1, { maxPlayers: seats }));
            else queued += 1;
          }
          const seated = Math.min(n, seats * max);
          expect(worlds.reduce((s, w) => s + w.seated, 0)).toBe(seated);
          expect(queued).toBe(n - seated);
          expect(worlds).toHaveLength(Math.ceil(seated / seats));
          expect(worlds.every((w) => w.seated <= seats)).toBe(true);
        },
      ),
    );
  });
});

describe('world names and ids', () => {
  test('adjective and place, distinct over the whole list, any integer allowed', () => {
    expect(worldName(0)).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    const names = new Set(Array.from({ length: WORLD_NAME_COUNT }, (_, i) => worldName(i)));
    expect(names.size).toBe(WORLD_NAME_COUNT);
    expect(worldName(-1)).toBe(worldName(WORLD_NAME_COUNT - 1));
    expect(worldName(WORLD_NAME_COUNT + 5)).toBe(worldName(5));
  });

  test('a new name skips names in use (case-insensitively), then numbers them once all are taken', () => {
    expect(pickWorldName(3, [worldName(3).toUpperCase()])).toBe(worldName(4));
    const all = Array.from({ length: WORLD_NAME_COUNT }, (_, i) => worldName(i));
    expect(pickWorldName(7, all)).toBe(`${worldName(7)} 2`);
    expect(pickWorldName(7, [...all, `${worldName(7)} 2`])).toBe(`${worldName(7)} 3`);
  });

  test('ids are w- and 8 base-36 characters', () => {
    expect(worldIdFrom([0, 1, 35, 36, 255, 10, 11, 12])).toBe('w-01z03abc');
    expect(worldIdFrom(crypto.getRandomValues(new Uint8Array(8)))).toMatch(/^w-[0-9a-z]{8}$/);
  });
});
