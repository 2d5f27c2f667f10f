/**
 * The Activity Log shows the server's game log and nothing else: the events listed at the start (fetched when wired,
 * unless given), each world_event while the socket is up, GET /events while it is down and once when it comes back
 * (to fill the gap). The store drops an event it already has by its id; the client composes no lines of its own.
 */
import { api, unwrap } from '../../lib/api.ts';
import { addLogEntries, toLogEntry } from '../../stores/game.ts';
import type { GameSession } from '../session/context.ts';

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
  let wasDown = false;
  s.onStop(
    s.live.on('status', (status) => {
      if (status === 'reconnecting' || status === 'closed') wasDown = true;
    }),
  );
  s.onStop(
    s.live.on('connected', () => {
      if (!wasDown) return;
      wasDown = false;
      void load();
    }),
  );
}
