/**
 * Chat across two server processes on one Postgres database: a radio message sent through one process reaches
 * sockets on the other, slow mode counts sends made through both, a nearby message reaches a listener near the
 * sender on the other process and not a far one there, and a rename relabels the survivor for observers on the other
 * process (frame and later lists). Needs a Postgres server (DATABASE_URL).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import postgres from 'postgres';
import { loadCoreForBun } from '../../../core-wasm/index.ts';
import type { ChatMessage } from '../../contract/protocol.ts';
import { CHAT_SLOW_MESSAGES } from '../../game/chat.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { freshPostgresUrl, describeOnPostgres } from '../../testing/databases.ts';
import { TestSocket } from '../../testing/live.ts';
import { spawnServer, type ServerProcess } from '../../testing/process.ts';
import { openSpots } from '../../testing/settlements.ts';

type Seated = TestClient & { id: string; username: string };

describeOnPostgres('radio chat across two processes', () => {
  let p1: ServerProcess;
  let p2: ServerProcess;
  let url: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    url = await freshPostgresUrl();
    const env = { DATABASE_URL: url, WORLD_SEED: '777' };
    // One after the other: both would otherwise race to apply the migrations.
    p1 = await spawnServer(env);
    p2 = await spawnServer(env);
  }, 90_000);
  afterAll(async () => {
    for (const s of sockets) if (s.ws.readyState <= 1) s.close();
    await Promise.all([p1?.stop(), p2?.stop()]);
  });

  /** A seated survivor whose calls go to `server`. */
  async function seated(server: ServerProcess): Promise<Seated> {
    const c = new TestClient(server.url) as Seated;
    c.username = uniqueName('xp');
    c.id = (await c.register(c.username)).id;
    expect((await c.post('/api/lobby/join-game')).status).toBe(200);
    expect((await c.get('/api/world/default')).status).toBe(200);
    return c;
  }
  const via = (c: TestClient, server: ServerProcess): TestClient => c.at(server.url);
  async function radioOn(userId: string): Promise<void> {
    const pg = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await pg`insert into player_equipment (user_id, world_id, slot, item_name, quality)
               values (${userId}, 'default', 'communication', 'Portable Radio', 50)`;
    } finally {
      await pg.end();
    }
  }
  function open(c: TestClient): TestSocket {
    const s = TestSocket.open(c.baseUrl, c);
    sockets.push(s);
    return s;
  }

  test('a message sent through one process reaches a socket on the other; slow mode counts both', async () => {
    const listener = await seated(p1);
    const speaker = await seated(p2);
    await radioOn(speaker.id);
    const heard = open(listener);
    await heard.next('players_list');

    const sent = await speaker.post('/api/world/default/chat', { message: 'p2 calling p1' });
    expect(sent.status).toBe(201);
    const { message } = (await sent.json()) as { message: ChatMessage };
    const frame = await heard.next('chat_message', (m) => m.message.id === message.id, 5_000);
    expect(frame.message).toEqual(message);

    // The rest of the window's allowance, alternating processes; the next one is refused on either.
    for (let i = 1; i < CHAT_SLOW_MESSAGES; i++) {
      const through = i % 2 ? via(speaker, p1) : speaker;
      expect((await through.post('/api/world/default/chat', { message: `hop ${i}` })).status).toBe(201);
    }
    for (const through of [via(speaker, p1), speaker]) {
      const held = await through.post('/api/world/default/chat', { message: 'one too many' });
      expect(held.status).toBe(429);
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    const history = (await listener.json(listener.get('/api/world/default/chat'))).messages as ChatMessage[];
    expect(history.filter((m) => m.playerId === speaker.id)).toHaveLength(CHAT_SLOW_MESSAGES);
  }, 30_000);

  test('a nearby message through one process reaches a listener near the sender on the other, not a far one', async () => {
    const [at, far] = openSpots(await loadCoreForBun(), 777, 2) as [{ x: number; y: number }, { x: number; y: number }];
    const placed = async (server: ServerProcess, p: { x: number; y: number }) => {
      const c = await seated(server);
      const pg = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await pg`insert into players (user_id, world_id, name, x, y, color) values (${c.id}, 'default', ${c.username}, ${p.x}, ${p.y}, '#fff')`;
      } finally {
        await pg.end();
      }
      return c;
    };
    const speaker = await placed(p2, at);
    const near = await placed(p1, { x: at.x + 20, y: at.y });
    const away = await placed(p1, far);
    const own = open(speaker);
    await own.next('players_list');
    const heard = open(near);
    await heard.next('players_list');
    const notHeard = open(away);
    await notHeard.next('players_list');
    // The speaker's process learns where the listeners stand from the other's presence on the bus.
    await own.next('player_joined', (m) => m.player.id === away.id, 5_000).catch(() => undefined);

    const sent = await speaker.post('/api/world/default/chat', { message: 'close by, p2 to p1', channel: 'nearby' });
    expect(sent.status).toBe(201);
    const { message } = (await sent.json()) as { message: ChatMessage };
    expect((await heard.next('chat_message', (m) => m.message.id === message.id, 5_000)).message).toEqual(message);
    // A radio message after it reaches the whole world through the same bus, in order: once the far listener has it,
    // a nearby frame addressed to them would have come first.
    await radioOn(speaker.id);
    const later = await speaker.post('/api/world/default/chat', { message: 'on the radio, after' });
    expect(later.status).toBe(201);
    const { message: barrier } = (await later.json()) as { message: ChatMessage };
    await notHeard.next('chat_message', (m) => m.message.id === barrier.id, 5_000);
    expect(notHeard.received.flatMap((m) => (m.type === 'chat_message' ? [m.message.id] : []))).toEqual([barrier.id]);
  }, 30_000);

  test('a rename through one process relabels the survivor for observers on the other', async () => {
    const observer = await seated(p1);
    const renamer = await seated(p2);
    const watching = open(observer);
    await watching.next('players_list');
    const own = open(renamer);
    await own.next('players_list');
    await watching.next('player_joined', (m) => m.player.id === renamer.id, 5_000);

    expect((await renamer.patch('/api/user/display-name', { displayName: 'Far Away Fay' })).status).toBe(200);
    const update = await watching.next('player_updated', (m) => m.player.id === renamer.id, 5_000);
    expect(update.player).toMatchObject({ id: renamer.id, name: renamer.username, displayName: 'Far Away Fay' });
    // The renamer's own process tells its sockets too.
    await own.next('player_updated', (m) => m.player.id === renamer.id, 5_000);

    // Later lists on the observer's process carry the new name (its presence entry was updated, not only the frame).
    const listed = (await observer.json(observer.get('/api/world/default/players'))) as {
      id: string;
      displayName: string | null;
    }[];
    expect(listed.find((p) => p.id === renamer.id)?.displayName).toBe('Far Away Fay');
  }, 30_000);
});
