import type { Chunk, PathInput, TilePath } from './index.ts';

/**
 * Messages between the core worker (./worker.ts) and its client (./worker-client.ts). Every request carries an id;
 * the worker answers each with exactly one response of the same id.
 */
export type CoreWorkerRequest =
  | { id: number; type: 'chunk'; seed: number; chunkX: number; chunkY: number }
  /** A path over terrain the worker generates from the seed (it keeps the chunks it made for the next request). */
  | { id: number; type: 'path'; input: Omit<PathInput, 'chunks' | 'blocked'> & { blocked: number[] } };

export type CoreWorkerResponse =
  /** chunk.biomes is transferred (its buffer moves to the receiver). */
  | { id: number; type: 'chunk'; chunk: Chunk }
  | { id: number; type: 'path'; path: TilePath }
  /** The core rejected the request: name is TypeError, RangeError or Error. */
  | { id: number; type: 'error'; name: string; message: string };
