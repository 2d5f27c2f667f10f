/**
 * One visit to /game, in two steps. Before the map draws: the world, the survivor, the clock and the explored land
 * (plain fetch, lib/fetch.ts; started early by GameApp: first-loads.ts); the WASM core (main thread, for vision) and its chunk worker(s); the
 * engine. After its first frame: features.ts, a chunk of its own, wires every feature and opens the live connection.
 * The page's first JavaScript is what the first step needs (see site/e2e/budget.spec.ts): the rest, the contract's
 * validator (arktype) with it, waits until the map is on screen.
 */
import { resetNotifications } from '../../stores/toast.ts';
import { atom } from 'nanostores';
import { isUnauthorizedError } from '../../../../api/contract/errors.ts';
import { shownName } from '../../../../api/game/accounts.ts';
import { NO_PATH } from '../../../../api/game/paths.ts';
import { DEFAULT_WORLD_ID } from '../../../../api/game/world.ts';
import { createCoreWorker } from '../../lib/core.ts';
import { toast } from '../../stores/toast.ts';
import { $init, $mapDrawn, $me, $readout, $time, $world, resetGameStores } from '../../stores/game.ts';
import { ExploredMap } from '../explored/explored.ts';
import { GameEngine } from '../map/engine.ts';
import { SessionScope } from './context.ts';
import { takeFirstLoads } from './first-loads.ts';
import { handleUnauthorized } from './unauthorized.ts';

export const $engine = atom<GameEngine | null>(null);

/** Chunk workers: one per spare core, at most 3 (the main thread draws the map). */
function workerCount(): number {
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 2 : 2;
  return Math.max(1, Math.min(3, cores - 1));
}

/** Starts the session; returns its stop function. */
export function startGameSession(worldId: string = DEFAULT_WORLD_ID): () => void {
  resetGameStores();
  resetNotifications();
  const scope = new SessionScope();

  const fail = (err: unknown) => {
    if (scope.stopped) return;
    if (isUnauthorizedError(err)) handleUnauthorized();
    $init.set({ phase: 'error', message: (err as Error).message ?? String(err) });
  };

  void (async () => {
    $init.set({ phase: 'loading', step: 'world' });
    const { world, player, time, explored, core } = await takeFirstLoads(worldId);
    if (scope.stopped) return;
    $world.set(world);
    $me.set(player);
    $time.set(time);
    const exploredMap = new ExploredMap();
    exploredMap.mergeWire(explored.exploredTiles);

    let ready = false;
    let drawn: () => void = () => {};
    const firstFrame = new Promise<void>((resolve) => {
      drawn = resolve;
    });
    const engine = new GameEngine({
      seed: world.seed,
      me: { id: player.id, x: player.x, y: player.y, colour: player.color, name: shownName(player) },
      core,
      generators: Array.from({ length: workerCount() }, () => createCoreWorker()),
      explored: exploredMap,
      viewport: { width: window.innerWidth, height: window.innerHeight },
      onReadout: (r) => $readout.set(r),
      onChunkError: (err) => {
        if (!ready)
          $init.set({ phase: 'error', message: `Could not generate the terrain: ${(err as Error).message ?? String(err)}` });
      },
      onProgress: ({ ready: done, needed }) => {
        if (ready) return;
        if (done < needed) return $init.set({ phase: 'chunks', ready: done, needed });
        ready = true;
        $init.set({ phase: 'ready' });
      },
      onFirstFrame: () => drawn(),
      onNoPath: () => toast({ title: NO_PATH, description: 'Water or rock cuts that spot off: no way leads there.' }),
    });
    engine.exploredChanged(exploredMap.keys());
    // The first frame already has the clock's light; walking waits for the wiring that reports it to the server.
    engine.setTime(time);
    engine.walk.setEnabled(false);
    $engine.set(engine);
    scope.onStop(() => {
      engine.stop();
      $engine.set(null);
    });
    firstFrame
      .then(async () => {
        $mapDrawn.set(true);
        const { wireFeatures } = await import('./features.ts');
        if (!scope.stopped) wireFeatures(scope, { worldId, world, player, time, engine, explored: exploredMap });
      })
      .catch(fail);
  })().catch(fail);

  return () => scope.stop();
}
