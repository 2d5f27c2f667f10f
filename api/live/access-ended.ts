/** Why a user's game access ended, as the live layer closes their sockets with it. */
export interface AccessEnd {
  userId: string;
  /** WebSocket close code (Close.normal after a logout, Close.accessLost after leaving the lobby). */
  code: number;
  reason: string;
}

/**
 * Announces that a user's access ended (logout, left the lobby), so every part that holds on to it lets go at
 * once: the live layer closes the user's sockets, the game-access cache forgets its answer. Modules emit; the
 * app wires the listeners.
 */
export class AccessEnded {
  private readonly listeners: ((end: AccessEnd) => unknown)[] = [];
  private relay: ((end: AccessEnd) => void) | null = null;

  /** Carries every end to all processes (the live bus), each of which delivers it to its listeners. */
  relayThrough(relay: (end: AccessEnd) => void): void {
    this.relay = relay;
  }

  on(listener: (end: AccessEnd) => unknown): void {
    this.listeners.push(listener);
  }

  /** Announces an end: through the relay when there is one (every process), else to this process's listeners. */
  async emit(end: AccessEnd): Promise<void> {
    if (this.relay) this.relay(end);
    else await this.deliver(end);
  }

  /** Runs this process's listeners for an end announced here or by another process. */
  async deliver(end: AccessEnd): Promise<void> {
    await Promise.all(this.listeners.map(async (l) => l(end)));
  }
}
