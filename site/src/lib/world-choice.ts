/**
 * Which world /game opens, pure: the URL's `?world=`, else the world of the player's seat (the access
 * check names it when it refuses `default` with NOT_SEATED_HERE_REASON), else `default`. Plain imports only: this is
 * part of the page's first JavaScript.
 */
import type { LobbyAccess } from '../../../api/contract/lobby.ts';
import { NOT_SEATED_HERE_REASON } from '../../../api/game/lobby.ts';
import { DEFAULT_WORLD_ID } from '../../../api/game/world.ts';

/** A world id as the API takes one (api/contract/text.ts worldIdText: 1 to 64 characters). */
const MAX_WORLD_ID = 64;

/** The world the game is about. `pinned`: named by the URL, or already settled by an access answer; it stays. */
export interface WorldPick {
  worldId: string;
  pinned: boolean;
}

/** `?world=` of a location's search string, or null when absent, blank or too long to be a world id. */
export function worldOfUrl(search: string): string | null {
  const world = new URLSearchParams(search).get('world')?.trim();
  return world && world.length <= MAX_WORLD_ID ? world : null;
}

/** Before any answer: the URL's world (pinned), else `default` until the access check says where the seat is. */
export function firstPick(search: string): WorldPick {
  const fromUrl = worldOfUrl(search);
  return fromUrl === null ? { worldId: DEFAULT_WORLD_ID, pinned: false } : { worldId: fromUrl, pinned: true };
}

/**
 * After an access answer: an unpinned pick follows the seat once (refused here, seated in the world the answer
 * names); any other answer pins it. A world the URL named is never left: its refusal is shown instead.
 */
export function afterAccess(pick: WorldPick, access: LobbyAccess): WorldPick {
  if (pick.pinned) return pick;
  const seatElsewhere =
    !access.canAccessGame &&
    access.reason === NOT_SEATED_HERE_REASON &&
    access.worldId !== undefined &&
    access.worldId !== pick.worldId;
  return { worldId: seatElsewhere ? access.worldId! : pick.worldId, pinned: true };
}

/** The address of a world's game. */
export function gameHref(worldId: string): string {
  return `/game?world=${encodeURIComponent(worldId)}`;
}
