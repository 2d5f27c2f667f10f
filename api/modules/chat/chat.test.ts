import { describe, expect, test } from 'bun:test';
import { chatMessages, playerEquipment, playerMutes, users } from '../../../db/schema/index.ts';
import type { ChatHistory, ChatPostBody, MuteList } from '../../contract/chat.ts';
import type { ChatMessage } from '../../contract/protocol.ts';
import {
  CHAT_HISTORY_LIMIT,
  CHAT_MESSAGE_MAX,
  CHAT_MUTE_LIMIT,
  CHAT_SLOW_MESSAGES,
  CHAT_SLOW_WINDOW_MS,
  CHAT_TEXT,
} from '../../game/chat.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { backends } from '../../testing/databases.ts';
import { chatWorld } from '../../testing/chat.ts';
import type { Player } from '../../testing/settlements.ts';

const SEED = 5151;
const W = 'default';
const CHAT = `/api/world/${W}/chat`;

describe.each(backends())('radio chat on %s', (backend) => {
  const chat = chatWorld(backend, SEED);

  /** A seated survivor in the world (entered over HTTP, at the world's spawn). */
  const seated = async (): Promise<Player> => {
    const c = new TestClient(chat.server.url) as Player;
    c.username = uniqueName('ch');
    c.id = (await c.register(c.username)).id;
    expect((await c.post('/api/lobby/join-game')).status).toBe(200);
    expect((await c.get('/api/world/default')).status).toBe(200);
    return c;
  };
  /** Puts a Portable Radio on the survivor (the equip route itself is covered by the radio gate test). */
  const radioOn = async (c: Player) => {
    await chat.server.database.db
      .insert(playerEquipment)
      .values({ userId: c.id, worldId: W, slot: 'communication', itemName: 'Portable Radio', quality: 50 });
    return c;
  };
  const operator = async () => radioOn(await seated());
  const say = (c: TestClient, message: string) => c.post(CHAT, { message } satisfies ChatPostBody);
  const history = async (c: TestClient) => (await c.json<ChatHistory>(c.get(CHAT))).messages;
  const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;
  const open = (c: TestClient) => chat.open(c);
  const storedFrom = async (userId: string) =>
    (await chat.server.database.db.select().from(chatMessages)).filter((r) => r.userId === userId);

  test('sending needs a Portable Radio equipped: 403 with its words, then 201 once the radio is worn', async () => {
    const { c } = await chat.f.founded({ 'Portable Radio': 1 });
    const refused = await say(c, 'anyone out there?');
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(CHAT_TEXT.noRadio);
    expect(await storedFrom(c.id)).toEqual([]);

    const pack = (await c.json(c.get('/api/player/inventory?worldId=default'))).items as { id: string; itemName: string }[];
    const radio = pack.find((i) => i.itemName === 'Portable Radio')!;
    const equipped = await c.post('/api/player/equipment/equip', { itemId: radio.id, slot: 'communication', worldId: W });
    expect(equipped.status).toBe(200);

    const sent = await say(c, 'anyone out there?');
    expect(sent.status).toBe(201);
    const { message } = (await sent.json()) as { message: ChatMessage };
    expect(message).toMatchObject({ playerId: c.id, displayName: c.username, message: 'anyone out there?' });
    expect(Number.isNaN(Date.parse(message.createdAt))).toBe(false);
    expect((await history(c)).at(-1)).toEqual(message);
  });

  test('visitors get 401 on every chat and mute call; an unknown world 404', async () => {
    const visitor = new TestClient(chat.server.url);
    const someone = crypto.randomUUID();
    expect((await visitor.get(CHAT)).status).toBe(401);
    expect((await say(visitor, 'hello')).status).toBe(401);
    expect((await visitor.get('/api/player/mutes')).status).toBe(401);
    expect((await visitor.request('PUT', `/api/player/mutes/${someone}`)).status).toBe(401);
    expect((await visitor.request('DELETE', `/api/player/mutes/${someone}`)).status).toBe(401);

    const c = await operator();
    expect((await c.get('/api/world/nowhere/chat')).status).toBe(404);
    expect((await c.post('/api/world/nowhere/chat', { message: 'hi' })).status).toBe(404);
  });

  test('a message is trimmed to 1–200 characters (empty, blank or 201 refused with 400, nothing stored); markup is kept verbatim', async () => {
    const c = await operator();
    for (const [body, words] of [
      [{ message: '' }, CHAT_TEXT.empty],
      [{ message: '   \u00a0 ' }, CHAT_TEXT.empty],
      [{ message: 'x'.repeat(CHAT_MESSAGE_MAX + 1) }, CHAT_TEXT.tooLong],
    ] as const) {
      const res = await c.post(CHAT, body);
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toContain(words);
    }
    for (const body of [{}, { message: 42 }, { message: 'line\nbreak' }, 'not json']) {
      expect((await c.post(CHAT, body)).status).toBe(400);
    }
    expect(await storedFrom(c.id)).toEqual([]);

    const longest = 'y'.repeat(CHAT_MESSAGE_MAX);
    expect((await say(c, `  ${longest}  `)).status).toBe(201);
    const markup = `<img src=x onerror="alert(1)"> & <b>bold</b> 'quoted' \\ {{x}}`;
    expect((await say(c, markup)).status).toBe(201);
    const mine = (await history(c)).filter((m) => m.playerId === c.id).map((m) => m.message);
    expect(mine).toEqual([longest, markup]);
    expect((await storedFrom(c.id)).map((r) => r.message)).toEqual([longest, markup]);
  });

  test(`history: the latest ${CHAT_HISTORY_LIMIT}, oldest first`, async () => {
    const c = await operator();
    const rows = Array.from({ length: CHAT_HISTORY_LIMIT + 7 }, (_, i) => ({
      worldId: W,
      userId: c.id,
      displayName: c.username,
      message: `old ${i}`,
      createdAt: new Date(Date.now() - 3600_000 + i),
    }));
    await chat.server.database.db.insert(chatMessages).values(rows);
    expect((await say(c, 'newest')).status).toBe(201);
    const seen = await history(c);
    expect(seen.length).toBe(CHAT_HISTORY_LIMIT);
    expect(seen.at(-1)!.message).toBe('newest');
    expect(seen.at(-2)!.message).toBe(`old ${CHAT_HISTORY_LIMIT + 6}`);
    const ids = seen.map((m) => Number(m.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  test(`slow mode: the ${CHAT_SLOW_MESSAGES + 1}th message within ${CHAT_SLOW_WINDOW_MS / 1000} s is 429 with Retry-After and not stored; after the window it goes`, async () => {
    const c = await operator();
    const sent = await Promise.all(Array.from({ length: CHAT_SLOW_MESSAGES }, (_, i) => say(c, `burst ${i}`)));
    expect(sent.map((r) => r.status)).toEqual(Array(CHAT_SLOW_MESSAGES).fill(201));
    const held = await say(c, 'one too many');
    expect(held.status).toBe(429);
    const retry = Number(held.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(CHAT_SLOW_WINDOW_MS / 1000);
    expect(await messageOf(held)).toMatch(/^Too many messages/);
    expect(held.headers.get('content-type')).toContain('application/json');
    expect(await storedFrom(c.id)).toHaveLength(CHAT_SLOW_MESSAGES);

    // Concurrent sends are counted one after another: a burst past the limit stores none of the extra ones.
    const other = await operator();
    const burst = await Promise.all(Array.from({ length: CHAT_SLOW_MESSAGES + 4 }, (_, i) => say(other, `race ${i}`)));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(CHAT_SLOW_MESSAGES);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(4);
    expect(await storedFrom(other.id)).toHaveLength(CHAT_SLOW_MESSAGES);

    chat.ahead += CHAT_SLOW_WINDOW_MS;
    expect((await say(c, 'after the wait')).status).toBe(201);
  });

  test('mutes: hide the muted sender from the history, outlive a new session, list names; unmute brings them back', async () => {
    const [a, b] = [await operator(), await operator()];
    expect((await say(b, 'noise from b')).status).toBe(201);
    expect((await history(a)).some((m) => m.playerId === b.id)).toBe(true);

    const put = await a.request('PUT', `/api/player/mutes/${b.id}`);
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ mutes: [{ playerId: b.id, name: b.username }] } satisfies MuteList);
    // Again: nothing changes.
    expect(await a.json(a.request('PUT', `/api/player/mutes/${b.id}`))).toEqual({
      mutes: [{ playerId: b.id, name: b.username }],
    });
    expect((await history(a)).some((m) => m.playerId === b.id)).toBe(false);
    // Only a's view: b and everyone else still see b.
    expect((await history(b)).some((m) => m.message === 'noise from b')).toBe(true);

    // A fresh sign-in (a reload, another device) reads the same list.
    const again = new TestClient(chat.server.url);
    expect((await again.post('/api/auth/login', { username: a.username, password: 'correct horse battery' })).status).toBe(200);
    expect(await again.json(again.get('/api/player/mutes'))).toEqual({ mutes: [{ playerId: b.id, name: b.username }] });
    expect((await history(again)).some((m) => m.playerId === b.id)).toBe(false);

    // The list shows the name they go by now.
    expect((await b.patch('/api/user/display-name', { displayName: 'Loud Bob' })).status).toBe(200);
    expect((await a.json<MuteList>(a.get('/api/player/mutes'))).mutes).toEqual([{ playerId: b.id, name: 'Loud Bob' }]);

    const del = await a.request('DELETE', `/api/player/mutes/${b.id}`);
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ mutes: [] });
    expect((await a.request('DELETE', `/api/player/mutes/${b.id}`)).status).toBe(200);
    expect((await history(a)).some((m) => m.playerId === b.id)).toBe(true);
  });

  test('mute refusals: yourself 400, an unknown player 404, a malformed id 400, past the limit 409', async () => {
    const a = await seated();
    const self = await a.request('PUT', `/api/player/mutes/${a.id}`);
    expect(self.status).toBe(400);
    expect(await messageOf(self)).toBe(CHAT_TEXT.muteSelf);
    const unknown = await a.request('PUT', `/api/player/mutes/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toBe(CHAT_TEXT.unknownPlayer);
    for (const bad of ['abc', '1', `${a.id}x`, '%00']) {
      expect((await a.request('PUT', `/api/player/mutes/${bad}`)).status).toBe(400);
      expect((await a.request('DELETE', `/api/player/mutes/${bad}`)).status).toBe(400);
    }
    expect(await a.json(a.get('/api/player/mutes'))).toEqual({ mutes: [] });

    // A full list (written directly: two hundred accounts over HTTP would only slow the test down).
    const others = Array.from({ length: CHAT_MUTE_LIMIT }, (_, i) => ({
      id: crypto.randomUUID(),
      username: `mute_${i}_${a.id.slice(0, 8)}`,
      usernameKey: `mute_${i}_${a.id.slice(0, 8)}`,
      passwordHash: 'x',
    }));
    await chat.server.database.db.insert(users).values(others);
    await chat.server.database.db.insert(playerMutes).values(others.map((o) => ({ muterId: a.id, mutedId: o.id })));
    const b = await seated();
    const full = await a.request('PUT', `/api/player/mutes/${b.id}`);
    expect(full.status).toBe(409);
    expect(await messageOf(full)).toBe(CHAT_TEXT.muteFull);
    expect((await a.json<MuteList>(a.get('/api/player/mutes'))).mutes).toHaveLength(CHAT_MUTE_LIMIT);
    // Muting someone already muted is still fine at the limit, and unmuting makes room.
    expect((await a.request('PUT', `/api/player/mutes/${others[0]!.id}`)).status).toBe(200);
    expect((await a.request('DELETE', `/api/player/mutes/${others[0]!.id}`)).status).toBe(200);
    expect((await a.request('PUT', `/api/player/mutes/${b.id}`)).status).toBe(200);
  });

  test('live: another player’s socket hears chat_message; a rename reaches the world as player_updated and later lists', async () => {
    const [a, b] = [await operator(), await operator()];
    const sa = open(a);
    await sa.next('players_list');
    const sb = open(b);
    await sb.next('players_list');

    const sent = await say(b, 'over the radio <3');
    expect(sent.status).toBe(201);
    const { message } = (await sent.json()) as { message: ChatMessage };
    expect((await sa.next('chat_message', (m) => m.message.id === message.id)).message).toEqual(message);
    // The sender hears it too (their other tabs and overlay go by the frame as well).
    await sb.next('chat_message', (m) => m.message.id === message.id);

    const renamed = await b.patch('/api/user/display-name', { displayName: '  Radio Ruth ' });
    expect(renamed.status).toBe(200);
    const update = await sa.next('player_updated', (m) => m.player.id === b.id);
    expect(update.player).toMatchObject({ id: b.id, name: b.username, displayName: 'Radio Ruth' });
    const listed = (await a.json(a.get('/api/world/default/players'))) as { id: string; displayName: string | null }[];
    expect(listed.find((p) => p.id === b.id)?.displayName).toBe('Radio Ruth');
    const reopened = open(a);
    const list = await reopened.next('players_list');
    expect(list.players.find((p) => p.id === b.id)?.displayName).toBe('Radio Ruth');
    // What b says from now on carries the new name; what was said keeps the old one.
    expect((await say(b, 'it is me')).status).toBe(201);
    const said = (await history(a)).filter((m) => m.playerId === b.id).map((m) => [m.displayName, m.message]);
    expect(said).toEqual([
      [b.username, 'over the radio <3'],
      ['Radio Ruth', 'it is me'],
    ]);
  });
});
