import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { loadCoreForBun } from '../../core-wasm/index.ts';
import { playerEquipment } from '../../db/schema/index.ts';
import { createApp } from '../app.ts';
import type { JoinGameResponse } from '../contract/lobby.ts';
import { NOT_SEATED_HERE_REASON } from '../game/lobby.ts';
import { TestClient } from '../testing/client.ts';
import { backends } from '../testing/databases.ts';
import { RaidSetup } from '../testing/raids.ts';
import { NO_WRITE_LIMITS, startTestServer, type TestServer } from '../testing/server.ts';
import { openSpots, type Player, SettlementFixture } from '../testing/settlements.ts';

const SEED = 4141;
const ADMIN_TOKEN = 'seat-by-id-operator';
/** Materials for three beds: the first, the second (×1.5) and the third (×2). */
const THREE_BEDS = { 'Cloth Scraps': 3 + 5 + 6, 'Wood Planks': 2 + 3 + 4 };

/** What the routes address, all of it in world A (`default`). */
interface Things {
  settlement: string;
  container: string;
  /** Ben's bed. */
  bed: string;
  /** Cara's bed, the one the invitation offers. */
  spare: string;
  /** Ana's invitation to Cara. */
  invitation: string;
  npc: string;
  ben: string;
}

interface ByIdRoute {
  /** `METHOD path` as the app registers it. */
  route: string;
  /** Who calls: a member of the settlement (Ana), or the invitee (Cara, invited to a bed there). */
  by: 'member' | 'invitee';
  /** The call, naming `worldId` (the caller's seat's world) wherever its body or query takes one. */
  call: (c: TestClient, t: Things, worldId: string) => Promise<Response>;
  /** What the route itself answers at home, in this order (the seat check passed; some calls change what follows). */
  home: number;
}

/**
 * Every route keyed by a settlement, building, bed, invitation, NPC or crafting job id. Home answers are in table
 * order: the accept takes Cara's bed, so the reject and the withdrawal after it find no invitation; the kick comes last.
 */
const BY_ID: ByIdRoute[] = [
  { route: 'GET /api/settlements/:id', by: 'member', call: (c, t) => c.get(`/api/settlements/${t.settlement}`), home: 200 },
  {
    route: 'GET /api/settlements/:id/buildings',
    by: 'member',
    call: (c, t) => c.get(`/api/settlements/${t.settlement}/buildings`),
    home: 200,
  },
  {
    route: 'GET /api/settlements/:id/storage',
    by: 'member',
    call: (c, t) => c.get(`/api/settlements/${t.settlement}/storage`),
    home: 200,
  },
  {
    route: 'GET /api/settlements/:id/defence',
    by: 'member',
    call: (c, t) => c.get(`/api/settlements/${t.settlement}/defence`),
    home: 200,
  },
  {
    route: 'GET /api/settlements/:id/progress',
    by: 'member',
    call: (c, t) => c.get(`/api/settlements/${t.settlement}/progress`),
    home: 200,
  },
  {
    // A Camp with one container: the Outpost's requirements are not met.
    route: 'POST /api/settlements/:id/level-up',
    by: 'member',
    call: (c, t, worldId) => c.post(`/api/settlements/${t.settlement}/level-up`, { worldId }),
    home: 409,
  },
  {
    route: 'GET /api/settlements/:id/raids',
    by: 'member',
    call: (c, t) => c.get(`/api/settlements/${t.settlement}/raids`),
    home: 200,
  },
  {
    route: 'GET /api/settlements/:id/bed-assignments',
    by: 'member',
    call: (c, t) => c.get(`/api/settlements/${t.settlement}/bed-assignments`),
    home: 200,
  },
  {
    route: 'GET /api/settlements/:id/pending-invitations',
    by: 'member',
    call: (c, t) => c.get(`/api/settlements/${t.settlement}/pending-invitations`),
    home: 200,
  },
  {
    route: 'GET /api/settlements/:id/npcs',
    by: 'member',
    call: (c, t) => c.get(`/api/settlements/${t.settlement}/npcs`),
    home: 200,
  },
  {
    route: 'GET /api/settlements/:id/craft-queue',
    by: 'member',
    call: (c, t) => c.get(`/api/settlements/${t.settlement}/craft-queue`),
    home: 200,
  },
  {
    route: 'POST /api/settlements/:id/craft',
    by: 'member',
    call: (c, t) => c.post(`/api/settlements/${t.settlement}/craft`, { recipeId: 'bandages', quantity: 1 }),
    home: 409, // no materials
  },
  {
    route: 'DELETE /api/settlements/:id/craft-queue/:jobId',
    by: 'member',
    call: (c, t) => c.delete(`/api/settlements/${t.settlement}/craft-queue/999999`),
    home: 404, // no such job
  },
  {
    route: 'POST /api/buildings',
    by: 'member',
    call: (c, t, worldId) =>
      c.post('/api/buildings', { type: 'bed', subtype: null, name: 'Cot', materials: {}, settlementId: t.settlement, worldId }),
    home: 409, // no cloth
  },
  {
    route: 'POST /api/buildings/:id/upgrade',
    by: 'member',
    call: (c, t, worldId) => c.post(`/api/buildings/${t.container}/upgrade`, { materials: {}, worldId }),
    home: 409, // no scrap, no kit
  },
  {
    route: 'POST /api/settlements/:id/transfer-from-storage',
    by: 'member',
    call: (c, t, worldId) =>
      c.post(`/api/settlements/${t.settlement}/transfer-from-storage`, { worldId, itemName: 'Wood Planks', quantity: 1 }),
    home: 200,
  },
  {
    route: 'POST /api/settlements/:id/auto-deposit-items',
    by: 'member',
    call: (c, t, worldId) => c.post(`/api/settlements/${t.settlement}/auto-deposit-items`, { worldId }),
    home: 200,
  },
  {
    route: 'POST /api/settlements/:id/deposit-by-category',
    by: 'member',
    call: (c, t, worldId) => c.post(`/api/settlements/${t.settlement}/deposit-by-category`, { worldId, category: 'materials' }),
    home: 200,
  },
  {
    route: 'POST /api/settlements/:id/consolidate',
    by: 'member',
    call: (c, t, worldId) => c.post(`/api/settlements/${t.settlement}/consolidate`, { worldId }),
    home: 200,
  },
  {
    route: 'POST /api/settlements/:id/pickup-all',
    by: 'member',
    call: (c, t, worldId) => c.post(`/api/settlements/${t.settlement}/pickup-all`, { worldId }),
    home: 200,
  },
  {
    route: 'POST /api/settlements/:id/fix-categorization',
    by: 'member',
    call: (c, t, worldId) => c.post(`/api/settlements/${t.settlement}/fix-categorization`, { worldId }),
    home: 200,
  },
  {
    route: 'POST /api/settlements/:id/fix-items',
    by: 'member',
    call: (c, t, worldId) => c.post(`/api/settlements/${t.settlement}/fix-items`, { worldId }),
    home: 200,
  },
  {
    route: 'POST /api/npcs/:id/assign',
    by: 'member',
    call: (c, t, worldId) => c.post(`/api/npcs/${t.npc}/assign`, { assignment: 'craft', worldId }),
    home: 200,
  },
  {
    route: 'POST /api/npcs/:id/treat',
    by: 'member',
    call: (c, t, worldId) => c.post(`/api/npcs/${t.npc}/treat`, { worldId }),
    home: 409, // not injured
  },
  { route: 'GET /api/npcs/:id/equipment', by: 'member', call: (c, t) => c.get(`/api/npcs/${t.npc}/equipment`), home: 200 },
  {
    route: 'POST /api/npcs/:id/equipment/equip',
    by: 'member',
    call: (c, t) =>
      c.post(`/api/npcs/${t.npc}/equipment/equip`, { itemId: '999999999', slot: 'tool', settlementId: t.settlement }),
    home: 404, // no such item in storage
  },
  {
    route: 'POST /api/npcs/:id/equipment/unequip',
    by: 'member',
    call: (c, t) => c.post(`/api/npcs/${t.npc}/equipment/unequip`, { slot: 'tool', settlementId: t.settlement }),
    home: 404, // nothing in that slot
  },
  {
    route: 'POST /api/npcs/:id/equipment/equip-all',
    by: 'member',
    call: (c, t) => c.post(`/api/npcs/${t.npc}/equipment/equip-all`, { settlementId: t.settlement }),
    home: 200,
  },
  {
    route: 'POST /api/npcs/:id/equipment/unequip-all',
    by: 'member',
    call: (c, t) => c.post(`/api/npcs/${t.npc}/equipment/unequip-all`, { settlementId: t.settlement }),
    home: 200,
  },
  {
    route: 'POST /api/npcs/recruit',
    by: 'member',
    call: (c, t, worldId) =>
      c.post('/api/npcs/recruit', { npcName: 'Zed', npcDescription: 'A drifter', settlementId: t.settlement, worldId }),
    home: 409, // no survivor waiting
  },
  {
    route: 'POST /api/player/equipment/equip-all-settlement',
    by: 'member',
    call: (c, t, worldId) => c.post('/api/player/equipment/equip-all-settlement', { settlementId: t.settlement, worldId }),
    home: 200,
  },
  {
    route: 'POST /api/player/equipment/unequip-all',
    by: 'member',
    call: (c, t, worldId) => c.post('/api/player/equipment/unequip-all', { settlementId: t.settlement, worldId }),
    home: 200,
  },
  {
    route: 'POST /api/bed-invitations',
    by: 'member',
    call: (c, t, worldId) =>
      c.post('/api/bed-invitations', { worldId, settlementId: t.settlement, buildingId: t.spare, inviteeId: t.ben }),
    home: 409, // Ben already has a bed there
  },
  {
    route: 'POST /api/bed-invitations/:id/accept',
    by: 'invitee',
    call: (c, t) => c.post(`/api/bed-invitations/${t.invitation}/accept`),
    home: 200,
  },
  {
    route: 'POST /api/bed-invitations/:id/reject',
    by: 'invitee',
    call: (c, t) => c.post(`/api/bed-invitations/${t.invitation}/reject`),
    home: 404, // accepted just before
  },
  {
    route: 'DELETE /api/bed-invitations/:id',
    by: 'member',
    call: (c, t) => c.delete(`/api/bed-invitations/${t.invitation}`),
    home: 404,
  },
  {
    route: 'POST /api/settlements/:id/beds/:bedId/kick',
    by: 'member',
    call: (c, t) => c.post(`/api/settlements/${t.settlement}/beds/${t.bed}/kick`),
    home: 200,
  },
];

/**
 * Routes keyed by such ids that answer for the caller's seat's world without refusing: batch-equipment leaves out
 * the NPCs of other worlds (checked below).
 */
const SCOPED = ['GET /api/npcs/batch-equipment'];

/** Path parameters and body or query fields that name a thing of one world. */
const THING_KEYS = new Set(['id', 'bedId', 'jobId', 'settlementId', 'buildingId', 'npcIds']);
/** Routes with such a key whose thing is found in the world the call names, by construction. */
const NAMED_IN_ITS_WORLD = new Set(['POST /api/poi/:id/scavenge']);

/** The keys a route's path, body and query declare. */
function keysOf(r: { path: string; hooks: unknown }): string[] {
  const hooks = r.hooks as { body?: { json?: unknown }; query?: { json?: unknown } };
  const declared = [hooks.body, hooks.query].flatMap((s) => [...JSON.stringify(s?.json ?? {}).matchAll(/"key":"(\w+)"/g)]);
  return [...[...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]!), ...declared.map((m) => m[1]!)];
}

/**
 * A seat in one world grants nothing in another, on every route that addresses a settlement, building, bed,
 * invitation, NPC or crafting job by id: a member of a settlement in world A and a survivor invited there, both now
 * seated in world B, are refused with 'You are not seated in this world' (403) on each of them, even when the call
 * names world B, and nothing changes in A; seated in A again, each route answers as it does at home.
 */
describe.each(backends())('routes by id follow the seat’s world on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, {
      maxPlayers: 3,
      worldsMax: 2,
      worldSeed: SEED,
      adminToken: ADMIN_TOKEN,
      seatTimeoutMs: 24 * 3600_000,
      // One member calls every write route twice within a few seconds: past the per-user burst on purpose.
      ...NO_WRITE_LIMITS,
    });
  }, 60_000);
  afterAll(() => server.stop());

  test('the table lists every route keyed by a settlement, building, bed, invitation, NPC or job id', async () => {
    const app = createApp({ config: server.config, database: server.database, core: await loadCoreForBun() });
    const keyed = app.routes
      .filter((r) => keysOf(r).some((k) => THING_KEYS.has(k)))
      .map((r) => `${r.method} ${r.path}`)
      .filter((name) => !NAMED_IN_ITS_WORLD.has(name));
    expect(keyed.sort()).toEqual([...BY_ID.map((r) => r.route), ...SCOPED].sort());
  });

  test('each of them answers only in the seat’s world', async () => {
    const f = new SettlementFixture(server, openSpots(await loadCoreForBun(), SEED));
    const { c: ana, at, settlement } = await f.founded(THREE_BEDS);
    const built: string[] = [];
    for (const name of ['Ana’s bed', 'Ben’s bed', 'Spare bed']) {
      const res = await f.build(ana, settlement.id, 'bed', null, name);
      expect(res.status).toBe(200);
      built.push((await res.json()).building.id);
    }
    const setup = new RaidSetup(server.database.db, Number(settlement.id));
    const container = await setup.container('materials', [{ itemName: 'Wood Planks', quality: 50, quantity: 5 }]);
    const nia = await setup.npc('Nia');
    const ben = await f.playerAt({ x: at.x + 20, y: at.y });
    const cara = await f.playerAt({ x: at.x - 20, y: at.y });
    const invite = (p: Player, bed: string) =>
      ana.post('/api/bed-invitations', { worldId: 'default', settlementId: settlement.id, buildingId: bed, inviteeId: p.id });
    expect((await invite(ben, built[1]!)).status).toBe(200);
    const benInvitation = (await ben.json(ben.get('/api/player/bed-invitations?worldId=default'))).invitations[0].id;
    expect((await ben.post(`/api/bed-invitations/${benInvitation}/accept`)).status).toBe(200);
    expect((await invite(cara, built[2]!)).status).toBe(200);
    const invitation = (await cara.json(cara.get('/api/player/bed-invitations?worldId=default'))).invitations[0].id as string;
    const t: Things = {
      settlement: settlement.id,
      container: String(container),
      bed: built[1]!,
      spare: built[2]!,
      invitation,
      npc: String(nia.id),
      ben: ben.id,
    };

    // The operator opens world B; Ana and Cara move there, each wearing a Portable Radio (batch-equipment needs one).
    const opened = await new TestClient(server.url).post(
      '/api/admin/worlds',
      { name: 'Far Shore' },
      { authorization: `Bearer ${ADMIN_TOKEN}` },
    );
    expect(opened.status).toBe(200);
    const b = (await opened.json()).world.id as string;
    const seat = async (p: Player, worldId: string) => {
      expect((await p.post('/api/lobby/leave')).status).toBe(200);
      expect((await p.json<JoinGameResponse>(p.post('/api/lobby/join-game', { worldId }))).worldId).toBe(worldId);
      expect((await p.get(`/api/world/${worldId}`)).status).toBe(200);
    };
    await seat(ana, b);
    await seat(cara, b);
    for (const worldId of ['default', b]) {
      await server.database.db
        .insert(playerEquipment)
        .values({ userId: ana.id, worldId, slot: 'communication', itemName: 'Portable Radio', quality: 50 });
    }
    const caller = (r: ByIdRoute) => (r.by === 'member' ? ana : cara);

    const away: string[] = [];
    for (const r of BY_ID) {
      const res = await r.call(caller(r), t, b);
      const body = await res.text();
      if (res.status !== 403 || body !== JSON.stringify({ message: NOT_SEATED_HERE_REASON })) {
        away.push(`${r.route}: ${res.status} ${body.slice(0, 120)}`);
      }
    }
    expect(away).toEqual([]);
    const batch = (worldId: string) => ana.json(ana.get(`/api/npcs/batch-equipment?worldId=${worldId}&npcIds=${t.npc}`));
    expect(await batch(b)).toEqual({ equipmentData: {} });

    // Back in A: nothing of the above happened there, and every route answers as its own rules say.
    await seat(ana, 'default');
    await seat(cara, 'default');
    expect(await batch('default')).toEqual({ equipmentData: { [t.npc]: [] } });
    const beds = (await ana.json(ana.get(`/api/settlements/${t.settlement}/bed-assignments`))).bedAssignments;
    expect(beds.find((x: { bedId: string }) => x.bedId === t.bed)).toMatchObject({ state: 'occupied', playerId: ben.id });
    expect(beds.find((x: { bedId: string }) => x.bedId === t.spare)).toMatchObject({
      state: 'pending',
      invitationId: invitation,
    });
    const [stored] = (await ana.json(ana.get(`/api/settlements/${t.settlement}/storage`))).storage;
    expect(stored.items).toMatchObject([{ itemName: 'Wood Planks', quantity: 5 }]);
    const [npc] = (await ana.json(ana.get(`/api/settlements/${t.settlement}/npcs`))).npcs;
    expect(npc).toMatchObject({ id: t.npc, assignment: 'defend' });

    const home: string[] = [];
    for (const r of BY_ID) {
      const res = await r.call(caller(r), t, 'default');
      if (res.status !== r.home) home.push(`${r.route}: ${res.status} ${(await res.text()).slice(0, 120)}`);
    }
    expect(home).toEqual([]);
  }, 60_000);
});
