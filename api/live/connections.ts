import { Close } from '../contract/protocol.ts';
import { expiryCutoff, lastSeenStaleBefore, NOT_SEATED_HERE_REASON } from '../game/lobby.ts';
import type { Services } from '../services.ts';

/** An open live connection as the access audit sees it. */
export interface AuditedConnection {
  userId: string;
  /** The world the socket plays in: the seat must be in this world. */
  worldId: string;
  /** SHA-256 of the session token the socket was opened with. */
  sessionHash: string;
  /** An application message (ping, move) arrived since the last audit: only those renew the seat. */
  active: boolean;
  close(code: number, reason: string): void;
}

/** Users per statement in an audit. */
const AUDIT_SLICE = 500;

/** How often open sockets are audited: well inside the seat timeout, and at least every 5 s. */
export function auditIntervalMs(seatTimeoutMs: number): number {
  return Math.max(250, Math.min(5_000, Math.floor(seatTimeoutMs / 4)));
}

/**
 * Every open live connection of this process, and the audit that keeps them honest. A socket lives only while
 * its session is valid and its user holds a seat; its application messages renew the seat like lobby polls do,
 * while protocol-level pings (which the browser answers on its own) renew nothing, so an abandoned tab lapses.
 */
export class LiveConnections {
  private readonly open = new Set<AuditedConnection>();

  add(c: AuditedConnection): void {
    this.open.add(c);
  }

  remove(c: AuditedConnection): void {
    this.open.delete(c);
  }

  get size(): number {
    return this.open.size;
  }

  private close(c: AuditedConnection, code: number, reason: string): void {
    this.open.delete(c);
    c.close(code, reason);
  }

  /** Renews the seats of active sockets, then closes those whose session ended or whose seat is gone. */
  async audit(services: Services): Promise<void> {
    const now = services.now();
    const cutoff = expiryCutoff(now, services.config.seatTimeoutMs);
    const conns = [...this.open];
    const active = new Set<string>();
    for (const c of conns) {
      if (c.active) active.add(c.userId);
      c.active = false;
    }
    const users = [...new Set(conns.map((c) => c.userId))];
    const hashes = [...new Set(conns.map((c) => c.sessionHash))];
    const seated = new Map<string, string | null>();
    const staleBefore = lastSeenStaleBefore(now, services.config.seatTimeoutMs);
    const sessions = new Set<string>();
    for (let i = 0; i < users.length; i += AUDIT_SLICE) {
      const slice = users.slice(i, i + AUDIT_SLICE);
      await services.repos.lobby.touchMany(
        slice.filter((u) => active.has(u)),
        now,
        cutoff,
        staleBefore,
      );
      for (const s of await services.repos.lobby.seatsAmong(slice, cutoff)) seated.set(s.userId, s.worldId);
    }
    for (let i = 0; i < hashes.length; i += AUDIT_SLICE) {
      for (const h of await services.repos.accounts.liveSessions(hashes.slice(i, i + AUDIT_SLICE), now)) sessions.add(h);
    }
    for (const c of conns) {
      if (!this.open.has(c)) continue;
      if (!sessions.has(c.sessionHash)) this.close(c, Close.accessLost, 'Your session has ended; sign in again');
      else if (!seated.has(c.userId)) this.close(c, Close.accessLost, 'You no longer have a seat in this game');
      else if (seated.get(c.userId) !== c.worldId) this.close(c, Close.accessLost, NOT_SEATED_HERE_REASON);
    }
  }
}
