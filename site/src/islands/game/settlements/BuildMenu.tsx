import { useStore } from '@nanostores/react';
import { useId, useMemo, useState } from 'react';
import type { BuildingView } from '../../../../../api/contract/settlements.ts';
import { BUILDING_NAME_MAX, cleanName, formatMaterials } from '../../../../../api/game/settlements.ts';
import { isUnlockedBuilding, UNLOCKED_BUILDING_DEFS } from '../../../../../api/game/settlement-levels.ts';
import { affordable, materialRows } from '../../../game/settlements/costs.ts';
import { BUILD_KINDS, buildKind, costOfNext, defaultBuildingName, kindRefusal } from '../../../game/settlements/kinds.ts';
import { $settlementActions } from '../../../game/settlements/wire.ts';
import { $inventory } from '../../../stores/actions.ts';
import { $settlementBusy, $storage } from '../../../stores/settlements.ts';
import { MaterialList } from './MaterialList.tsx';

/**
 * Build a bed or a container: the next one of each kind costs more for every one already standing; paid from the pack,
 * then this settlement's storage.
 */
export function BuildMenu({
  settlementId,
  level,
  buildings,
}: {
  settlementId: string;
  level: number;
  buildings: readonly BuildingView[];
}) {
  const inv = useStore($inventory);
  const storage = useStore($storage);
  const busy = useStore($settlementBusy);
  const actions = useStore($settlementActions);
  const [key, setKey] = useState(BUILD_KINDS[0]!.key);
  const kind = buildKind(key);
  const [name, setName] = useState(defaultBuildingName(kind));
  const headId = useId();
  const kindId = useId();
  const nameId = useId();
  const costs = useMemo(() => new Map(BUILD_KINDS.map((k) => [k.key, costOfNext(k, buildings)])), [buildings]);
  // The pack and this settlement's storage pay together (pack first), as the server charges.
  const stored = storage?.settlementId === settlementId ? storage.entries : undefined;
  const rows = useMemo(() => materialRows(inv.items, costs.get(key)!, stored), [inv.items, costs, key, stored]);
  const refusal = kindRefusal(kind, level, buildings);
  const ok = affordable(rows) && !refusal;
  const valid = cleanName(name).length > 0;

  const choose = (next: string) => {
    // A name the player typed stays; the default follows the kind.
    if (cleanName(name) === '' || name === defaultBuildingName(kind)) setName(defaultBuildingName(buildKind(next)));
    setKey(next);
  };

  return (
    <section className="stl-block" aria-labelledby={headId}>
      <h4 id={headId} className="stl-block__title">
        Build
      </h4>
      <form
        className="stl-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (ok && valid) void actions?.build(kind, name);
        }}
      >
        <label htmlFor={kindId} className="stl-form__label">
          What
        </label>
        <select id={kindId} className="wl-input stl-form__input" value={key} onChange={(e) => choose(e.target.value)}>
          {BUILD_KINDS.map((k) => {
            const why = kindRefusal(k, level, buildings);
            return (
              <option key={k.key} value={k.key}>
                {k.label} ({why ?? formatMaterials(costs.get(k.key)!)})
              </option>
            );
          })}
        </select>
        <label htmlFor={nameId} className="stl-form__label">
          Name
        </label>
        <input
          id={nameId}
          className="wl-input stl-form__input"
          value={name}
          maxLength={BUILDING_NAME_MAX}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
        {isUnlockedBuilding(kind.type) ? <p className="act-hint wl-muted">{UNLOCKED_BUILDING_DEFS[kind.type].effect}.</p> : null}
        {refusal ? (
          <p className="act-hint act-hint--warn">
            {refusal === 'built'
              ? `${kind.label}: already built here`
              : `${kind.label} ${refusal}: level the settlement up first`}
          </p>
        ) : (
          <MaterialList rows={rows} label={`${kind.label} materials`} />
        )}
        <button type="submit" className="wl-button wl-button--sm" disabled={!actions || !ok || !valid || !!busy}>
          {busy === 'build' ? 'Building...' : `Build ${kind.label}`}
        </button>
      </form>
    </section>
  );
}
