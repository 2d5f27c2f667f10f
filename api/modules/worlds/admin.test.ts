import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { AdminWorldAnswer } from '../../contract/admin.ts';
import { nameKey } from '../../contract/name-key.ts';
import {
  UNKNOWN_WORLD_MESSAGE,
  WORLD_CLOSED_MESSAGE,
  type JoinGameResponse,
  type LobbyAccess,
  type WorldsList,
} from '../../contract/lobby.ts';
import type { WorldInfo } from '../../contract/world.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { backends } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';

/**
 * The operator's world routes over real HTTP on both databases: /api/admin/worlds exists only with
 * ADMIN_TOKEN set, answers only its bearer, and opens, closes and renames worlds through the same calls as
 * `bun run worlds`; a closed world admits nobody new; a rename shows at once on GET /api/world/:id.
 */
const TOKEN = 'admin-test-token-0123456789';
const admin = { authorization: `Bearer ${TOKEN}` };

describe.each(backends())('admin world routes on %s', (backend) => {
  let server: TestServer;
  let bare: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { maxPlayers: 1, worldsMax: 3, adminToken: TOKEN });
    bare = await startTestServer('pglite', { maxPlayers: 1, worldsMax: 3 });
  });
  afterAll(async () => {
    await server.stop();
    await bare.stop();
  });

  test('without ADMIN_TOKEN every admin route is 404; with it, no token or a wrong one is 401', async () => {
    const nobody = new TestClient(bare.url);
    for (const res of [
      await nobody.get('/api/admin/worlds', admin),
      await nobody.post('/api/admin/worlds', { name: 'Nope' }, admin),
      await nobody.post('/api/admin/worlds/default/close', undefined, admin),
      await nobody.post('/api/admin/worlds/default/rename', { name: 'Nope' }, admin),
      await nobody.post('/api/admin/worlds/default/rename', 'not json', admin),
    ])
      expect(res.status).toBe(404);
    expect((await nobody.json<WorldsList>(nobody.get('/api/worlds'))).worlds.map((w) => w.name)).not.toContain('Nope');

    const c = new TestClient(server.url);
    for (const headers of [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ] as Record<string, string>[]) {
      const list = await c.get('/api/admin/worlds', headers);
      expect(list.status).toBe(401);
      expect(list.headers.get('www-authenticate')).toBe('Bearer');
      // Refused before the body is read: a bad body is 401 too, and nothing opens.
      expect((await c.post('/api/admin/worlds', { name: 'Sneaky' }, headers)).status).toBe(401);
      expect((await c.post('/api/admin/worlds', [1], headers)).status).toBe(401);
      expect((await c.post('/api/admin/worlds/default/close', undefined, headers)).status).toBe(401);
    }
    const listed = await c.get('/api/admin/worlds', admin);
    expect(listed.status).toBe(200);
    expect((await listed.json()) as WorldsList).toMatchObject({ open: expect.any(Number), online: expect.any(Number) });
    expect((await c.json<WorldsList>(c.get('/api/worlds'))).worlds.map((w) => w.name)).not.toContain('Sneaky');
  });

  test('open, rename and close a world; a closed world admits nobody new; its seated player stays', async () => {
    const op = new TestClient(server.url);
    const [ana, ben] = [new TestClient(server.url), new TestClient(server.url)];
    await ana.register(uniqueName('ana'));
    await ben.register(uniqueName('ben'));
    // Ben's join opens the first world, `default`, and fills it (one seat a world).
    expect((await ben.json<JoinGameResponse>(ben.post('/api/lobby/join-game'))).worldId).toBe('default');

    const opened = await op.post('/api/admin/worlds', { name: '  Glass   Dunes ' }, admin);
    expect(opened.status).toBe(200);
    const { world } = (await opened.json()) as AdminWorldAnswer;
    expect(world).toMatchObject({ name: 'Glass Dunes', seated: 0, maxPlayers: 1, state: 'open' });
    expect(world.id).toMatch(/^w-/);
    expect((await op.post('/api/admin/worlds', { name: 'glass dunes' }, admin)).status).toBe(409);
    expect((await op.post('/api/admin/worlds', { name: '   ' }, admin)).status).toBe(400);
    expect((await op.post('/api/admin/worlds', { name: 7 }, admin)).status).toBe(400);
    expect((await op.post('/api/admin/worlds', [], admin)).status).toBe(400);

    // Ana sits in it and reads its name (the world is now cached in this process) …
    expect((await ana.json<JoinGameResponse>(ana.post('/api/lobby/join-game', { worldId: world.id }))).worldId).toBe(world.id);
    expect((await ana.json<WorldInfo>(ana.get(`/api/world/${world.id}`))).name).toBe('Glass Dunes');
    // … an operator renames it (by its name, any case): the next read shows the new name, no restart.
    const renamed = await op.post(
      `/api/admin/worlds/${encodeURIComponent('GLASS dunes')}/rename`,
      { name: 'Mirror Flats' },
      admin,
    );
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as AdminWorldAnswer).world).toMatchObject({ id: world.id, name: 'Mirror Flats', seated: 1 });
    expect((await ana.json<WorldInfo>(ana.get(`/api/world/${world.id}`))).name).toBe('Mirror Flats');
    expect((await op.json<WorldsList>(op.get('/api/worlds'))).worlds.find((w) => w.id === world.id)?.name).toBe('Mirror Flats');
    expect((await op.post(`/api/admin/worlds/${world.id}/rename`, {}, admin)).status).toBe(400);
    expect((await op.post(`/api/admin/worlds/${world.id}/rename`, { name: 'x'.repeat(41) }, admin)).status).toBe(400);
    expect((await op.post(`/api/admin/worlds/${world.id}/rename`, { name: 'the wasteland' }, admin)).status).toBe(409);
    const unknown = await op.post('/api/admin/worlds/w-nowhere9/rename', { name: 'Else' }, admin);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: UNKNOWN_WORLD_MESSAGE });

    // Closed: Ana keeps her seat and her access; Ben, asking for it, is refused; placement skips it.
    const closed = await op.post(`/api/admin/worlds/${world.id}/close`, undefined, admin);
    expect(closed.status).toBe(200);
    expect(((await closed.json()) as AdminWorldAnswer).world).toMatchObject({ id: world.id, state: 'closed', seated: 1 });
    expect(await ana.json<LobbyAccess>(ana.get(`/api/lobby/access?worldId=${world.id}`))).toMatchObject({ canAccessGame: true });
    await ben.post('/api/lobby/leave');
    const refused = await ben.post('/api/lobby/join-game', { worldId: world.id });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: WORLD_CLOSED_MESSAGE });
    await ana.post('/api/lobby/leave');
    const placed = await ben.json<JoinGameResponse>(ben.post('/api/lobby/join-game'));
    expect(placed.worldId).not.toBe(world.id);
    expect((await op.post('/api/admin/worlds/w-nowhere9/close', undefined, admin)).status).toBe(404);

    // Opened again by its name: it admits players again.
    const reopened = await op.post('/api/admin/worlds', { name: 'mirror flats' }, admin);
    expect(reopened.status).toBe(200);
    expect(((await reopened.json()) as AdminWorldAnswer).world).toMatchObject({ id: world.id, state: 'open' });
    expect((await ana.json<JoinGameResponse>(ana.post('/api/lobby/join-game', { worldId: world.id }))).worldId).toBe(world.id);

    // The admin list is the public one.
    const list = await op.json<WorldsList>(op.get('/api/admin/worlds', admin));
    expect(list.worlds.find((w) => w.id === world.id)).toMatchObject({ name: 'Mirror Flats', state: 'full', seated: 1 });
  });

  test('world names follow the name rules; a look-alike of the name of another world is refused', async () => {
    // Its own server: the worlds here are this test's alone.
    const named = await startTestServer(backend, { maxPlayers: 1, worldsMax: 5, adminToken: TOKEN });
    try {
      const op = new TestClient(named.url);
      const names = async () => (await op.json<WorldsList>(op.get('/api/worlds'))).worlds.map((w) => w.name);
      const opened = await op.post('/api/admin/worlds', { name: ' Cinder\u3000Vale ' }, admin);
      expect(opened.status).toBe(200);
      const { world } = (await opened.json()) as AdminWorldAnswer;
      expect(world.name).toBe('Cinder Vale');

      for (const bad of ['Bell\u0007Tower', 'Zero\u200bWidth', '\u202eEvil Twin', 'Null\u0000Point', 'Lone \ud800 Half', '42']) {
        for (const res of [
          await op.post('/api/admin/worlds', { name: bad }, admin),
          await op.post(`/api/admin/worlds/${world.id}/rename`, { name: bad }, admin),
        ]) {
          expect([bad, res.status]).toEqual([bad, 400]);
          expect((await res.json()).message).toMatch(/^World names (may not contain invisible|must contain at least one letter)/);
        }
      }
      // A Cyrillic і, full-width letters, a zero-width space: the same name to a reader, another world's to the server.
      for (const lookAlike of ['Cіnder Vale', 'ＣＩＮＤＥＲ VALE', 'Cinder\u200b Vale']) {
        const res = await op.post('/api/admin/worlds', { name: lookAlike }, admin);
        expect([lookAlike, res.status]).toEqual([lookAlike, lookAlike.includes('\u200b') ? 400 : 409]);
      }
      const cyrillic = await op.post('/api/admin/worlds', { name: 'Cіnder Vale' }, admin);
      expect((await cyrillic.json()).message).toBe('"Cіnder Vale" looks like "Cinder Vale", the name of another world');
      const other = (await op.json<AdminWorldAnswer>(op.post('/api/admin/worlds', { name: 'Ember Flats' }, admin))).world;
      const renamed = await op.post(`/api/admin/worlds/${other.id}/rename`, { name: 'Сinder Vаle' }, admin);
      expect(renamed.status).toBe(409);
      expect((await renamed.json()).message).toBe('"Сinder Vаle" looks like "Cinder Vale", the name of another world');
      // Its own name in another form is no clash.
      expect((await op.post(`/api/admin/worlds/${world.id}/rename`, { name: 'CINDER vale' }, admin)).status).toBe(200);
      const shown = await names();
      expect(shown.filter((n) => nameKey(n) === nameKey('Cinder Vale'))).toEqual(['CINDER vale']);
      expect(shown.filter((n) => /[\u0000-\u001f\u200b\u202e]/.test(n))).toEqual([]);
    } finally {
      await named.stop();
    }
  });
});
