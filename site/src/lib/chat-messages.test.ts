import { describe, expect, test } from 'bun:test';
import type { ChatMessage } from '../../../api/contract/protocol.ts';
import { CHAT_KEPT_LOCALLY, mergeMessages, toChatMessage, withoutMuted } from './chat-messages.ts';

const msg = (id: string, second: number, playerId = 'p1'): ChatMessage => ({
  id,
  playerId,
  displayName: playerId.toUpperCase(),
  message: `hello ${id}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString(),
  channel: 'radio',
});

describe('the radio’s message list', () => {
  test('a message heard twice (history, live frame, own post) is kept once; fresh lists only the new ones', () => {
    const first = mergeMessages([], [msg('a', 1), msg('b', 2)]);
    expect(first.fresh).toEqual(['a', 'b']);
    const again = mergeMessages(first.messages, [msg('b', 2), msg('c', 3), msg('c', 3)]);
    expect(again.messages.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(again.fresh).toEqual(['c']);
    const nothing = mergeMessages(again.messages, [msg('a', 1)]);
    expect(nothing.fresh).toEqual([]);
    expect(nothing.messages).toBe(again.messages);
  });

  test('ordered by time whatever the arrival order, and only the latest are kept', () => {
    const { messages } = mergeMessages([msg('late', 30)], [msg('early', 10), msg('mid', 20)]);
    expect(messages.map((m) => m.id)).toEqual(['early', 'mid', 'late']);
    const many = Array.from({ length: CHAT_KEPT_LOCALLY + 5 }, (_, i) => msg(`m${String(i).padStart(3, '0')}`, i));
    const kept = mergeMessages([], many).messages;
    expect(kept).toHaveLength(CHAT_KEPT_LOCALLY);
    expect(kept[0]!.id).toBe('m005');
  });

  test('REST answers with Dates become the wire’s ISO strings', () => {
    const m = msg('a', 1);
    expect(toChatMessage({ ...m, createdAt: new Date(m.createdAt) })).toEqual(m);
  });

  test('muted senders’ messages are hidden', () => {
    const list = [msg('a', 1, 'p1'), msg('b', 2, 'p2'), msg('c', 3, 'p1')];
    expect(withoutMuted(list, new Set(['p1'])).map((m) => m.id)).toEqual(['b']);
    expect(withoutMuted(list, new Set()).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });
});
