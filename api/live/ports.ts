import type { ServerMessage } from '../contract/protocol.ts';
import type { MoveRules } from '../game/movement.ts';

/** What a room gets from outside through interfaces, so a test can hand it fakes (room.test.ts). */

/** What a room needs of a world's terrain (implemented over the WASM core). */
export interface WorldTerrain {
  readonly moveRules: MoveRules;
  /** A safe place to appear near the origin; `salt` spreads newcomers apart. */
  spawnPoint(salt: number): { x: number; y: number };
}

/** A live connection as a room sees it: an Elysia WebSocket, through only what we use. */
export interface LiveSocket {
  send(message: ServerMessage): void;
  subscribe(topic: string): void;
  unsubscribe(topic: string): void;
  close(code: number, reason: string): void;
}

/** This process's topic publisher (Bun's pub/sub on the running server). */
export interface Fanout {
  publish(topic: string, data: string): void;
}
