/** POIs on the map, their significance as the server reports it (poi_updated), and the arrow to the nearest unsearched one. */
import type { GameSession } from '../session/context.ts';
import { SiteArrowLayer } from './arrow-layer.ts';
import { PoiLayer } from './layer.ts';

export function wirePois(s: GameSession): { pois: PoiLayer; siteArrow: SiteArrowLayer } {
  const layer = new PoiLayer(s.engine.terrain);
  const siteArrow = new SiteArrowLayer(s.engine.terrain, layer);
  s.onStop(s.engine.addLayer(layer));
  s.onStop(s.engine.addLayer(siteArrow));
  s.onStop(s.live.on('poiUpdated', (poi) => layer.setSignificance(poi.id, poi.currentSignificance)));
  // The nearby-POI card listens to positions: let it hear the change on the next frame.
  s.onStop(layer.onChange(() => s.engine.walk.repeatPosition()));
  return { pois: layer, siteArrow };
}
