/** The chat and mute routes (api/modules/chat) bound to one world. */
import type { ChatHistory, ChatPostBody, MuteList } from '../../../../api/contract/chat.ts';
import type { ChatMessage } from '../../../../api/contract/protocol.ts';
import { apiFetch } from '../../lib/api.ts';
import type { ChatCalls } from './actions.ts';

export function chatCalls(worldId: string): ChatCalls {
  const chat = `/api/world/${encodeURIComponent(worldId)}/chat`;
  const mute = (playerId: string) => `/api/player/mutes/${encodeURIComponent(playerId)}`;
  return {
    history: async () => (await apiFetch<ChatHistory>(chat)).messages,
    post: async (message) =>
      (
        await apiFetch<{ message: ChatMessage }>(chat, {
          method: 'POST',
          body: JSON.stringify({ message } satisfies ChatPostBody),
        })
      ).message,
    mutes: async () => (await apiFetch<MuteList>('/api/player/mutes')).mutes,
    mute: async (playerId) => (await apiFetch<MuteList>(mute(playerId), { method: 'PUT' })).mutes,
    unmute: async (playerId) => (await apiFetch<MuteList>(mute(playerId), { method: 'DELETE' })).mutes,
  };
}
