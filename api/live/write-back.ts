import type { Repositories } from '../../db/index.ts';
import type { Entity } from './entity.ts';
import { heldHere } from './ownership.ts';

/** Positions written back per statement. */
export const SAVE_SLICE = 50;
/** Live positions are written back to the database this often: the default of WRITE_BACK_INTERVAL_MS (config.ts). */
export const WRITE_BACK_INTERVAL_MS = 2_000;

/**
 * Writes back the players whose position or presence changed since the last call, and only those: an idle world
 * costs no writes. In slices, yielding between them: embedded PGlite runs in this thread, and one long write
 * would hold up every room's tick.
 */
export async function writeBack(
  repos: Repositories,
  worldId: string,
  entities: Iterable<Entity>,
  isOnline: (e: Entity) => boolean,
  now: Date,
  /** With other processes, this process's id: only the survivors it holds are written, and only if it still does. */
  holder?: string,
): Promise<number> {
  const rows: { userId: string; x: number; y: number; isOnline: boolean; lastSeenAt: Date }[] = [];
  for (const e of entities) {
    if (!e.dirty || e.kind !== 'player') continue;
    if (holder !== undefined && !heldHere(e, holder)) continue;
    rows.push({ userId: e.id, x: e.pos.x, y: e.pos.y, isOnline: isOnline(e), lastSeenAt: now });
    e.dirty = false;
  }
  for (let i = 0; i < rows.length; i += SAVE_SLICE) {
    await repos.players.savePositions(worldId, rows.slice(i, i + SAVE_SLICE), holder);
    await new Promise((r) => setImmediate(r));
  }
  return rows.length;
}
