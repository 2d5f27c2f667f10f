import type { WorldSeatsRow } from '../../../db/repos/lobby.ts';
import type { WorldSummary, WorldsList } from '../../contract/lobby.ts';
import { nameKey } from '../../contract/name-key.ts';
import { nameProblem, normaliseName } from '../../game/names.ts';
import { UNKNOWN_WORLD_MESSAGE } from '../../game/worlds.ts';
import type { Services } from '../../services.ts';
import { closeWorldLocked, listWorlds as listWorldsInLobby, openWorldLocked } from '../lobby/service.ts';

/**
 * The operator's world calls: list, open, close, rename. The `bun run worlds` script and the admin routes
 * both call these. A world is named by its id or its name (case-insensitive). Every change that placement reads (a
 * world opening or closing) and every name given happen under the lobby lock (api/modules/lobby/service.ts), where
 * the names of all the other worlds are compared.
 *
 * A world's name is read by every visitor (the landing page, the lobby), so it follows the rules of the names
 * players choose (api/game/names.ts): normalised, no invisible, formatting or text-direction characters (nor
 * control characters), at least one letter; and no two worlds have names that look alike (api/contract/name-key.ts:
 * "The Wаsteland" with a Cyrillic а is "The Wasteland"), as no two settlements of a world do.
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

const LENGTH_RULE = `A world name has 1 to ${WORLD_NAME_MAX} characters`;

/** The name as it is stored (normalised), or why it is refused (400). */
function worldName(raw: string): { ok: true; name: string } | { ok: false; status: 400; message: string } {
  const name = normaliseName(raw);
  if (name.length < 1 || name.length > WORLD_NAME_MAX) return { ok: false, status: 400, message: LENGTH_RULE };
  const problem = nameProblem(name);
  return problem ? { ok: false, status: 400, message: `World names ${problem}` } : { ok: true, name };
}

/** The world `idOrName` names: by id, else by name in any case (the oldest of that name), as the routes and the CLI take it. */
function named(worlds: readonly WorldSeatsRow[], idOrName: string): WorldSeatsRow | undefined {
  const lower = idOrName.toLowerCase();
  return worlds.find((w) => w.id === idOrName) ?? worlds.find((w) => w.name.toLowerCase() === lower);
}

/** Another world whose name looks like `name` (same look-alike key), or whose id is `name`. */
function clashing(worlds: readonly WorldSeatsRow[], name: string, self?: string): WorldSeatsRow | undefined {
  const key = nameKey(name);
  return worlds.find((w) => w.id !== self && (w.id === name || nameKey(w.name) === key));
}

type Refusal = Extract<WorldOutcome, { ok: false }>;

function lookAlike(name: string, other: WorldSeatsRow): Refusal {
  const message =
    other.id === name
      ? `"${name}" is the id of another world`
      : other.name.toLowerCase() === name.toLowerCase()
        ? `Another world is called "${other.name}"`
        : `"${name}" looks like "${other.name}", the name of another world`;
  return { ok: false, status: 409, message };
}

const limitReached = (services: Services): WorldOutcome => ({
  ok: false,
  status: 409,
  message: `WORLDS_MAX (${services.config.worldsMax}) worlds are open already; close one or raise WORLDS_MAX`,
});

/**
 * Opens a world: a closed world named `name` (any case) opens again; a new name opens a new world with it; no name
 * opens one with a generated name. 400 for a name outside the rules; 409 when a world of that name is already open,
 * when the name looks like another world's, or when WORLDS_MAX worlds are open.
 */
export async function openWorld(services: Services, name?: string): Promise<WorldOutcome> {
  let clean: string | undefined;
  if (name !== undefined) {
    const checked = worldName(name);
    if (!checked.ok) return checked;
    clean = checked.name;
  }
  const opened = await openWorldLocked<Refusal>(services, (worlds) => {
    if (clean === undefined) return {};
    const existing = named(worlds, clean);
    if (existing?.state === 'open')
      return { refused: { ok: false, status: 409, message: `World "${existing.name}" is open already` } };
    if (existing) return { reopen: existing.id };
    const other = clashing(worlds, clean);
    return other ? { refused: lookAlike(clean, other) } : { name: clean };
  });
  if (!opened.ok) {
    if (opened.reason === 'refused') return opened.refused;
    return opened.reason === 'limit' ? limitReached(services) : { ok: false, status: 404, message: UNKNOWN_WORLD_MESSAGE };
  }
  return { ok: true, world: await summary(services, opened.id) };
}

/** Closes a world: nobody new is admitted; its seated players finish their session; its data stays. */
export async function closeWorld(services: Services, idOrName: string): Promise<WorldOutcome> {
  const world = await services.repos.world.findWorldByIdOrName(idOrName.trim());
  if (!world || !(await closeWorldLocked(services, world.id))) return { ok: false, status: 404, message: UNKNOWN_WORLD_MESSAGE };
  return { ok: true, world: await summary(services, world.id) };
}

/** Renames a world; 400 for a name outside the rules, 409 when another world has that name or one that looks like it. */
export async function renameWorld(services: Services, idOrName: string, newName: string): Promise<WorldOutcome> {
  const checked = worldName(newName);
  if (!checked.ok) return checked;
  const { name } = checked;
  const outcome = await services.repos.lobby.locked(async (lobby): Promise<Refusal | { ok: true; id: string }> => {
    const worlds = await lobby.worldSeats();
    const world = named(worlds, idOrName.trim());
    if (!world) return { ok: false, status: 404, message: UNKNOWN_WORLD_MESSAGE };
    const other = clashing(worlds, name, world.id);
    if (other) return lookAlike(name, other);
    await lobby.renameWorld(world.id, name);
    return { ok: true, id: world.id };
  });
  if (!outcome.ok) return outcome;
  return { ok: true, world: await summary(services, outcome.id) };
}
