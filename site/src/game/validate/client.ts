/**
 * The page's side of the validator worker (worker.ts): `read(kind, value)` answers what the contract's schema makes
 * of `value`, as readers.ts would, without arktype ever loading on the main thread. Answers come in the order asked,
 * so the live connection's frames keep their order. One worker per page, started on the first read.
 */
import type { ReadKind, ReadRequest, ReadResponse, ReadResult } from './readers.ts';

let worker: Worker | null = null;
const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
let nextId = 1;

function start(): Worker {
  const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'wasteland-validator' });
  w.onmessage = (event: MessageEvent<ReadResponse>) => {
    const answer = event.data;
    const p = pending.get(answer.id);
    if (!p) return;
    pending.delete(answer.id);
    if (answer.ok) p.resolve(answer.result);
    else p.reject(new Error(answer.message));
  };
  w.onerror = (event) => {
    const error = new Error(`validator worker failed: ${event.message || 'could not start'}`);
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  return w;
}

export function read<K extends ReadKind>(kind: K, value: unknown): Promise<ReadResult<K>> {
  worker ??= start();
  const id = nextId++;
  const request: ReadRequest = { id, kind, value };
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
    worker?.postMessage(request);
  });
}
