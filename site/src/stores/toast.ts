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

let nextId = 1;

/** Shows a toast (replacing any other); returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
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

/** Closes the toast `id` (or whichever is showing). */
export function dismissToast(id?: number): void {
  const t = $toast.get();
  if (t && (id === undefined || t.id === id)) $toast.set(null);
}
