/**
 * Send (on the channel chosen: $chatChannel), mute and unmute: each call → server → the stores and a toast. The
 * server decides (the radio, slow mode, length); the client only trims and skips what could never pass. Dependencies are injected (chat/wire.ts wires the
 * real ones), so the flows are unit-tested without a browser.
 */
import type { MutedPlayer } from '../../../../api/contract/chat.ts';
import { isUnauthorizedError } from '../../../../api/contract/errors.ts';
import { CHAT_TEXT, type ChatChannel, cleanChatMessage } from '../../../../api/game/chat.ts';
import type { ToastInput } from '../../stores/toast.ts';
import { $chatChannel, $chatSending, $mutes } from '../../stores/chat.ts';
import type { ReceivedMessage } from '../../lib/chat-messages.ts';
import { CHAT_UI_TEXT, muteFailed, mutedToast, sendFailed, unmutedToast } from './text.ts';

export interface ChatCalls {
  history(): Promise<readonly ReceivedMessage[]>;
  post(message: string, channel: ChatChannel): Promise<ReceivedMessage>;
  mutes(): Promise<readonly MutedPlayer[]>;
  /** PUT and DELETE answer the list after the change. */
  mute(playerId: string): Promise<readonly MutedPlayer[]>;
  unmute(playerId: string): Promise<readonly MutedPlayer[]>;
}

export interface ChatActionDeps {
  calls: ChatCalls;
  toast(t: ToastInput): void;
  unauthorized(): void;
  /** A message the server accepted (also coming live: the store keeps it once). */
  heard(message: ReceivedMessage): void;
  /** Reload the history (after an unmute, the server lists that player's messages again). */
  reload(): void;
}

export interface ChatActions {
  /** True when the server took the message (the input then clears); an empty message sends nothing. */
  send(raw: string): Promise<boolean>;
  mute(player: MutedPlayer): Promise<void>;
  unmute(player: MutedPlayer): Promise<void>;
}

export function createChatActions(d: ChatActionDeps): ChatActions {
  const failed = (err: unknown, shown: ToastInput) => {
    if (isUnauthorizedError(err)) d.unauthorized();
    else d.toast(shown);
  };

  return {
    async send(raw) {
      const message = cleanChatMessage(raw);
      if (message === null) {
        // Empty is simply not sent (spec); too long cannot be typed past the input's limit, but say so if pasted.
        if (raw.trim().length > 0) d.toast(sendFailed(new Error(CHAT_TEXT.tooLong)));
        return false;
      }
      if ($chatSending.get()) return false;
      $chatSending.set(true);
      try {
        d.heard(await d.calls.post(message, $chatChannel.get()));
        return true;
      } catch (err) {
        console.warn('[chat] send failed', err);
        failed(err, sendFailed(err));
        return false;
      } finally {
        $chatSending.set(false);
      }
    },
    async mute(player) {
      try {
        $mutes.set(await d.calls.mute(player.playerId));
        d.toast(mutedToast(player.name));
      } catch (err) {
        failed(err, muteFailed(CHAT_UI_TEXT.failedToMute, err));
      }
    },
    async unmute(player) {
      try {
        $mutes.set(await d.calls.unmute(player.playerId));
        d.toast(unmutedToast(player.name));
        d.reload();
      } catch (err) {
        failed(err, muteFailed(CHAT_UI_TEXT.failedToUnmute, err));
      }
    },
  };
}
