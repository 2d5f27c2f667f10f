/**
 * bed_notice on both databases (notifications): the inviter hears an invitation accepted or rejected, a
 * survivor put out of a bed hears who did it; leaving one's own bed tells nobody.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { loadCoreForBun } from '../../../core-wasm/index.ts';
import { TestSocket } from '../../testing/live.ts';
import { backends } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { openSpots, type Player, SettlementFixture } from '../../testing/settlements.ts';

const SEED = 5353;
const W = 'default';
const THREE_BEDS = { 'Cloth Scraps': 3 + 5 + 6, 'Wood Planks': 2 + 3 + 4 };

describe.each(backends())('bed notices on %s', (backend) => {
  let server: TestServer;
  let f: SettlementFixture;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(backend, { worldSeed: SEED, seatTimeoutMs: 24 * 3600_000, maxPlayers: 100 });
    f = new SettlementFixture(server, openSpots(await loadCoreForBun(), SEED));
  }, 90_000);
  afterAll(async () => {
    for (const s of sockets) if (s.ws.readyState <= 1) s.close();
    await server.stop();
  });

  const listening = async (c: Player) => {
    const s = TestSocket.open(server.url, c);
    sockets.push(s);
    await s.next('players_list');
    return s;
  };
  const invitations = async (c: Player) =>
    (await c.json(c.get('/api/player/bed-invitations?worldId=default'))).invitations as { id: string }[];

  test('the inviter hears accepted and rejected; the kicked hear who put them out; leaving your own bed is silent', async () => {
    const { c: a, at, settlement } = await f.founded(THREE_BEDS);
    const beds: string[] = [];
    for (const name of ['Bed 1', 'Bed 2', 'Bed 3'])
      beds.push((await (await f.build(a, settlement.id, 'bed', null, name)).json()).building.id);
    const b = await f.playerAt({ x: at.x + 30, y: at.y });
    const c = await f.playerAt({ x: at.x - 30, y: at.y });
    const [sa, sb, sc] = [await listening(a), await listening(b), await listening(c)];
    const invite = (who: Player, bed: string) =>
      a.post('/api/bed-invitations', { worldId: W, settlementId: settlement.id, buildingId: bed, inviteeId: who.id });

    expect((await invite(b, beds[1]!)).status).toBe(200);
    expect((await invite(c, beds[2]!)).status).toBe(200);
    const [forB] = await invitations(b);
    const [forC] = await invitations(c);
    expect((await b.post(`/api/bed-invitations/${forB!.id}/accept`)).status).toBe(200);
    expect((await c.post(`/api/bed-invitations/${forC!.id}/reject`)).status).toBe(200);
    const accepted = await sa.next('bed_notice', (m) => m.kind === 'accepted', 5_000);
    expect(accepted).toEqual({
      type: 'bed_notice',
      kind: 'accepted',
      settlementId: settlement.id,
      settlementName: settlement.name,
      who: b.username,
    });
    expect((await sa.next('bed_notice', (m) => m.kind === 'rejected', 5_000)).who).toBe(c.username);

    // A puts B out of Bed 2: B hears it was A.
    expect((await a.post(`/api/settlements/${settlement.id}/beds/${beds[1]}/kick`)).status).toBe(200);
    const kicked = await sb.next('bed_notice', (m) => m.kind === 'kicked', 5_000);
    expect(kicked).toMatchObject({ settlementName: settlement.name, who: a.username });

    // C, invited again, accepts and then leaves on their own: nobody is told of a kick.
    expect((await invite(c, beds[2]!)).status).toBe(200);
    const [again] = await invitations(c);
    expect((await c.post(`/api/bed-invitations/${again!.id}/accept`)).status).toBe(200);
    await sa.next('bed_notice', (m) => m.kind === 'accepted' && m.who === c.username, 5_000);
    expect((await c.post(`/api/settlements/${settlement.id}/beds/${beds[2]}/kick`)).status).toBe(200);
    // A word said aloud after it reaches both through the same live path, in order: a notice of that kick would have
    // come first.
    const said = await a.post('/api/world/default/chat', { message: 'after the kick', channel: 'nearby' });
    expect(said.status).toBe(201);
    const { message } = (await said.json()) as { message: { id: string } };
    for (const s of [sa, sc]) await s.next('chat_message', (m) => m.message.id === message.id, 5_000);
    expect(sc.received.filter((m) => m.type === 'bed_notice')).toEqual([]);
    expect(sa.received.filter((m) => m.type === 'bed_notice' && m.kind === 'kicked')).toEqual([]);
    for (const s of [sa, sb, sc]) s.assertFramesValid();
  }, 60_000);
});
