import type { WorldSummary, WorldsList } from '../../contract/lobby.ts';
import { UNKNOWN_WORLD_MESSAGE } from '../../game/worlds.ts';
import type { Services } from '../../services.ts';
import { closeWorldLocked, listWorlds as listWorldsInLobby, openWorldLocked } from '../lobby/service.ts';

/**
 * The operator's world calls (issue 29): list, open, close, rename. The `bun run worlds` script and the admin routes
 * both call these. A world is named by its id or its name (case-insensitive). Every change that placement reads (a
 * world opening or closing) happens under the lobby lock (api/modules/lobby/service.ts).
 */

/** A world name an operator may give: 1 to 40 characters once trimmed. */
export const WORLD_NAME_MAX = 40;

export type WorldOutcome = { ok: true; world: WorldSummary } | { ok: false; status: 400 | 404 | 409; message: string };

/** Every world with its seats and state, and the totals (GET /api/worlds answers the same). */
export function listWorlds(services: Services): Promise<WorldsList> {
  return listWorldsInLobby(services);
}

async function summary(services: Services, id: string): Promise<WorldSummary> {
  const { worlds } = await listWorldsInLobby(services);
  return worlds.find((w) => w.id === id)!;
}

function cleanName(name: string): string | null {
  const n = name.trim().replace(/\s+/g, ' ');
  return n.length >= 1 && n.length <= WORLD_NAME_MAX ? n : null;
}

const limitReached = (services: Services): WorldOutcome => ({
  ok: false,
  status: 409,
  message: `WORLDS_MAX (${services.config.worldsMax}) worlds are open already; close one or raise WORLDS_MAX`,
});

/**
 * Opens a world: a closed world named `name` opens again; a new name opens a new world with it; no name opens one
 * with a generated name. 409 when a world of that name is already open, or WORLDS_MAX worlds are.
 */
export async function openWorld(services: Services, name?: string): Promise<WorldOutcome> {
  let clean: string | undefined;
  if (name !== undefined) {
    const n = cleanName(name);
    if (n === null) return { ok: false, status: 400, message: `A world name has 1 to ${WORLD_NAME_MAX} characters` };
    clean = n;
    const existing = await services.repos.world.findWorldByIdOrName(n);
    if (existing?.state === 'open') return { ok: false, status: 409, message: `World "${existing.name}" is open already` };
    if (existing) {
      const opened = await openWorldLocked(services, { reopen: existing.id });
      if (!opened.ok)
        return opened.reason === 'limit' ? limitReached(services) : { ok: false, status: 404, message: UNKNOWN_WORLD_MESSAGE };
      return { ok: true, world: await summary(services, existing.id) };
    }
  }
  const opened = await openWorldLocked(services, clean === undefined ? {} : { name: clean });
  if (!opened.ok) return limitReached(services);
  return { ok: true, world: await summary(services, opened.id) };
}

/** Closes a world: nobody new is admitted; its seated players finish their session; its data stays. */
export async function closeWorld(services: Services, idOrName: string): Promise<WorldOutcome> {
  const world = await services.repos.world.findWorldByIdOrName(idOrName.trim());
  if (!world || !(await closeWorldLocked(services, world.id))) return { ok: false, status: 404, message: UNKNOWN_WORLD_MESSAGE };
  return { ok: true, world: await summary(services, world.id) };
}

/** Renames a world; 409 when another world has that name already. */
export async function renameWorld(services: Services, idOrName: string, newName: string): Promise<WorldOutcome> {
  const name = cleanName(newName);
  if (name === null) return { ok: false, status: 400, message: `A world name has 1 to ${WORLD_NAME_MAX} characters` };
  const world = await services.repos.world.findWorldByIdOrName(idOrName.trim());
  if (!world) return { ok: false, status: 404, message: UNKNOWN_WORLD_MESSAGE };
  const other = await services.repos.world.findWorldByIdOrName(name);
  if (other && other.id !== world.id) return { ok: false, status: 409, message: `Another world is called "${other.name}"` };
  await services.repos.world.renameWorld(world.id, name);
  return { ok: true, world: await summary(services, world.id) };
}
