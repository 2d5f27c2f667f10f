/**
 * What the player sees of the live connection, and what the page does about each way it can end:
 * - down for a moment: "Reconnecting…" and REST polling until it is back;
 * - given up: "Polling" for good;
 * - 4001, the game was opened in another tab of this account: "Taken over by another tab", no polling and no
 *   walking here until the player presses "Play here", which connects again and takes the game back;
 * - 4002, this page speaks an older protocol than the server: "A new version … reload the page";
 * - 4003, game access lost: the access check runs at once, and the gate shows "Access Denied" with the way to the
 *   lobby.
 */
import { atom } from 'nanostores';
import { Close } from '../../../../api/contract/live.ts';
import { $connection, type ConnectionState } from '../../stores/game.ts';
import type { LiveStatus } from './client.ts';
import type { LiveEvents } from './events.ts';

export interface ConnectionDeps {
  live: Pick<LiveEvents, 'on'>;
  offline: { set(on: boolean): void };
  /** Connect again (after a takeover). */
  reconnect(): void;
  /** Let clicks and keys walk the survivor (off while another tab plays). */
  setWalking(on: boolean): void;
  checkAccess(): unknown;
}

/** "Play here" for the tab that was taken over (null otherwise). */
export const $playHere = atom<(() => void) | null>(null);

export function stateAfter(status: LiveStatus, code: number | undefined): ConnectionState {
  if (status !== 'closed') return status;
  if (code === Close.replaced) return 'replaced';
  if (code === Close.versionMismatch) return 'outdated';
  return 'polling';
}

/** Whether REST polling should carry the game in this state. */
export const pollsIn = (state: ConnectionState) => state === 'reconnecting' || state === 'polling' || state === 'outdated';

export function wireConnection(d: ConnectionDeps): () => void {
  const playHere = () => {
    $playHere.set(null);
    d.reconnect();
  };
  const off = d.live.on('status', (status, detail) => {
    const state = stateAfter(status, detail.code);
    $connection.set(state);
    d.offline.set(pollsIn(state));
    d.setWalking(state !== 'replaced');
    $playHere.set(state === 'replaced' ? playHere : null);
    if (status === 'closed' && detail.code === Close.accessLost) d.checkAccess();
  });
  return () => {
    off();
    $playHere.set(null);
  };
}
