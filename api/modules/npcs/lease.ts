import type { SessionLock } from '../../../db/client.ts';

/** How often a process without the lease tries to take it, and the holder checks it still has it. */
export const LEASE_RETRY_MS = 2000;
/**
 * The advisory-lock key of the NPC simulation ("NPCS" in ASCII). One lease for every world: a single process steps
 * every NPC (10,000 NPCs over 50 worlds take it about a quarter of a core on Postgres: `bun run bench npcs`); a lease
 * per world would spread bigger games over several processes.
 */
export const NPC_LEASE_KEY = 0x4e504353;

/**
 * "Only one process simulates": a Postgres session-level advisory lock on a connection of its own. Whoever holds it
 * leads; the others retry every LEASE_RETRY_MS. The lock goes with its connection, so when the leader stops or dies
 * (even by SIGKILL) another process takes over within a retry interval. Without `sessionLock` (embedded PGlite, one
 * process by its data-directory lock) this process always leads.
 */
export class Lease {
  private lock: SessionLock | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private checking: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly sessionLock: ((key: number) => Promise<SessionLock | null>) | undefined,
    private readonly onChange: (leading: boolean) => void,
    private readonly report: (what: string, err: unknown) => void,
    private readonly retryMs = LEASE_RETRY_MS,
  ) {}

  get leading(): boolean {
    return this.sessionLock ? this.lock !== null : !this.stopped;
  }

  start(): void {
    if (!this.sessionLock) {
      this.onChange(true);
      return;
    }
    void this.check();
    this.timer = setInterval(() => void this.check(), this.retryMs);
  }

  private check(): Promise<void> {
    this.checking ??= this.tryOnce().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async tryOnce(): Promise<void> {
    if (this.stopped || !this.sessionLock) return;
    try {
      if (this.lock) {
        if (await this.lock.held()) return;
        this.lock = null;
        this.onChange(false);
        return;
      }
      const lock = await this.sessionLock(NPC_LEASE_KEY);
      if (!lock) return;
      if (this.stopped) {
        await lock.release();
        return;
      }
      this.lock = lock;
      this.onChange(true);
    } catch (err) {
      this.report('[npcs] lease check failed', err);
    }
  }

  /** Gives the lease up (another process takes it at its next retry). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.checking;
    const lock = this.lock;
    this.lock = null;
    if (lock) await lock.release();
  }
}
