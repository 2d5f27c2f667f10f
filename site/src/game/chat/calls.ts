/** The chat and mute routes (api/modules/chat) through the typed client, bound to one world. */
import { api, unwrap } from '../../lib/api.ts';
import type { ChatCalls } from './actions.ts';

export function chatCalls(worldId: string): ChatCalls {
  const chat = api.api.world({ worldId }).chat;
  const muted = (playerId: string) => api.api.player.mutes({ playerId });
  return {
    history: async () => (await unwrap(chat.get())).messages,
    post: async (message, channel) => (await unwrap(chat.post({ message, channel }))).message,
    mutes: async () => (await unwrap(api.api.player.mutes.get())).mutes,
    mute: async (playerId) => (await unwrap(muted(playerId).put())).mutes,
    unmute: async (playerId) => (await unwrap(muted(playerId).delete())).mutes,
  };
}
