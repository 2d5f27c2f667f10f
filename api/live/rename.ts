import { toLivePlayer } from './entity.ts';
import type { WorldRoom } from './room.ts';

/**
 * A user's new display name reached this process (the bus's `renamed`, hub-wide): the room's entity and its
 * presence entries carry it from now on (later players_list frames and rosters), and, when the survivor is present
 * in the world, this process's sockets there hear `player_updated`. Every process does the same for its own
 * sockets, so each observer is told once. No position: the frame goes to the whole world, not one interest area.
 */
export function applyRename(room: WorldRoom, userId: string, displayName: string | null): void {
  const e = room.entities.get(userId);
  if (e) e.displayName = displayName;
  room.presence.rename(userId, displayName);
  const entry = room.present().find((p) => p.id === userId);
  if (entry) room.frame({ to: 'world' }, { type: 'player_updated', player: toLivePlayer(entry, false) });
}
