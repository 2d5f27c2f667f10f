import { atom } from 'nanostores';
import type { AuthUser } from '../../../api/contract/auth.ts';
import { apiFetch, getJson } from '../lib/fetch.ts';

export type SessionState =
  | { status: 'loading' }
  | { status: 'visitor' }
  | { status: 'signed-in'; user: AuthUser }
  | { status: 'error'; message: string };

export const $session = atom<SessionState>({ status: 'loading' });

/** Asks the server who is signed in (no retry, as the spec says). Plain fetch: /game's first JavaScript (lib/fetch.ts). */
export async function loadSession(): Promise<SessionState> {
  try {
    const user = await getJson<AuthUser>('/api/auth/user');
    $session.set({ status: 'signed-in', user });
  } catch (err) {
    const status = (err as { status?: number }).status;
    $session.set(status === 401 ? { status: 'visitor' } : { status: 'error', message: (err as Error).message });
  }
  return $session.get();
}

/** Marks the player offline, then lets the server end the session and send the browser home. */
export async function logout(): Promise<void> {
  await apiFetch('/api/player/logout', { method: 'POST' }).catch((err) => console.warn('[session] logout call failed', err));
  location.href = '/api/logout';
}
