/** The day/night clock: time_update on the socket, GET /time?worldId= every third poll while it is down. */
import type { TimeInfo } from '../../../../api/contract/protocol.ts';
import { api, unwrap } from '../../lib/api.ts';
import { $time } from '../../stores/game.ts';
import type { GameSession } from '../session/context.ts';

export function wireClock(s: GameSession, initial: TimeInfo): void {
  const set = (t: TimeInfo) => {
    $time.set(t);
    s.engine.setTime(t);
  };
  set(initial);
  s.onStop(s.live.on('timeUpdate', set));
  s.offline.add(async (n) => {
    if (n % 3 !== 1) return;
    try {
      set(await unwrap(api.api.time.get({ query: { worldId: s.worldId } })));
    } catch (err) {
      s.failed('clock poll', err);
    }
  });
}
