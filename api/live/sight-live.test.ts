/**
 * Positions through the fog, over real sockets and HTTP on both databases: another survivor's place (players_list,
 * players_moved, GET /players) and another settlement's NPCs (GET /npcs) are told only within sight (vision and the
 * margin, api/game/vision.ts), or radio to radio.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { LivePlayer, TimeInfo } from '../contract/protocol.ts';
import { IMPASSABLE } from '../contract/world.ts';
import { NO_SIGHT_GEAR, SIGHT_MARGIN_UNITS, visionInput } from '../game/vision.ts';
import { backends } from '../testing/databases.ts';
import { TestSocket } from '../testing/live.ts';
import { seedNpcs } from '../testing/npcs.ts';
import { type Player, SettlementFixture } from '../testing/settlements.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';
import { Biome, loadCoreForBun, TILE_SIZE, tileCentre, tileOfWorld } from '../../core-wasm/index.ts';
import { playerEquipment } from '../../db/schema/index.ts';

const SEED = 4711;
const core = await loadCoreForBun();
const W = 'default';

describe.each(backends())('sight on %s', (backend) => {
  let server: TestServer;
  let f: SettlementFixture;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    server = await startTestServer(backend, { worldSeed: SEED, seatTimeoutMs: 24 * 3600_000 });
    f = new SettlementFixture(server, []);
  }, 90_000);
  afterAll(async () => {
    for (const s of sockets) if (s.ws.readyState <= 1) s.close();
    await server?.stop();
  });
  const open = (c: Player) => {
    const s = TestSocket.open(server.url, c);
    sockets.push(s);
    return s;
  };
  const passable = (x: number, y: number) => !IMPASSABLE.has(core.biomeAt(SEED, tileOfWorld(x), tileOfWorld(y)) as never);
  /** A row of open ground `length` units long from (x, y), the viewer's end off the hills (they double vision). */
  function openRow(length: number, fromY: number): { x: number; y: number } {
    for (let y = tileCentre(tileOfWorld(fromY)); ; y += TILE_SIZE * 7) {
      for (let x = -3000; x < 3000; x += TILE_SIZE * 11) {
        if (core.biomeAt(SEED, tileOfWorld(x), tileOfWorld(y)) === Biome.hills) continue;
        let open = true;
        for (let d = 0; d <= length && open; d += TILE_SIZE / 2) open = passable(x + d, y);
        if (open) return { x: tileCentre(tileOfWorld(x)), y };
      }
    }
  }
  /** How far a bare-eyed survivor off the hills is told positions now (the world's clock: night halves vision). */
  async function bareSight(): Promise<number> {
    const time: TimeInfo = await (await fetch(`${server.url}/api/time?worldId=${W}`)).json();
    return (
      core.visionRadius(visionInput(NO_SIGHT_GEAR, time, { onHills: false, moving: false })) * TILE_SIZE + SIGHT_MARGIN_UNITS
    );
  }
  const positionOf = (list: LivePlayer[], id: string) => {
    const p = list.find((q) => q.id === id);
    expect(p).toBeDefined(); // listed online, always
    return p!.x === undefined ? null : { x: p!.x, y: p!.y };
  };

  test('a survivor out of sight is listed without a position; walking into sight it is told, walking out it is hidden', async () => {
    const sight = await bareSight();
    const row = openRow(sight + 60, 1000);
    const viewer = await f.playerAt(row);
    const out = { x: row.x + sight + 40, y: row.y };
    const inside = { x: row.x + sight - 40, y: row.y };
    const walker = await f.playerAt(out);
    // The walker first, so the viewer's list names it (a loaded machine opens a socket on Postgres in seconds).
    const sWalker = open(walker);
    await sWalker.next('players_list', undefined, 20_000);
    const sViewer = open(viewer);
    // The walker is in the viewer's 3 × 3 of sectors but beyond its sight.
    const listed = (await sViewer.next('players_list', undefined, 20_000)).players;
    expect(positionOf(listed, walker.id)).toBeNull();
    expect(positionOf(await viewer.json(viewer.get(`/api/world/${W}/players`)), walker.id)).toBeNull();

    sWalker.send({ type: 'player_move', ...inside });
    const seen = await sViewer.next('player_moved', (m) => m.playerId === walker.id);
    expect(seen).toMatchObject(inside);
    expect(positionOf(await viewer.json(viewer.get(`/api/world/${W}/players`)), walker.id)).toEqual(inside);

    sWalker.send({ type: 'player_move', ...out });
    const lost = await sViewer.next('players_moved', (m) => m.moves.some((mv) => mv.playerId === walker.id));
    expect(lost.moves).toEqual([{ playerId: walker.id }]);
    expect(positionOf(await viewer.json(viewer.get(`/api/world/${W}/players`)), walker.id)).toBeNull();
    // Nothing more while it stays out there: its next step is taken (its pong), a beat passes, the viewer's ping
    // round-trips after anything for it.
    sWalker.send({ type: 'player_move', x: out.x + 10, y: out.y });
    sWalker.send({ type: 'ping' });
    await sWalker.next('pong');
    await Bun.sleep(100);
    sViewer.send({ type: 'ping' });
    await sViewer.next('pong');
    const told = sViewer.received.filter((m) => m.type === 'player_moved' && m.playerId === walker.id);
    expect(told).toHaveLength(1);
    sViewer.assertFramesValid();
  });

  test('radio to radio: two survivors far apart who both wear a Portable Radio are told where the other stands', async () => {
    const sight = await bareSight();
    const a = openRow(40, -1500);
    const b = openRow(40, 1800);
    expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(sight * 3);
    const withRadio = await f.playerAt(a);
    const alsoRadio = await f.playerAt(b);
    const without = await f.playerAt({ x: b.x + 20, y: b.y });
    for (const p of [withRadio, alsoRadio]) {
      await server.database.db
        .insert(playerEquipment)
        .values({ userId: p.id, worldId: W, slot: 'communication', itemName: 'Portable Radio', quality: 50 });
    }
    const sB = open(alsoRadio);
    const sNo = open(without);
    await Promise.all([sB.next('players_list'), sNo.next('players_list')]);
    const sA = open(withRadio);
    const list = (await sA.next('players_list')).players;
    expect(positionOf(list, alsoRadio.id)).toEqual(b);
    expect(positionOf(list, without.id)).toBeNull();
    sB.send({ type: 'player_move', x: b.x + 20, y: b.y });
    // A frame telling where b already stood may come first (b's radio counted on a later beat): wait for the move.
    expect(
      await sA.next('player_moved', (m) => m.playerId === alsoRadio.id && Math.abs((m.x ?? Number.NaN) - (b.x + 20)) < 1e-9),
    ).toMatchObject({ x: b.x + 20, y: b.y });
    // The one without a radio hears nothing of the far one: its radio does not reach it.
    sNo.send({ type: 'ping' });
    await sNo.next('pong');
    expect(sNo.received.some((m) => m.type === 'player_moved' && m.playerId === withRadio.id)).toBe(false);
  });

  test("another settlement's NPC is listed only to those who see it", async () => {
    const sight = await bareSight();
    // One settlement of another founder with one resting NPC, far from everyone else in this suite.
    const spacing = 2 * (4000 - 2.5);
    const [npcId] = await seedNpcs(server.database.db, {
      worldIds: [W],
      settlementsPerWorld: 1,
      npcsPerSettlement: 1,
      start: new Date(Date.now() + 3600_000),
      spreadMs: 1,
      spacing,
    });
    const at = { x: -spacing / 2 + 2.5, y: -spacing / 2 + 2.5 };
    const near = await f.playerAt({ x: at.x + sight / 2, y: at.y });
    const far = await f.playerAt({ x: at.x + sight + 300, y: at.y });
    const listed = async (p: Player) =>
      ((await p.json(p.get(`/api/world/${W}/npcs`))) as { id: string }[]).some((n) => n.id === String(npcId));
    expect(await listed(near)).toBe(true);
    // Two sectors away at most: the old rule listed it.
    expect(await listed(far)).toBe(false);
  });
});
