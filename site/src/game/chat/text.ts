/** The radio's words that are the client's own (the rule texts are CHAT_TEXT in api/game/chat.ts). Pure. */
import { CHAT_TEXT } from '../../../../api/game/chat.ts';
import type { ToastInput } from '../../islands/game/toast/toast-store.ts';
import { reasonOf } from '../equipment/text.ts';

export const CHAT_UI_TEXT = {
  failedToMute: 'Failed to mute player',
  failedToUnmute: 'Failed to unmute player',
  placeholder: 'Say something on the radio…',
  overlayHint: 'Enter to send · Esc to close',
  empty: 'No messages on the radio yet.',
} as const;

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
