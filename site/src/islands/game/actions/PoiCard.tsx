import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { ACTION_TEXT } from '../../../../../api/game/actions.ts';
import { $actions } from '../../../game/actions/wire.ts';
import { poiTypeLabel } from '../../../game/actions/text.ts';
import { $autoScavenge, $exhausted, $nearbyPoi, $scavenging, $tools, pickedClean } from '../../../stores/actions.ts';

/** The nearest POI within reach: what it is, how much is left, Scavenge and Auto-Scavenge. */
export function PoiCard() {
  const poi = useStore($nearbyPoi);
  const exhausted = useStore($exhausted);
  const tools = useStore($tools);
  const auto = useStore($autoScavenge);
  const busy = useStore($scavenging);
  const actions = useStore($actions);
  const nameId = useId(); // the panel renders twice (sidebar and mobile sheet)
  if (!poi) {
    return (
      <p className="act-hint wl-muted" data-testid="poi-none">
        No point of interest within reach. Walk up to one on the map to search it.
      </p>
    );
  }
  const clean = pickedClean(poi, exhausted, tools);
  const blocked = !actions || busy || !!auto || clean;
  return (
    <article className="act-poi" aria-labelledby={nameId} data-testid="poi-card" data-poi-id={poi.id}>
      <h3 id={nameId} className="act-poi__name">
        {poi.name}
      </h3>
      <p className="act-poi__meta">
        {poiTypeLabel(poi.type)} · {poi.biome}
        {poi.landmark && ' · Landmark'}
      </p>
      <p className="act-poi__sig">
        <span>Significance</span>
        <meter min={0} max={Math.max(1, poi.significance)} value={Math.max(0, poi.currentSignificance)} aria-hidden="true" />
        <span data-testid="poi-significance">
          {poi.currentSignificance} / {poi.significance}
        </span>
      </p>
      {poi.landmark && (
        <p className="act-hint" data-testid="poi-landmark">
          <strong>Landmark:</strong> survivors gather here. A search while it is busy (significance 40 or more) can draw a
          wanderer to recruit.
        </p>
      )}
      {clean && <p className="act-poi__clean">{ACTION_TEXT.pickedClean}</p>}
      <div className="act-poi__buttons">
        <button type="button" className="wl-button wl-button--sm" disabled={blocked} onClick={() => void actions?.scavenge()}>
          {busy && !auto ? 'Scavenging...' : 'Scavenge'}
        </button>
        {auto ? (
          <button type="button" className="wl-button wl-button--sm wl-button--danger" onClick={() => actions?.stopAuto()}>
            Stop Auto-Scavenge
          </button>
        ) : (
          <button
            type="button"
            className="wl-button wl-button--sm wl-button--ghost"
            disabled={blocked}
            onClick={() => actions?.startAuto()}
          >
            Auto-Scavenge
          </button>
        )}
      </div>
      {auto && (
        <p className="act-hint wl-muted" role="status">
          Auto-scavenging {auto.poiName}: a search every 1.5 s.
        </p>
      )}
    </article>
  );
}
