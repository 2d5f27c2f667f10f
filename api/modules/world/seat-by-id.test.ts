import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { loadCoreForBun } from '../../../core-wasm/index.ts';
import type { JoinGameResponse } from '../../contract/lobby.ts';
import { NOT_SEATED_HERE_REASON } from '../../game/lobby.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { backends } from '../../testing/databases.ts';
import { RaidSetup } from '../../testing/raids.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { openSpots, SettlementFixture } from '../../testing/settlements.ts';

const SEED = 4141;

/**
 * Issue 29: a seat in one world grants nothing in another, also on the routes that address a settlement, an NPC or a
 * crafting job by id (they name no world): a member of a settlement in `default` who is now seated in another world
 * is refused there with 'You are not seated in this world', and served again once seated back home.
 */
describe.each(backends())('routes by id follow the seat’s world on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { maxPlayers: 1, worldsMax: 2, worldSeed: SEED });
  }, 60_000);
  afterAll(() => server.stop());

  test('settlement NPCs, NPC gear, the craft queue and crafting answer only in the seat’s world', async () => {
    const f = new SettlementFixture(server, openSpots(await loadCoreForBun(), SEED));
    const { c: ana, settlement } = await f.founded();
    const nia = await new RaidSetup(server.database.db, Number(settlement.id)).npc('Nia');
    const calls = () => [
      ana.get(`/api/settlements/${settlement.id}/npcs`),
      ana.get(`/api/settlements/${settlement.id}/craft-queue`),
      ana.get(`/api/npcs/${nia.id}/equipment`),
      ana.post(`/api/npcs/${nia.id}/equipment/equip-all`, { settlementId: settlement.id }),
      ana.post(`/api/settlements/${settlement.id}/craft`, { recipeId: 'bandages', quantity: 1 }),
      ana.delete(`/api/settlements/${settlement.id}/craft-queue/1`),
    ];
    const home = await Promise.all(calls());
    // At home: served (the craft lacks materials, the job is unknown: answers of the route itself, not of the seat).
    expect(home.map((r) => r.status)).toEqual([200, 200, 200, 200, 409, 404]);

    // Ana leaves; Ben takes the one seat of `default`; Ana is seated in a new world.
    expect((await ana.post('/api/lobby/leave')).status).toBe(200);
    const ben = new TestClient(server.url);
    await ben.register(uniqueName('ben'));
    expect((await ben.json<JoinGameResponse>(ben.post('/api/lobby/join-game'))).worldId).toBe('default');
    const away = (await ana.json<JoinGameResponse>(ana.post('/api/lobby/join-game'))).worldId!;
    expect(away).not.toBe('default');

    const refused = await Promise.all(calls());
    for (const r of refused) {
      expect(r.status).toBe(403);
      expect(await r.json()).toEqual({ message: NOT_SEATED_HERE_REASON });
    }

    // Back home once Ben leaves: served again.
    expect((await ana.post('/api/lobby/leave')).status).toBe(200);
    expect((await ben.post('/api/lobby/leave')).status).toBe(200);
    expect((await ana.json<JoinGameResponse>(ana.post('/api/lobby/join-game', { worldId: 'default' }))).worldId).toBe('default');
    expect((await ana.get(`/api/settlements/${settlement.id}/craft-queue`)).status).toBe(200);
  });
});
