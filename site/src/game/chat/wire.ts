/**
 * Wires chat to the live page: the radio's history at the start, each chat_message frame (radio and nearby), GET
 * every CHAT_POLL_MS while the socket is down and once when it is back (to fill the gap), the mute list once.
 * Messages that arrive after the start also float in the overlay and, while no message list is in view, count as
 * unread; nearby ones float over their sender on the map (wireChatBubbles). The islands call send/mute/unmute
 * through $chatActions.
 */
import { atom } from 'nanostores';
import { CHAT_POLL_MS } from '../../../../api/game/chat.ts';
import { toast } from '../../stores/toast.ts';
import { $chatArrivals, $chatInView, $chatMessages, $chatUnread, $mutedIds, $mutes, resetChatStores } from '../../stores/chat.ts';
import { $me } from '../../stores/game.ts';
import type { SurvivorsLayer } from '../players/layer.ts';
import type { GameSession } from '../session/context.ts';
import { handleUnauthorized } from '../session/unauthorized.ts';
import { type ChatActions, type ChatCalls, createChatActions } from './actions.ts';
import { chatCalls } from './calls.ts';
import { mergeMessages, type ReceivedMessage, toChatMessage } from '../../lib/chat-messages.ts';
import { ChatBubbleLayer } from './bubbles.ts';
import { addArrivals } from './overlay.ts';

export const $chatActions = atom<ChatActions | null>(null);

type ChatSession = Pick<GameSession, 'worldId' | 'live' | 'interval' | 'onStop' | 'failed'>;

export function wireChat(
  s: ChatSession,
  calls: ChatCalls = chatCalls(s.worldId),
  now: () => number = Date.now,
  showToast: typeof toast = toast,
): void {
  resetChatStores();

  const inView = () => {
    const v = $chatInView.get();
    return v.phone || v.sidebar;
  };
  s.onStop(
    $chatInView.subscribe((v) => {
      if (v.phone || v.sidebar) $chatUnread.set(0);
    }),
  );

  /**
   * Adds messages; `float` puts the new ones (not a muted sender's) in the overlay and counts others' as unread
   * while no list shows them (one's own post floats but is never unread).
   */
  const hear = (received: readonly ReceivedMessage[], float: boolean, own = false) => {
    const { messages, fresh } = mergeMessages($chatMessages.get(), received.map(toChatMessage));
    if (fresh.length === 0) return;
    $chatMessages.set(messages);
    if (!float) return;
    const muted = $mutedIds.get();
    const senders = new Map(messages.map((m) => [m.id, m.playerId]));
    const floating = fresh.filter((id) => !muted.has(senders.get(id) ?? ''));
    $chatArrivals.set(addArrivals($chatArrivals.get(), floating, now()));
    const myId = $me.get()?.id;
    const unread = own ? 0 : floating.filter((id) => senders.get(id) !== myId).length;
    if (unread && !inView()) $chatUnread.set($chatUnread.get() + unread);
  };
  const load = async (float: boolean) => {
    try {
      hear(await calls.history(), float);
    } catch (err) {
      s.failed('chat history', err);
    }
  };

  const actions = createChatActions({
    calls,
    toast: showToast,
    unauthorized: handleUnauthorized,
    heard: (m) => hear([m], true, true),
    reload: () => void load(false),
  });
  $chatActions.set(actions);
  s.onStop(() => {
    if ($chatActions.get() === actions) $chatActions.set(null);
  });

  void load(false);
  void (async () => {
    try {
      $mutes.set(await calls.mutes());
    } catch (err) {
      s.failed('mute list', err);
    }
  })();

  s.onStop(s.live.on('chatMessage', (m) => hear([m], true)));
  // The spec's 8 s poll, only while the socket is down: live frames carry the radio otherwise.
  let down = false;
  s.onStop(
    s.live.on('status', (status) => {
      if (status === 'reconnecting' || status === 'closed') down = true;
    }),
  );
  s.onStop(
    s.live.on('connected', () => {
      if (!down) return;
      down = false;
      void load(true);
    }),
  );
  s.interval(() => (down ? load(true) : undefined), CHAT_POLL_MS);
}

/**
 * Nearby messages as speech bubbles over their senders (drawn where the survivors layer draws them: not over one out
 * of your sight, whose words still reach the chat).
 */
export function wireChatBubbles(s: Pick<GameSession, 'live' | 'onStop' | 'player' | 'engine'>, survivors: SurvivorsLayer): void {
  const layer = new ChatBubbleLayer(
    s.player.id,
    (id, now, me) => survivors.at(now, me).find((o) => o.id === id && o.visible) ?? null,
  );
  s.onStop(s.engine.addLayer(layer));
  s.onStop(
    s.live.on('chatMessage', (m) => {
      if (!$mutedIds.get().has(m.playerId)) layer.heard(toChatMessage(m));
    }),
  );
}
