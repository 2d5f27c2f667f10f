/**
 * The WASM core for the islands: the main-thread loader and the chunk worker. Import from here (or from
 * core-wasm/constants.ts for constants only); never load core.wasm another way.
 */
export {
  loadCoreInBrowser,
  type Core,
  type Chunk,
  type Poi,
  type TerrainInfo,
  type Visibility,
} from '../../../core-wasm/browser.ts';
export { createCoreWorker, type CoreWorkerClient } from '../../../core-wasm/worker-client.ts';
