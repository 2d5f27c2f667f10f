/**
 * Toasts: one at a time (a new one replaces the current), 5 s by default, variants default and destructive
 * (spec section 9). Plain nanostores, so non-React code (the game engine, later issues) can raise them.
 */
import { atom } from 'nanostores';

export const TOAST_DURATION_MS = 5000;
/** Swiping a toast this far to the right dismisses it. */
export const TOAST_SWIPE_DISMISS_PX = 50;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** ms before it closes by itself; default 5000. */
  duration?: number;
  /** News from someone or something else (an invitation, an NPC home): it rings the notice bell, not the chime. */
  notice?: boolean;
}

export interface Toast extends Required<Omit<ToastInput, 'description' | 'notice'>> {
  id: number;
  description?: string;
  notice?: boolean;
}

export const $toast = atom<Toast | null>(null);

/** The notification centre keeps this many of the session's toasts, newest first. */
export const NOTIFICATIONS_KEPT = 50;
export interface Notification {
  id: number;
  /** ms since the epoch. */
  at: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}
/** Every toast of the session (the last NOTIFICATIONS_KEPT), newest first: a toast missed is still there to read. */
export const $notifications = atom<readonly Notification[]>([]);
/** Toasts since the notification centre was last opened. */
export const $unread = atom(0);

let nextId = 1;

/** Shows a toast (replacing any other) and keeps it in the notification centre; returns its id. */
export function toast(input: ToastInput, now = Date.now()): number {
  const id = keepNotification(input, now);
  $toast.set({
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DURATION_MS,
    notice: input.notice,
  });
  return id;
}

/** Keeps a message in the notification centre (unread) without a toast: for news shown another way. */
export function keepNotification(input: ToastInput, now = Date.now()): number {
  const id = nextId++;
  const kept: Notification = {
    id,
    at: now,
    title: input.title,
    variant: input.variant ?? 'default',
    ...(input.description ? { description: input.description } : {}),
  };
  $notifications.set([kept, ...$notifications.get()].slice(0, NOTIFICATIONS_KEPT));
  $unread.set(Math.min(NOTIFICATIONS_KEPT, $unread.get() + 1));
  return id;
}

/** The notification centre was opened: everything in it has been seen. */
export function markNotificationsRead(): void {
  $unread.set(0);
}

/** A new session starts with an empty centre. */
export function resetNotifications(): void {
  $notifications.set([]);
  $unread.set(0);
}

/** Closes the toast `id` (or whichever is showing). */
export function dismissToast(id?: number): void {
  const t = $toast.get();
  if (t && (id === undefined || t.id === id)) $toast.set(null);
}
