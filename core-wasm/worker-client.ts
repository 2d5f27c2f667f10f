/**
 * Main-thread client of the core worker: chunk generation without blocking the page.
 *
 *   const worker = createCoreWorker();
 *   const chunk = await worker.generateChunk(seed, chunkX, chunkY); // { biomes: Uint8Array, pois, … }
 *   worker.terminate();
 *
 * Requests are answered in order of completion; a rejected request rejects with the core's TypeError / RangeError.
 */
import type { Chunk } from './index.ts';
import type { CoreWorkerRequest, CoreWorkerResponse } from './worker-protocol.ts';

export type { CoreWorkerRequest, CoreWorkerResponse } from './worker-protocol.ts';

export interface CoreWorkerClient {
  generateChunk(seed: number, chunkX: number, chunkY: number): Promise<Chunk>;
  /** Stops the worker; pending requests reject. */
  terminate(): void;
}

const ERRORS: Record<string, new (message: string) => Error> = { TypeError, RangeError };

export function createCoreWorker(): CoreWorkerClient {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'wasteland-core' });
  const pending = new Map<number, { resolve: (chunk: Chunk) => void; reject: (error: Error) => void }>();
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
    if (response.type === 'chunk') p.resolve(response.chunk);
    else p.reject(new (ERRORS[response.name] ?? Error)(response.message));
  };
  worker.onerror = (event) => failAll(new Error(`core worker failed: ${event.message || 'could not start'}`));

  return {
    generateChunk(seed, chunkX, chunkY) {
      const id = nextId++;
      const request: CoreWorkerRequest = { id, type: 'chunk', seed, chunkX, chunkY };
      return new Promise<Chunk>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage(request);
      });
    },
    terminate() {
      worker.terminate();
      failAll(new Error('core worker terminated'));
    },
  };
}
