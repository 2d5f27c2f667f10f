import { useStore } from '@nanostores/react';
import { useId, useMemo } from 'react';
import type { BuildingView, SettlementView } from '../../../../../api/contract/settlements.ts';
import {
  buildingLevelCap,
  effectAtLevel,
  isUnlockedBuilding,
  UNLOCKED_BUILDING_DEFS,
  type UnlockedBuilding,
  unlockedBuildingCost,
} from '../../../../../api/game/settlement-levels.ts';
import { formatMaterials } from '../../../../../api/game/settlements.ts';
import { $settlementActions } from '../../../game/settlements/wire.ts';
import { $progress, $settlementBusy, $storage } from '../../../stores/settlements.ts';
import { CONDITION_MAX, daysInStore, upkeepOf } from '../../../../../api/game/building-upkeep.ts';

/**
 * The settlement's level and the way to the next: every requirement with have/need (buildings, NPCs, and the cost from
 * the pack and storage together), the Level up button once all are met, and the Workshop and Walls with their upkeep,
 * condition and next level.
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
  const storage = useStore($storage);
  const kept = buildings.filter((b) => isUnlockedBuilding(b.type));
  const stored = useMemo(() => {
    const m = new Map<string, number>();
    if (storage?.settlementId !== s.id) return m;
    for (const e of storage.entries) for (const i of e.items) m.set(i.itemName, (m.get(i.itemName) ?? 0) + i.quantity);
    return m;
  }, [storage, s.id]);
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
      {kept.length > 0 && (
        <ul className="stl-upkept" aria-label="Workshop and walls">
          {kept.map((b) => (
            <UpkeptRow key={b.id} building={b} settlementLevel={s.level} stored={stored} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A workshop or walls: level and what it does, its upkeep a day, condition and days of upkeep in store, and Raise. */
function UpkeptRow({
  building: b,
  settlementLevel,
  stored,
}: {
  building: BuildingView;
  settlementLevel: number;
  stored: ReadonlyMap<string, number>;
}) {
  const busy = useStore($settlementBusy);
  const actions = useStore($settlementActions);
  const type = b.type as UnlockedBuilding;
  const cap = buildingLevelCap(type, settlementLevel);
  const daily = upkeepOf({ type, level: b.level });
  const days = daysInStore(daily, stored);
  const condition = b.condition ?? CONDITION_MAX;
  const effect = effectAtLevel(type, b.level);
  return (
    <li className={condition < CONDITION_MAX ? 'stl-upkept__row stl-upkept__row--worn' : 'stl-upkept__row'} data-testid="upkept">
      <span>
        <strong>{b.name}</strong> level {b.level} ({effect})
      </span>
      <span className="act-hint wl-muted">
        {Object.keys(daily).length ? `Upkeep ${formatMaterials(daily)} a day` : 'No upkeep'} · condition {condition}/
        {CONDITION_MAX}
        {days !== null && ` · ${days} day${days === 1 ? '' : 's'} in store`}
      </span>
      {b.level < cap ? (
        <button
          type="button"
          className="wl-button wl-button--sm wl-button--ghost"
          disabled={!actions || !!busy}
          onClick={() => void actions?.reinforce(b.id)}
        >
          Raise to {b.level + 1} ({formatMaterials(unlockedBuildingCost(type, b.level + 1))})
        </button>
      ) : (
        <span className="act-hint wl-muted">
          {b.level >= UNLOCKED_BUILDING_DEFS[type].maxLevel ? 'At its highest.' : "As high as the settlement's level allows."}
        </span>
      )}
    </li>
  );
}
