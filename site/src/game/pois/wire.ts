/** POIs on the map, and their significance as the server reports it (poi_updated). */
import type { GameSession } from '../session/context.ts';
import { PoiLayer } from './layer.ts';

export function wirePois(s: GameSession): PoiLayer {
  const layer = new PoiLayer(s.engine.terrain);
  s.onStop(s.engine.addLayer(layer));
  s.onStop(s.live.on('poiUpdated', (poi) => layer.setSignificance(poi.id, poi.currentSignificance)));
  // The nearby-POI card listens to positions: let it hear the change on the next frame.
  s.onStop(layer.onChange(() => s.engine.walk.repeatPosition()));
  return layer;
}
