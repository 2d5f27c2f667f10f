import { describe, expect, test } from 'bun:test';
import type { ChatMessage } from '../../../../api/contract/protocol.ts';
import { CHAT_BUBBLE_MS } from '../../../../api/game/chat.ts';
import { addBubble, bubbleLines, liveBubbles } from './bubbles.ts';

const say = (playerId: string, message: string, channel: ChatMessage['channel'] = 'nearby'): ChatMessage => ({
  id: `${playerId}-${message}`,
  playerId,
  displayName: playerId,
  message,
  createdAt: '2026-01-01T00:00:00.000Z',
  channel,
});

describe('speech bubbles', () => {
  test('nearby messages only, the newest per sender, gone after CHAT_BUBBLE_MS', () => {
    let list = addBubble([], say('a', 'hi'), 0);
    list = addBubble(list, say('b', 'radio talk', 'radio'), 10);
    list = addBubble(list, say('a', 'over here'), 20);
    list = addBubble(list, say('c', 'hey'), 30);
    expect(list.map((b) => [b.playerId, b.text])).toEqual([
      ['a', 'over here'],
      ['c', 'hey'],
    ]);
    expect(liveBubbles(list, 20 + CHAT_BUBBLE_MS).map((b) => b.playerId)).toEqual(['c']);
    expect(liveBubbles(list, 30 + CHAT_BUBBLE_MS)).toEqual([]);
  });

  test('lines wrap at about 28 characters, at most three, an ellipsis when cut; long words are split', () => {
    expect(bubbleLines('hello there')).toEqual(['hello there']);
    expect(bubbleLines('the quick brown fox jumps over the lazy dog')).toEqual([
      'the quick brown fox jumps',
      'over the lazy dog',
    ]);
    const long = bubbleLines('word '.repeat(60));
    expect(long).toHaveLength(3);
    expect(long[2]!.endsWith('…')).toBe(true);
    expect(bubbleLines('x'.repeat(40))).toEqual(['x'.repeat(28), 'x'.repeat(12)]);
  });
});
