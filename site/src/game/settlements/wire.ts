/** Settlement markers around the survivor: GET /settlements every 10 s, and at once when the socket says one changed. */
import { SETTLEMENT_CHUNK_RADIUS } from '../../../../api/contract/world.ts';
import { api, unwrap } from '../../lib/api.ts';
import { chunkOfWorld } from '../map/geometry.ts';
import type { GameSession } from '../session/context.ts';
import { SettlementLayer } from './layer.ts';
import { toSettlementMarkers } from './markers.ts';

export const SETTLEMENT_POLL_MS = 10_000;

export function wireSettlements(s: GameSession): SettlementLayer {
  const layer = new SettlementLayer();
  s.onStop(s.engine.addLayer(layer));
  const poll = async () => {
    const p = s.engine.position;
    try {
      const list = await unwrap(
        api.api.world({ worldId: s.worldId }).settlements.get({
          query: { centerChunkX: chunkOfWorld(p.x), centerChunkY: chunkOfWorld(p.y), chunkRadius: SETTLEMENT_CHUNK_RADIUS },
        }),
      );
      layer.set(toSettlementMarkers(list));
    } catch (err) {
      s.failed('settlements poll', err);
    }
  };
  void poll();
  s.interval(poll, SETTLEMENT_POLL_MS);
  s.onStop(s.live.on('settlementChanged', () => void poll()));
  return layer;
}
