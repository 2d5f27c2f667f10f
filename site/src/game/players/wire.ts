/**
 * Other survivors: the online list (header, sidebar) and their markers on the map, from the live connection or,
 * while it is down, GET /players. Also refreshes the survivor's own record ($me) every 20 s.
 */
import type { LivePlayer } from '../../../../api/contract/protocol.ts';
import { api, unwrap } from '../../lib/api.ts';
import { $me, removeOnline, setOnline, upsertOnline } from '../../stores/game.ts';
import type { GameSession } from '../session/context.ts';
import { SurvivorsLayer } from './layer.ts';

export const PLAYER_POLL_MS = 20_000;

export function wirePlayers(s: GameSession): SurvivorsLayer {
  const layer = new SurvivorsLayer(s.player.id, (x, y) => s.engine.sees(x, y));
  s.onStop(s.engine.addLayer(layer));
  const all = (players: LivePlayer[]) => {
    setOnline(players);
    layer.setAll(players);
  };
  s.onStop(s.live.on('playersList', all));
  s.onStop(
    s.live.on('playerJoined', (p) => {
      upsertOnline(p);
      layer.upsert(p);
    }),
  );
  s.onStop(
    s.live.on('playerUpdated', (p) => {
      upsertOnline(p);
      layer.upsert(p);
      const me = $me.get();
      if (me && me.id === p.id) $me.set({ ...me, displayName: p.displayName });
    }),
  );
  s.onStop(
    s.live.on('playerLeft', (id) => {
      removeOnline(id);
      layer.left(id);
    }),
  );
  s.onStop(s.live.on('playerMoved', (id, x, y) => layer.moved(id, x, y)));
  s.onStop(s.live.on('playerOutOfSight', (id) => layer.outOfSight(id)));
  s.offline.add(async () => {
    try {
      all((await unwrap(api.api.world({ worldId: s.worldId }).players.get())) as LivePlayer[]);
    } catch (err) {
      s.failed('players poll', err);
    }
  });
  s.interval(async () => {
    try {
      $me.set(await unwrap(api.api.player.current.get({ query: { worldId: s.worldId } })));
    } catch (err) {
      s.failed('player refresh', err);
    }
  }, PLAYER_POLL_MS);
  return layer;
}
