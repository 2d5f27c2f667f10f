/**
 * The radio as the islands show it: the messages heard this session, the overlay's arrivals, the mute list. The
 * logic that fills them is in site/src/game/chat/; these are plain state plus what follows from it.
 */
import { atom, computed } from 'nanostores';
import type { MutedPlayer } from '../../../api/contract/chat.ts';
import type { ChatMessage } from '../../../api/contract/protocol.ts';
import { withoutMuted } from '../game/chat/messages.ts';
import type { Arrival } from '../game/chat/overlay.ts';

/** Every message heard (history, live, polls, own posts), oldest first, each once. */
export const $chatMessages = atom<readonly ChatMessage[]>([]);
/** Messages that arrived after the history was loaded, for the desktop overlay (the latest CHAT_OVERLAY_KEPT). */
export const $chatArrivals = atom<readonly Arrival[]>([]);
/** Players this survivor muted (GET /api/player/mutes, then each PUT/DELETE's answer). */
export const $mutes = atom<readonly MutedPlayer[]>([]);
/** A message being sent: the inputs wait for it. */
export const $chatSending = atom(false);

export const $mutedIds = computed($mutes, (mutes) => new Set(mutes.map((m) => m.playerId)));
/** What the panel lists and the overlay floats: the messages of muted players are hidden here too. */
export const $visibleChat = computed([$chatMessages, $mutedIds], withoutMuted);

export function resetChatStores(): void {
  $chatMessages.set([]);
  $chatArrivals.set([]);
  $mutes.set([]);
  $chatSending.set(false);
}
