/** The radio's words that are the client's own (the rule texts are CHAT_TEXT in api/game/chat.ts). Pure. */
import { CHAT_TEXT, type ChatChannel } from '../../../../api/game/chat.ts';
import type { ToastInput } from '../../stores/toast.ts';
import { reasonOf } from '../equipment/text.ts';

export const CHAT_UI_TEXT = {
  failedToMute: 'Failed to mute player',
  failedToUnmute: 'Failed to unmute player',
  placeholder: 'Say something on the radio…',
  placeholderNearby: 'Say something to those nearby…',
  overlayHint: 'Enter to send · Esc to close',
  empty: 'No messages yet. Nearby reaches those you can see; the radio, everyone.',
} as const;

/** The channel picker's words, and the mark a nearby line carries. */
export const CHANNEL_LABEL: Record<ChatChannel, string> = { nearby: 'Nearby', radio: 'Radio' };

/** The message input's accessible name and placeholder on a channel. */
export const inputLabel = (channel: ChatChannel) => `${CHANNEL_LABEL[channel]} message`;
export const inputPlaceholder = (channel: ChatChannel) =>
  channel === 'radio' ? CHAT_UI_TEXT.placeholder : CHAT_UI_TEXT.placeholderNearby;

/** The Chat button's and Radio section's accessible name with the unread count ("Chat, 2 unread"). */
export const withUnread = (label: string, unread: number) => (unread > 0 ? `${label}, ${unread} unread` : label);

export const mutedToast = (name: string): ToastInput => ({ title: `Muted ${name}`, description: 'Their messages are hidden.' });
export const unmutedToast = (name: string): ToastInput => ({ title: `Unmuted ${name}` });

/** The spec's chat failure: 'Failed to send message' with the server's reason. */
export const sendFailed = (err: unknown): ToastInput => ({
  title: CHAT_TEXT.failedToSend,
  description: reasonOf(err) || undefined,
  variant: 'destructive',
});

export const muteFailed = (title: string, err: unknown): ToastInput => ({
  title,
  description: reasonOf(err) || undefined,
  variant: 'destructive',
});
