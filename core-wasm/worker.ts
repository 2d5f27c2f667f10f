/**
 * Module worker that generates chunks and finds paths off the main thread: it loads the core once (./browser.ts) and answers each
 * CoreWorkerRequest with one CoreWorkerResponse, transferring the chunk's biome bytes. Start it through
 * ./worker-client.ts (createCoreWorker), which Vite bundles together with this file and the .wasm asset.
 */
import { loadCoreInBrowser } from './browser.ts';
import type { CoreWorkerRequest, CoreWorkerResponse } from './worker-protocol.ts';

/** The bits of DedicatedWorkerGlobalScope used here (the project's TypeScript lib is DOM, not WebWorker). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<CoreWorkerRequest>) => void) | null;
  postMessage(message: CoreWorkerResponse, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;
const core = loadCoreInBrowser();
/** Chunks generated for paths, kept for the next request (a walk's window covers a few chunks; clicks cluster). */
const PATH_CHUNKS = 64;
const pathChunks = new Map<string, Uint8Array>();

scope.onmessage = async (event) => {
  const request = event.data;
  const id = typeof request?.id === 'number' ? request.id : -1;
  try {
    if (request?.type === 'path') {
      const c = await core;
      const seed = request.input.seed;
      const chunks = (cx: number, cy: number) => {
        const key = `${seed}:${cx}:${cy}`;
        let biomes = pathChunks.get(key);
        if (biomes) pathChunks.delete(key);
        else biomes = c.generateChunk(seed, cx, cy).biomes;
        pathChunks.set(key, biomes);
        if (pathChunks.size > PATH_CHUNKS) pathChunks.delete(pathChunks.keys().next().value as string);
        return biomes;
      };
      scope.postMessage({ id, type: 'path', path: c.findPath({ ...request.input, chunks }) });
      return;
    }
    if (request?.type !== 'chunk')
      throw new TypeError(`unknown core worker request ${JSON.stringify((request as { type?: unknown })?.type)}`);
    const chunk = (await core).generateChunk(request.seed, request.chunkX, request.chunkY);
    scope.postMessage({ id, type: 'chunk', chunk }, [chunk.biomes.buffer]);
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    scope.postMessage({ id, type: 'error', name: e.name, message: e.message });
  }
};
