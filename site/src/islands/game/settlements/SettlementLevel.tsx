import { useStore } from '@nanostores/react';
import { useId } from 'react';
import type { BuildingView, SettlementView } from '../../../../../api/contract/settlements.ts';
import {
  buildingLevelCap,
  UNLOCKED_BUILDING_DEFS,
  unlockedBuildingCost,
  WALL_DEFENCE_PER_LEVEL,
} from '../../../../../api/game/settlement-levels.ts';
import { formatMaterials } from '../../../../../api/game/settlements.ts';
import { $settlementActions } from '../../../game/settlements/wire.ts';
import { $progress, $settlementBusy } from '../../../stores/settlements.ts';

/**
 * The settlement's level and the way to the next: every requirement with have/need (buildings, NPCs, and the cost from
 * the pack and storage together), the Level up button once all are met, and the Walls' next level where they stand.
 */
export function SettlementLevel({
  settlement: s,
  buildings,
}: {
  settlement: SettlementView;
  buildings: readonly BuildingView[];
}) {
  const progress = useStore($progress);
  const busy = useStore($settlementBusy);
  const actions = useStore($settlementActions);
  const headId = useId();
  const p = progress?.settlementId === s.id ? progress.progress : null;
  const walls = buildings.find((b) => b.type === 'walls');
  const wallsCap = buildingLevelCap('walls', s.level);
  return (
    <section className="stl-block" aria-labelledby={headId} data-testid="settlement-level">
      <h4 id={headId} className="stl-block__title">
        Level: {s.levelName}
      </h4>
      {!p ? (
        <p className="act-hint wl-muted">Reading the settlement's progress...</p>
      ) : !p.next ? (
        <p className="act-hint">A Stronghold: the highest level.</p>
      ) : (
        <>
          <p className="act-hint wl-muted">
            Next: <strong>{p.next.levelName}</strong>
            {p.next.met ? ' — everything is ready' : ''}
          </p>
          <ul className="stl-materials" aria-label={`${p.next.levelName} requirements`}>
            {p.next.requirements.map((r) => {
              const short = r.have < r.need;
              return (
                <li key={r.what} className={short ? 'stl-materials__row stl-materials__row--short' : 'stl-materials__row'}>
                  <span className="stl-materials__name">{r.what}</span>
                  <span className="stl-materials__count">
                    {Math.min(r.have, r.need)}/{r.need}
                    {short && <span className="wl-visually-hidden"> (not yet)</span>}
                  </span>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="wl-button wl-button--sm"
            disabled={!actions || !p.next.met || !!busy}
            onClick={() => void actions?.levelUp()}
          >
            {busy === 'level-up' ? 'Levelling up...' : `Level up to ${p.next.levelName}`}
          </button>
        </>
      )}
      {walls && (
        <p className="act-hint">
          {walls.name}: level {walls.level} (+{walls.level * WALL_DEFENCE_PER_LEVEL} defence).{' '}
          {walls.level < wallsCap ? (
            <button
              type="button"
              className="wl-button wl-button--sm wl-button--ghost"
              disabled={!actions || !!busy}
              onClick={() => void actions?.reinforce(walls.id)}
            >
              Raise to {walls.level + 1} ({formatMaterials(unlockedBuildingCost('walls', walls.level + 1))})
            </button>
          ) : (
            <span className="wl-muted">
              {walls.level >= UNLOCKED_BUILDING_DEFS.walls.maxLevel
                ? 'At their highest.'
                : "As high as the settlement's level allows."}
            </span>
          )}
        </p>
      )}
    </section>
  );
}
