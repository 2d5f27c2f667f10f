import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useId, useMemo } from 'react';
import { SETTLEMENT_TEXT } from '../../../../../api/game/settlements.ts';
import { cleanName, SETTLEMENT_NAME_MAX, SHELTER_COST, shelterNotYours } from '../../../../../api/game/settlements.ts';
import { affordable, materialRows } from '../../../game/settlements/costs.ts';
import { $settlementActions } from '../../../game/settlements/wire.ts';
import { $inventory } from '../../../stores/actions.ts';
import { $me } from '../../../stores/game.ts';
import { $hereShelter, $offerCreateAnyway, $settlementBusy } from '../../../stores/settlements.ts';
import { MaterialList } from './MaterialList.tsx';

/** No settlement here: build a shelter (if none stands here), then name it a settlement. */
export function UnsettledArea() {
  const shelter = useStore($hereShelter);
  const me = useStore($me);
  const titleId = useId();
  // The server's rule, mirrored: only a shelter's builder may found a settlement on it.
  const othersShelter = shelter !== null && shelter.builtBy !== null && me !== null && shelter.builtBy !== me.id;
  return (
    <article className="stl-card" aria-labelledby={titleId} data-testid="unsettled-area">
      <h3 id={titleId} className="stl-card__title">
        Unsettled Area
      </h3>
      {othersShelter ? (
        <p className="act-hint wl-muted" data-testid="others-shelter">
          {shelterNotYours(null)}.
        </p>
      ) : shelter ? (
        <CreateSettlement atPoi={shelter.poiId !== null} />
      ) : (
        <BuildShelter />
      )}
    </article>
  );
}

function BuildShelter() {
  const inv = useStore($inventory);
  const busy = useStore($settlementBusy);
  const actions = useStore($settlementActions);
  const rows = useMemo(() => materialRows(inv.items, SHELTER_COST), [inv.items]);
  const ok = affordable(rows);
  const hint = useId();
  return (
    <>
      <p className="act-hint wl-muted">
        No shelter stands here. Build one to found a settlement; next to a point of interest it upgrades that place.
      </p>
      <MaterialList rows={rows} label="Shelter materials" />
      <button
        type="button"
        className="wl-button wl-button--sm stl-card__action"
        disabled={!actions || !ok || !!busy}
        aria-describedby={ok ? undefined : hint}
        onClick={() => void actions?.buildShelter()}
      >
        {busy === 'shelter' ? 'Building...' : 'Build Shelter'}
      </button>
      {!ok && (
        <p id={hint} className="act-hint act-hint--warn">
          Not enough materials: gather what is missing first.
        </p>
      )}
    </>
  );
}

/**
 * The name being typed, kept outside the form: the settlement panel re-mounts this form when the area reloads (a shelter
 * read again, a region poll), and a name typed a moment before must not vanish with it.
 */
const $draftName = atom('');

function CreateSettlement({ atPoi }: { atPoi: boolean }) {
  const busy = useStore($settlementBusy);
  const actions = useStore($settlementActions);
  const anyway = useStore($offerCreateAnyway);
  const name = useStore($draftName);
  const setName = (value: string) => $draftName.set(value);
  const inputId = useId();
  const valid = cleanName(name).length > 0;
  const create = async (opts?: { anyway: boolean }) => {
    if (await actions?.createSettlement(name, opts)) setName('');
  };
  return (
    <>
      <p className="act-hint wl-muted">
        {atPoi ? 'A shelter stands at this point of interest.' : 'A basic shelter stands here.'} Name it to found your settlement.
      </p>
      <form
        className="stl-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) void create();
        }}
      >
        <label htmlFor={inputId} className="stl-form__label">
          Settlement name
        </label>
        <input
          id={inputId}
          className="wl-input stl-form__input"
          value={name}
          maxLength={SETTLEMENT_NAME_MAX}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="wl-button wl-button--sm" disabled={!actions || !valid || !!busy}>
          {busy === 'settlement' ? 'Founding...' : 'Create Settlement'}
        </button>
      </form>
      {anyway && (
        <button
          type="button"
          className="wl-button wl-button--sm wl-button--ghost stl-card__action"
          disabled={!actions || !valid || !!busy}
          onClick={() => void create({ anyway: true })}
        >
          {SETTLEMENT_TEXT.createAnyway}
        </button>
      )}
    </>
  );
}
