import type { ServerMessage } from '../contract/protocol.ts';
import type { Poi } from '../../core-wasm/index.ts';
import type { MoveRules } from '../game/movement.ts';
import type { TimeInfo } from '../contract/world.ts';
import type { Sight, SightGear } from '../game/vision.ts';

/** What a room gets from outside through interfaces, so a test can hand it fakes (room.test.ts). */

/** What a room needs of a world's terrain (implemented over the WASM core). */
export interface WorldTerrain {
  readonly moveRules: MoveRules;
  /**
   * What a survivor standing at `at` with `gear` is told of others under the world's clock `time`: its vision (the
   * core's rule, standing still, hills counted) plus the sight margin (api/game/vision.ts).
   */
  sight(at: { x: number; y: number }, gear: SightGear, time: TimeInfo | null): Sight;
  /** A safe place to appear near the origin; `salt` spreads newcomers apart. */
  spawnPoint(salt: number): { x: number; y: number };
  /**
   * The sites round a usual spawn spot a newcomer may be moved to (api/game/spawn.ts), over `rings` rings of chunks
   * (default: the whole search), and how far from the spot the area reaches every way; absent: the spot stands.
   */
  spawnSites?(around: { x: number; y: number }, rings?: number): { sites: SpawnSite[]; covered: number };
}

/** A site near a spawn spot and the biome code of its tile. */
export interface SpawnSite {
  poi: Poi;
  ground: number;
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
