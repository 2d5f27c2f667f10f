import { beforeEach, describe, expect, test } from 'bun:test';
import type { MutedPlayer } from '../../../../api/contract/chat.ts';
import type { ChatMessage } from '../../../../api/contract/protocol.ts';
import { CHAT_POLL_MS, CHAT_TEXT } from '../../../../api/game/chat.ts';
import type { ToastInput } from '../../stores/toast.ts';
import {
  $chatArrivals,
  $chatChannelPick,
  $chatMessages,
  $chatUnread,
  $mutes,
  $visibleChat,
  setChatInView,
} from '../../stores/chat.ts';
import { $equipment } from '../../stores/equipment.ts';
import { LiveClient } from '../live/client.ts';
import { LiveEvents } from '../live/events.ts';
import { fakeLiveEnv } from '../live/test-socket.ts';
import type { ChatCalls } from './actions.ts';
import { $chatActions, wireChat } from './wire.ts';

const msg = (id: string, playerId = 'p2', second = Number(id.replace(/\D/g, '')) || 0): ChatMessage => ({
  id,
  playerId,
  displayName: playerId === 'me' ? 'Me' : 'Bea',
  message: `hello ${id}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString(),
  channel: 'radio',
});
const flush = () => new Promise((r) => setTimeout(r, 0));

/** A server in memory behind the ChatCalls the wiring uses; each call is recorded. */
function fakeServer(stored: ChatMessage[], mutes: MutedPlayer[] = []) {
  const requests: string[] = [];
  const channels: string[] = [];
  let refuse: Error | null = null;
  const calls: ChatCalls = {
    history: async () => {
      requests.push('GET chat');
      const muted = new Set(mutes.map((m) => m.playerId));
      return stored.filter((m) => !muted.has(m.playerId));
    },
    post: async (message, channel) => {
      requests.push(`POST ${message}`);
      channels.push(channel);
      if (refuse) throw refuse;
      const m = { ...msg(`m${stored.length + 100}`, 'me'), message };
      stored.push(m);
      return m;
    },
    mutes: async () => {
      requests.push('GET mutes');
      return [...mutes];
    },
    mute: async (playerId) => {
      requests.push(`PUT ${playerId}`);
      mutes.push({ playerId, name: 'Bea' });
      return [...mutes];
    },
    unmute: async (playerId) => {
      requests.push(`DELETE ${playerId}`);
      mutes.splice(
        mutes.findIndex((m) => m.playerId === playerId),
        1,
      );
      return [...mutes];
    },
  };
  return { calls, requests, channels, refuseWith: (err: Error | null) => (refuse = err) };
}

function harness(stored: ChatMessage[], mutes: MutedPlayer[] = []) {
  const fake = fakeLiveEnv();
  const live = new LiveEvents();
  const client = new LiveClient('ws://x/ws?worldId=default', live.handlers, fake.env);
  const server = fakeServer(stored, mutes);
  const intervals: { fn: () => unknown; ms: number }[] = [];
  const toasts: ToastInput[] = [];
  let now = 1_000_000;
  wireChat(
    {
      worldId: 'default',
      live,
      interval: (fn, ms) => intervals.push({ fn, ms }),
      onStop: () => {},
      failed: (what, err) => {
        throw new Error(`${what}: ${err}`);
      },
    },
    server.calls,
    () => now,
    (t) => {
      toasts.push(t);
      return 0;
    },
  );
  client.start();
  return {
    ...fake,
    ...server,
    toasts,
    tick: async () => {
      for (const i of intervals.filter((i) => i.ms === CHAT_POLL_MS)) await i.fn();
      await flush();
    },
    setNow: (t: number) => (now = t),
    ids: () => $visibleChat.get().map((m) => m.id),
    floating: () => $chatArrivals.get().map((a) => a.id),
    actions: () => $chatActions.get()!,
  };
}

describe('the radio on the live page', () => {
  beforeEach(() => $chatMessages.set([]));

  test('the history at the start does not float; each chat_message frame is listed once and floats', async () => {
    const h = harness([msg('m1'), msg('m2')]);
    await flush();
    expect(h.ids()).toEqual(['m1', 'm2']);
    expect(h.floating()).toEqual([]);
    const s = h.sockets[0]!;
    s.connect();
    s.serverSays({ type: 'chat_message', message: msg('m3') });
    s.serverSays({ type: 'chat_message', message: msg('m3') });
    s.serverSays({ type: 'chat_message', message: msg('m2') });
    expect(h.ids()).toEqual(['m1', 'm2', 'm3']);
    expect(h.floating()).toEqual(['m3']);
    expect($chatArrivals.get()[0]!.at).toBe(1_000_000);
  });

  test('others’ live messages count as unread while no list is in view (not one’s own post); a list in view clears it', async () => {
    setChatInView('phone', false);
    setChatInView('sidebar', false);
    const h = harness([msg('m1')]);
    await flush();
    expect($chatUnread.get()).toBe(0); // the history at the start is not news
    const s = h.sockets[0]!;
    s.connect();
    s.serverSays({ type: 'chat_message', message: msg('m2') });
    s.serverSays({ type: 'chat_message', message: { ...msg('m3'), channel: 'nearby' } });
    expect($chatUnread.get()).toBe(2);
    await h.actions().send('mine');
    expect($chatUnread.get()).toBe(2);
    setChatInView('phone', true);
    expect($chatUnread.get()).toBe(0);
    s.serverSays({ type: 'chat_message', message: msg('m4') });
    expect($chatUnread.get()).toBe(0);
    setChatInView('phone', false);
  });

  test('a send goes out on the chosen channel: Nearby without a radio, Radio with one, a pick wins', async () => {
    const h = harness([]);
    await flush();
    $equipment.set({ status: 'ready', items: [] });
    await h.actions().send('hello near');
    $equipment.set({ status: 'ready', items: [{ slot: 'communication', itemName: 'Portable Radio', quality: 50 } as never] });
    await h.actions().send('hello world');
    $chatChannelPick.set('nearby');
    await h.actions().send('hello again');
    expect(h.channels).toEqual(['nearby', 'radio', 'nearby']);
    $chatChannelPick.set(null);
    $equipment.set({ status: 'loading', items: [] });
  });

  test('the 8 s poll runs only while the socket is down, and once more when it is back', async () => {
    const stored = [msg('m1')];
    const h = harness(stored);
    await flush();
    const s = h.sockets[0]!;
    s.connect();
    await h.tick();
    expect(h.requests.filter((r) => r === 'GET chat')).toHaveLength(1); // the start only: the socket is up
    s.drop(1006);
    stored.push(msg('m2'));
    await h.tick();
    expect(h.requests.filter((r) => r === 'GET chat')).toHaveLength(2);
    expect(h.ids()).toEqual(['m1', 'm2']);
    expect(h.floating()).toEqual(['m2']);
    stored.push(msg('m3'));
    h.fireRetry();
    h.sockets[1]!.connect();
    await flush();
    expect(h.requests.filter((r) => r === 'GET chat')).toHaveLength(3);
    expect(h.ids()).toEqual(['m1', 'm2', 'm3']);
    await h.tick();
    expect(h.requests.filter((r) => r === 'GET chat')).toHaveLength(3);
  });

  test('send trims and posts; the answer and its live echo are one message; empty is not sent', async () => {
    const h = harness([]);
    await flush();
    expect(await h.actions().send('   ')).toBe(false);
    expect(await h.actions().send('  over and out  ')).toBe(true);
    expect(h.requests).toContain('POST over and out');
    expect(h.requests.filter((r) => r.startsWith('POST'))).toHaveLength(1);
    const mine = $chatMessages.get()[0]!;
    expect(mine.message).toBe('over and out');
    h.sockets[0]!.connect();
    h.sockets[0]!.serverSays({ type: 'chat_message', message: mine });
    expect(h.ids()).toEqual([mine.id]);
    expect(h.floating()).toEqual([mine.id]);
  });

  test('a refused send toasts “Failed to send message” with the server’s reason and keeps nothing', async () => {
    const h = harness([]);
    await flush();
    h.refuseWith(new Error(`403: ${CHAT_TEXT.noRadio}`));
    expect(await h.actions().send('anyone there?')).toBe(false);
    expect(h.toasts).toEqual([{ title: CHAT_TEXT.failedToSend, description: CHAT_TEXT.noRadio, variant: 'destructive' }]);
    expect(h.ids()).toEqual([]);
    // Too long to ever pass: said without asking the server.
    expect(await h.actions().send('x'.repeat(201))).toBe(false);
    expect(h.toasts[1]).toMatchObject({ title: CHAT_TEXT.failedToSend, description: CHAT_TEXT.tooLong });
    expect(h.requests.filter((r) => r.startsWith('POST'))).toHaveLength(1);
  });

  test('muting hides the sender’s messages at once, live ones too; unmuting brings their history back', async () => {
    const h = harness([msg('m1', 'p2'), msg('m2', 'p3')]);
    await flush();
    await h.actions().mute({ playerId: 'p2', name: 'Bea' });
    expect($mutes.get()).toEqual([{ playerId: 'p2', name: 'Bea' }]);
    expect(h.ids()).toEqual(['m2']);
    expect(h.toasts[0]!.title).toBe('Muted Bea');
    h.sockets[0]!.connect();
    h.sockets[0]!.serverSays({ type: 'chat_message', message: msg('m3', 'p2') });
    expect(h.ids()).toEqual(['m2']);
    expect(h.floating()).toEqual([]);
    await h.actions().unmute({ playerId: 'p2', name: 'Bea' });
    await flush();
    expect($mutes.get()).toEqual([]);
    expect(h.ids()).toEqual(['m1', 'm2', 'm3']);
    expect(h.floating()).toEqual([]); // history brought back is not news
  });

  test('the mute list is loaded once at the start and hides history and frames from the first', async () => {
    const h = harness([msg('m1', 'p2'), msg('m2', 'p3')], [{ playerId: 'p3', name: 'Cal' }]);
    await flush();
    expect(h.requests.filter((r) => r === 'GET mutes')).toHaveLength(1);
    h.sockets[0]!.connect();
    h.sockets[0]!.serverSays({ type: 'chat_message', message: msg('m3', 'p3') });
    expect(h.ids()).toEqual(['m1']);
  });
});
