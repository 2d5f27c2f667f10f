/**
 * Main-thread client of the core worker: chunk generation and pathfinding without blocking the page.
 *
 *   const worker = createCoreWorker();
 *   const chunk = await worker.generateChunk(seed, chunkX, chunkY); // { biomes: Uint8Array, pois, … }
 *   const tiles = await worker.findPath({ seed, fromTileX, fromTileY, toTileX, toTileY, blocked: [...IMPASSABLE] });
 *   // tiles.status 'found' → waypointsAlong(tiles.tiles, from, to, passable) (api/game/paths.ts) gives the walk;
 *   // 'unreachable' / 'too-far' → tell the player there is no way there.
 *   worker.terminate();
 *
 * Requests are answered in order of completion; a rejected request rejects with the core's TypeError / RangeError.
 */
import type { Chunk, PathInput, TilePath } from './index.ts';
import type { CoreWorkerRequest, CoreWorkerResponse } from './worker-protocol.ts';

export type { CoreWorkerRequest, CoreWorkerResponse } from './worker-protocol.ts';

export interface CoreWorkerClient {
  generateChunk(seed: number, chunkX: number, chunkY: number): Promise<Chunk>;
  /**
   * core.findPath in the worker, over terrain it generates from the seed (and keeps): the tiles of the shortest walk
   * around the `blocked` biomes, or `unreachable` / `too-far`. On the main thread with loaded chunks, core.findPath
   * (or planPath in api/game/paths.ts) answers the same synchronously.
   */
  findPath(input: Omit<PathInput, 'chunks'>): Promise<TilePath>;
  /** Stops the worker; pending requests reject. */
  terminate(): void;
}

const ERRORS: Record<string, new (message: string) => Error> = { TypeError, RangeError };

export function createCoreWorker(): CoreWorkerClient {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'wasteland-core' });
  const pending = new Map<number, { resolve: (answer: never) => void; reject: (error: Error) => void }>();
  let nextId = 1;

  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.onmessage = (event: MessageEvent<CoreWorkerResponse>) => {
    const response = event.data;
    const p = pending.get(response.id);
    if (!p) return;
    pending.delete(response.id);
    if (response.type === 'chunk') p.resolve(response.chunk as never);
    else if (response.type === 'path') p.resolve(response.path as never);
    else p.reject(new (ERRORS[response.name] ?? Error)(response.message));
  };
  worker.onerror = (event) => failAll(new Error(`core worker failed: ${event.message || 'could not start'}`));

  const ask = <T>(request: CoreWorkerRequest) =>
    new Promise<T>((resolve, reject) => {
      pending.set(request.id, { resolve: resolve as (answer: never) => void, reject });
      worker.postMessage(request);
    });

  return {
    generateChunk(seed, chunkX, chunkY) {
      return ask<Chunk>({ id: nextId++, type: 'chunk', seed, chunkX, chunkY });
    },
    findPath(input) {
      return ask<TilePath>({ id: nextId++, type: 'path', input: { ...input, blocked: [...input.blocked] } });
    },
    terminate() {
      worker.terminate();
      failAll(new Error('core worker terminated'));
    },
  };
}
