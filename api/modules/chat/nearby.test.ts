/**
 * Nearby voice over HTTP and WebSockets on both databases: survivors without radios hear each other when they stand
 * within the sender's vision, a far one hears nothing; the radio stays the whole world's; slow mode counts both
 * channels; nearby messages never enter the radio's history.
 */
import { describe, expect, test } from 'bun:test';
import { playerEquipment } from '../../../db/schema/index.ts';
import type { ChatHistory, ChatPostBody } from '../../contract/chat.ts';
import type { ChatMessage } from '../../contract/protocol.ts';
import { CHAT_SLOW_MESSAGES, CHAT_TEXT, nearbyListeners } from '../../game/chat.ts';
import type { TestClient } from '../../testing/client.ts';
import { backends } from '../../testing/databases.ts';
import { chatWorld } from '../../testing/chat.ts';
import type { Player } from '../../testing/settlements.ts';

const SEED = 5252;
const W = 'default';
const CHAT = `/api/world/${W}/chat`;

test('nearbyListeners: those within the radius (its edge included), nobody beyond', () => {
  const present = [
    { id: 'here', x: 0, y: 0 },
    { id: 'edge', x: 30, y: 40 },
    { id: 'past', x: 30, y: 40.01 },
    { id: 'far', x: -900, y: 0 },
  ];
  expect(nearbyListeners({ x: 0, y: 0 }, 50, present)).toEqual(['here', 'edge']);
  expect(nearbyListeners({ x: 0, y: 0 }, 0, present)).toEqual(['here']);
});

describe.each(backends())('nearby voice on %s', (backend) => {
  const chat = chatWorld(backend, SEED);

  const say = (c: TestClient, message: string, channel?: ChatPostBody['channel']) =>
    c.post(CHAT, channel ? ({ message, channel } satisfies ChatPostBody) : { message });
  const listening = async (c: Player) => {
    const s = chat.open(c);
    await s.next('players_list');
    return s;
  };
  /** Two survivors 20 units apart (inside any vision, day or night) and a third one spot away (far beyond). */
  const trio = async () => {
    const at = chat.f.spot();
    const far = chat.f.spot();
    const a = await chat.f.playerAt(at);
    const b = await chat.f.playerAt({ x: at.x + 20, y: at.y });
    const c = await chat.f.playerAt(far);
    return { a, b, c, sa: await listening(a), sb: await listening(b), sc: await listening(c) };
  };

  test('two survivors without radios near each other hear each other; a far third hears nothing', async () => {
    const { a, b, sa, sb, sc } = await trio();
    const sent = await say(a, 'psst, over here', 'nearby');
    expect(sent.status).toBe(201);
    const { message } = (await sent.json()) as { message: ChatMessage };
    expect(message).toMatchObject({ playerId: a.id, message: 'psst, over here', channel: 'nearby' });

    expect((await sb.next('chat_message', (m) => m.message.id === message.id, 5_000)).message).toEqual(message);
    expect((await sa.next('chat_message', (m) => m.message.id === message.id, 5_000)).message).toEqual(message);

    const reply = (await (await say(b, 'who goes there', 'nearby')).json()) as { message: ChatMessage };
    await sa.next('chat_message', (m) => m.message.id === reply.message.id, 5_000);

    // The far one's socket is live (a radio message reaches it) yet heard neither nearby message.
    await chat.server.database.db
      .insert(playerEquipment)
      .values({ userId: b.id, worldId: W, slot: 'communication', itemName: 'Portable Radio', quality: 50 });
    const radio = (await (await say(b, 'on the air')).json()) as { message: ChatMessage };
    expect(radio.message.channel).toBe('radio');
    await sc.next('chat_message', (m) => m.message.id === radio.message.id, 5_000);
    const heardFar = sc.received.filter((m) => m.type === 'chat_message').map((m) => m.message.id);
    expect(heardFar).toEqual([radio.message.id]);
    for (const s of [sa, sb, sc]) s.assertFramesValid();
  }, 30_000);

  test('the radio still needs a Portable Radio (403, also as the default channel); nearby needs none', async () => {
    const { a } = await trio();
    for (const channel of [undefined, 'radio'] as const) {
      const refused = await say(a, 'anyone?', channel);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(CHAT_TEXT.noRadio);
    }
    expect((await say(a, 'anyone near?', 'nearby')).status).toBe(201);
    expect((await a.post(CHAT, { message: 'hi', channel: 'shout' })).status).toBe(400);
  }, 30_000);

  test('nearby messages stay out of the radio history; slow mode counts both channels', async () => {
    const { a, b } = await trio();
    await chat.server.database.db
      .insert(playerEquipment)
      .values({ userId: a.id, worldId: W, slot: 'communication', itemName: 'Portable Radio', quality: 50 });
    const statuses: number[] = [];
    for (let i = 0; i < CHAT_SLOW_MESSAGES; i++) statuses.push((await say(a, `m${i}`, i % 2 ? 'radio' : 'nearby')).status);
    expect(statuses).toEqual(Array(CHAT_SLOW_MESSAGES).fill(201));
    for (const channel of ['nearby', 'radio'] as const) {
      const held = await say(a, 'one too many', channel);
      expect(held.status).toBe(429);
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    const history = (await b.json<ChatHistory>(b.get(CHAT))).messages.filter((m) => m.playerId === a.id);
    expect(history.map((m) => m.message)).toEqual(['m1', 'm3']);
    expect(history.every((m) => m.channel === 'radio')).toBe(true);
    chat.ahead += 11_000;
    expect((await say(a, 'after the window', 'nearby')).status).toBe(201);
  }, 30_000);
});
