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

  on(listener: (end: AccessEnd) => unknown): void {
    this.listeners.push(listener);
  }

  async emit(end: AccessEnd): Promise<void> {
    await Promise.all(this.listeners.map(async (l) => l(end)));
  }
}
