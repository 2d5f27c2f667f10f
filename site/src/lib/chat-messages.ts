/**
 * The radio's message list on the client: history (GET), live chat_message frames, the fallback poll and the answer
 * to one's own POST all land here, so a message heard twice is kept once (by id). Pure.
 */
import type { ChatMessage } from '../../../api/contract/protocol.ts';
import { CHAT_HISTORY_LIMIT } from '../../../api/game/chat.ts';

/** The client keeps a little more than one history answer, so a long session does not grow without end. */
export const CHAT_KEPT_LOCALLY = CHAT_HISTORY_LIMIT * 2;

/** Eden turns ISO strings into Dates on REST answers: accept either, keep the wire's string. */
export type ReceivedMessage = Omit<ChatMessage, 'createdAt'> & { createdAt: string | Date };
export const toChatMessage = (m: ReceivedMessage): ChatMessage => ({
  id: m.id,
  playerId: m.playerId,
  displayName: m.displayName,
  message: m.message,
  createdAt: new Date(m.createdAt).toISOString(),
  channel: m.channel,
});

const byTime = (a: ChatMessage, b: ChatMessage) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * `current` plus `incoming` without repeats, oldest first, the last CHAT_KEPT_LOCALLY; `fresh` lists the ids that
 * were not there before (in arrival order), for the overlay.
 */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): { messages: ChatMessage[]; fresh: string[] } {
  const seen = new Set(current.map((m) => m.id));
  const fresh: string[] = [];
  const added: ChatMessage[] = [];
  for (const m of incoming) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    fresh.push(m.id);
    added.push(m);
  }
  if (added.length === 0) return { messages: current as ChatMessage[], fresh };
  const messages = [...current, ...added].sort(byTime).slice(-CHAT_KEPT_LOCALLY);
  return { messages, fresh };
}

/** What the survivor sees: everything but the messages of players they muted (the server filters history too). */
export function withoutMuted(messages: readonly ChatMessage[], muted: ReadonlySet<string>): ChatMessage[] {
  return muted.size === 0 ? [...messages] : messages.filter((m) => !muted.has(m.playerId));
}
