/**
 * The WASM core for the islands: the main-thread loader and the chunk worker. Import from here (or from
 * core-wasm/constants.ts for constants only); never load core.wasm another way.
 *
 * Walking somewhere (click-to-walk): `core.findPath({ seed, fromTileX, fromTileY, toTileX, toTileY,
 * blocked: IMPASSABLE, chunks })` on the main thread with the loaded chunks (a fraction of a millisecond), or
 * `worker.findPath(…)` off it; then `waypointsAlong(tiles, from, to, passable)` — or `planPath(core, seed, from, to,
 * { chunks, passable })` in one call — gives the walk in world units, points at most 3 tiles apart, each leg
 * passing the server's walking rule. `unreachable` / `too-far`: tell the player there is no way there.
 */
export {
  loadCoreInBrowser,
  type Core,
  type Chunk,
  type PathInput,
  type Poi,
  type TerrainInfo,
  type TilePath,
  type Visibility,
} from '../../../core-wasm/browser.ts';
export { createCoreWorker, type CoreWorkerClient } from '../../../core-wasm/worker-client.ts';
export { NO_PATH, type PathPlan, planPath, pointAlong, waypointsAlong, walkLength } from '../../../api/game/paths.ts';
