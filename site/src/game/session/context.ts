/**
 * What every feature's wiring gets: the world, the survivor, the engine (to add a map layer), the live connection's
 * messages by type, REST polling for when the socket is down, timers and cleanups that end with the session. A
 * feature is wired by one function, `wireX(session)`, called once from game-session.ts.
 */
import { isUnauthorizedError } from '../../../../api/contract/errors.ts';
import type { ClientMessage } from '../../../../api/contract/protocol.ts';
import type { PlayerInfo, WorldInfo } from '../../../../api/contract/world.ts';
import type { LiveEvents } from '../live/events.ts';
import type { OfflinePolls } from '../live/offline.ts';
import type { GameEngine } from '../map/engine.ts';
import { handleUnauthorized } from './unauthorized.ts';

export interface GameSession {
  readonly worldId: string;
  readonly world: WorldInfo;
  /** The survivor as loaded at the start ($me has the latest). */
  readonly player: PlayerInfo;
  readonly engine: GameEngine;
  /** The live connection's messages and status, by handler name. */
  readonly live: LiveEvents;
  /** The live connection itself. */
  readonly socket: { readonly isConnected: boolean; send(message: ClientMessage): boolean; start(): void };
  /** Pollers that run while the live connection is down. */
  readonly offline: Pick<OfflinePolls, 'add'>;
  /** Runs `fn` every `ms` until the session ends. */
  interval(fn: () => unknown, ms: number): void;
  /** Runs `fn` when the session ends (page leaving, retry). */
  onStop(fn: () => void): void;
  /** A background call failed: Unauthorized goes to the login, anything else is only logged. */
  failed(what: string, err: unknown): void;
}

/** The session's timers and cleanups. */
export class SessionScope {
  private readonly cleanups: (() => void)[] = [];
  stopped = false;

  interval(fn: () => unknown, ms: number): void {
    const t = setInterval(fn, ms);
    this.onStop(() => clearInterval(t));
  }

  onStop(fn: () => void): void {
    if (this.stopped) fn();
    else this.cleanups.push(fn);
  }

  stop(): void {
    this.stopped = true;
    for (const c of this.cleanups.splice(0).reverse()) c();
  }
}

export function reportFailure(what: string, err: unknown): void {
  if (isUnauthorizedError(err)) handleUnauthorized();
  else console.warn(`[game] ${what} failed`, err);
}

/**
 * Runs `fn` each time the live connection comes back after it was down (reconnecting or closed): frames may have
 * been missed meanwhile, so what they would have said is read again.
 */
export function onReconnected(s: Pick<GameSession, 'live' | 'onStop'>, fn: () => void): void {
  let wasDown = false;
  s.onStop(
    s.live.on('status', (status) => {
      if (status === 'reconnecting' || status === 'closed') wasDown = true;
    }),
  );
  s.onStop(
    s.live.on('connected', () => {
      if (!wasDown) return;
      wasDown = false;
      fn();
    }),
  );
}
