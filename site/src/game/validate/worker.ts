/**
 * Module worker: the contract's validator off the main thread. arktype and the schemas are built here once (some
 * hundreds of milliseconds on a phone that the page would otherwise spend blocked right after the map draws), and
 * each ReadRequest is answered with one ReadResponse, in the order asked. Start it through ./client.ts.
 */
import { type ReadRequest, type ReadResponse, readers } from './readers.ts';

/** The bits of DedicatedWorkerGlobalScope used here (the project's TypeScript lib is DOM, not WebWorker). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<ReadRequest>) => void) | null;
  postMessage(message: ReadResponse): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, kind, value } = event.data;
  try {
    const read = readers[kind] as (value: unknown) => unknown;
    if (typeof read !== 'function') throw new TypeError(`unknown read ${JSON.stringify(kind)}`);
    scope.postMessage({ id, ok: true, result: read(value) });
  } catch (error) {
    scope.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
