/**
 * The Activity Log shows the server's game log: the events listed at the start (fetched when wired,
 * unless given), each world_event while the socket is up, GET /events while it is down and once when it comes back
 * (to fill the gap). The store drops an event it already has by its id. The client composes no world lines of its own;
 * only the personal lines of the frames the server sends a settlement's members alone (raids/wire.ts) are the page's.
 */
import { api, unwrap } from '../../lib/api.ts';
import { addLogEntries, toLogEntry } from '../../stores/game.ts';
import { type GameSession, onReconnected } from '../session/context.ts';

type StoredEvent = Parameters<typeof toLogEntry>[0];

/** GET /api/world/{id}/events. */
export const listEvents = async (worldId: string): Promise<StoredEvent[]> => unwrap(api.api.world({ worldId }).events.get());

export function wireGameLog(
  s: Pick<GameSession, 'worldId' | 'live' | 'offline' | 'onStop' | 'failed'>,
  initial?: readonly StoredEvent[],
  list: (worldId: string) => Promise<readonly StoredEvent[]> = listEvents,
): void {
  const load = async () => {
    try {
      addLogEntries((await list(s.worldId)).map(toLogEntry));
    } catch (err) {
      s.failed('game log', err);
    }
  };
  s.onStop(s.live.on('worldEvent', (e) => addLogEntries([toLogEntry(e)])));
  if (initial) addLogEntries(initial.map(toLogEntry));
  else void load();
  s.offline.add(load);
  onReconnected(s, () => void load());
}
