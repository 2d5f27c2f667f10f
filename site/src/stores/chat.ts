/**
 * Chat as the islands show it: the messages heard this session (radio and nearby), the overlay's arrivals, the mute
 * list, the channel to send on and the unread count. The logic that fills them is in site/src/game/chat/; these are
 * plain state plus what follows from it.
 */
import { atom, computed } from 'nanostores';
import type { MutedPlayer } from '../../../api/contract/chat.ts';
import type { ChatMessage } from '../../../api/contract/protocol.ts';
import type { ChatChannel } from '../../../api/game/chat.ts';
import { $gear } from './equipment.ts';
import { withoutMuted } from '../lib/chat-messages.ts';
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

/** The channel the survivor picked this session; null follows the gear (chosenChannel). */
export const $chatChannelPick = atom<ChatChannel | null>(null);
/**
 * The channel a message goes out on: Nearby without a radio worn (whatever was picked while one was), else the pick,
 * else Radio.
 */
export const $chatChannel = computed(
  [$chatChannelPick, $gear],
  (pick, gear): ChatChannel => (gear.radio ? (pick ?? 'radio') : 'nearby'),
);

/** Where the message list is on screen now (the phone's Chat sheet, the sidebar's open Radio section): read there. */
export const $chatInView = atom<{ phone: boolean; sidebar: boolean }>({ phone: false, sidebar: false });
/** Messages from others heard live while no list was in view; cleared as soon as one is (chat/wire.ts). */
export const $chatUnread = atom(0);

export function setChatInView(where: 'phone' | 'sidebar', shown: boolean): void {
  const now = $chatInView.get();
  if (now[where] !== shown) $chatInView.set({ ...now, [where]: shown });
}

export function resetChatStores(): void {
  $chatMessages.set([]);
  $chatArrivals.set([]);
  $mutes.set([]);
  $chatSending.set(false);
  $chatChannelPick.set(null);
  $chatUnread.set(0);
}
