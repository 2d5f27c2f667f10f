import { type } from 'arktype';
import { CHAT_CHANNELS, CHAT_MESSAGE_MAX, CHAT_TEXT } from '../game/chat.ts';
import { ChatMessage } from './protocol.ts';
import { safeString } from './text.ts';

/** Chat (radio and nearby voice) and the mute list on the wire; the rules are in api/game/chat.ts. */

/**
 * POST /api/world/{id}/chat. Trimmed; 1–200 characters after trimming; plain text, never markup. The refusals are
 * the words the client shows (CHAT_TEXT), not arktype's.
 */
export const ChatPostBody = type({
  message: safeString
    .pipe((s) => s.trim())
    .narrow((s, ctx) =>
      s.length === 0
        ? ctx.reject({ message: CHAT_TEXT.empty })
        : s.length > CHAT_MESSAGE_MAX
          ? ctx.reject({ message: CHAT_TEXT.tooLong })
          : true,
    ),
  /** 'radio' (the default: the whole world, a Portable Radio worn) or 'nearby' (those within the sender's vision). */
  'channel?': type.enumerated(...CHAT_CHANNELS),
});
export type ChatPostBody = typeof ChatPostBody.infer;

/** GET /api/world/{id}/chat: the radio's latest messages, oldest first, without those of players the caller muted. */
export const ChatHistory = type({ messages: ChatMessage.array() });
export type ChatHistory = typeof ChatHistory.infer;
/** POST answers the stored message (also sent live as chat_message: to the world on the radio, to those near when nearby). */
export const ChatPosted = type({ message: ChatMessage });

/** A muted player: the id is the sender id chat messages and the online list carry. */
export const MutedPlayer = type({ playerId: 'string', name: 'string' });
/** PUT and DELETE /api/player/mutes/{playerId}: a player id is its user's id, a UUID. */
export const MuteParams = type({ playerId: type('string.uuid').describe('a player id') });
export type MutedPlayer = typeof MutedPlayer.infer;
/** GET /api/player/mutes; PUT and DELETE /api/player/mutes/{playerId} answer the list after the change. */
export const MuteList = type({ mutes: MutedPlayer.array() });
export type MuteList = typeof MuteList.infer;
