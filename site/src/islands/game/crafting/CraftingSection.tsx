import { useStore } from '@nanostores/react';
import { useId, useMemo, useState } from 'react';
import type { SettlementView } from '../../../../../api/contract/settlements.ts';
import { CRAFT_QUANTITY_MAX, recipeRefusal } from '../../../../../api/game/crafting.ts';
import { hasWorkshop } from '../../../../../api/game/settlement-levels.ts';
import {
  benchMs,
  clampQuantity,
  craftBook,
  type Holdings,
  holdings,
  inputRows,
  type RecipeEntry,
  type RecipeGroupView,
} from '../../../game/crafting/book.ts';
import { durationText, inputNote, missingText, paceText, productText } from '../../../game/crafting/text.ts';
import { $craftActions } from '../../../game/crafting/wire.ts';
import { $inventory } from '../../../stores/actions.ts';
import { $craftBusy, $craftQueue } from '../../../stores/crafting.ts';
import { $buildings, $storage } from '../../../stores/settlements.ts';
import { CraftQueue } from './CraftQueue.tsx';
import './crafting.css';

/**
 * The settlement's bench: its queue, then the recipe book in collapsed groups by what they make, the ones
 * the pack and this settlement's storage pay for first. Each recipe lists its inputs as have/need (what is missing,
 * what sits in storage), its bench time, a quantity and Craft (off, with the reason, when something is missing).
 */
export function CraftingSection({ settlement: s }: { settlement: SettlementView }) {
  const loaded = useStore($craftQueue);
  const inv = useStore($inventory);
  const storage = useStore($storage);
  const headId = useId();
  const q = loaded?.settlementId === s.id ? loaded : null;
  const crafters = q?.status === 'ready' ? q.value.crafters : 0;
  const stored = storage?.settlementId === s.id ? storage.entries : null;
  const h = useMemo(() => holdings(inv.items, stored ?? []), [inv.items, stored]);
  const book = useMemo(() => craftBook(h), [h]);
  const jobs = q?.status === 'ready' ? q.value.jobs.length : 0;
  return (
    <section className="stl-block craft" aria-labelledby={headId} data-testid="crafting">
      <h4 id={headId} className="stl-block__title">
        Crafting
        {jobs > 0 && <span className="wl-muted craft__count">{jobs} queued</span>}
      </h4>
      <CraftQueue loaded={q} />
      <p className="act-hint wl-muted" data-testid="craft-pace">
        {paceText(crafters)}
      </p>
      <div className="craft-groups">
        {book.map((g) => (
          <RecipeGroup key={g.group} group={g} holdings={h} crafters={crafters} />
        ))}
      </div>
    </section>
  );
}

function RecipeGroup({ group: g, holdings: h, crafters }: { group: RecipeGroupView; holdings: Holdings; crafters: number }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="craft-group"
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      data-testid="craft-group"
      data-group={g.group}
    >
      <summary className="craft-group__head">
        <span className="craft-group__label">{g.label}</span>
        <span className={g.ready > 0 ? 'craft-group__count craft-group__count--ready' : 'craft-group__count'}>
          {g.ready} of {g.recipes.length} ready
        </span>
      </summary>
      {open && (
        <ul className="craft-recipes" aria-label={`${g.label} recipes`}>
          {g.recipes.map((e) => (
            <RecipeRow key={e.recipe.id} entry={e} holdings={h} crafters={crafters} />
          ))}
        </ul>
      )}
    </details>
  );
}

function RecipeRow({
  entry: { recipe: r, times },
  holdings: h,
  crafters,
}: {
  entry: RecipeEntry;
  holdings: Holdings;
  crafters: number;
}) {
  const busy = useStore($craftBusy);
  const actions = useStore($craftActions);
  const standing = useStore($buildings);
  // The Workshop of the settlement whose bench this is ($buildings holds the settlement here, which it is).
  const workshop = hasWorkshop(standing?.list ?? []);
  const [raw, setRaw] = useState('1');
  const qtyId = useId();
  const whyId = useId();
  const quantity = clampQuantity(raw);
  const rows = inputRows(r, quantity, h);
  const missing = recipeRefusal(r, workshop) ?? missingText(rows);
  return (
    <li
      className={missing ? 'craft-recipe craft-recipe--short' : 'craft-recipe'}
      data-testid="recipe"
      data-recipe-id={r.id}
      data-affordable={times > 0}
    >
      <div className="craft-recipe__head">
        <span className="craft-recipe__name">{productText(r, quantity)}</span>
        <span className="craft-recipe__time" title="Bench time at this settlement's pace">
          {durationText(benchMs(r, quantity, crafters, workshop))}
        </span>
      </div>
      <ul className="craft-inputs" aria-label={`${r.name} needs`}>
        {rows.map((row) => {
          const note = inputNote(row);
          return (
            <li
              key={row.itemName}
              className={row.short ? 'craft-input craft-input--short' : 'craft-input'}
              data-testid="craft-input"
            >
              <span className="craft-input__name">{row.itemName}</span>
              <span className="craft-input__count">
                {row.have}/{row.need}
                {row.short && <span className="wl-visually-hidden"> (not enough)</span>}
              </span>
              {note && <span className="craft-input__note">{note}</span>}
            </li>
          );
        })}
      </ul>
      <form
        className="craft-recipe__controls"
        onSubmit={(e) => {
          e.preventDefault();
          if (!missing) void actions?.craft(r.id, quantity);
        }}
      >
        <label htmlFor={qtyId} className="craft-recipe__qty-label">
          Qty
          <span className="wl-visually-hidden"> of {r.name}</span>
        </label>
        <input
          id={qtyId}
          className="wl-input craft-recipe__qty"
          type="number"
          inputMode="numeric"
          min={1}
          max={CRAFT_QUANTITY_MAX}
          step={1}
          value={raw}
          onChange={(e) => setRaw(e.target.value)}
          onBlur={() => setRaw(String(quantity))}
        />
        <button
          type="submit"
          className="wl-button wl-button--sm"
          aria-label={`Craft ${r.name}`}
          aria-describedby={missing ? whyId : undefined}
          disabled={!actions || !!busy || !!missing}
        >
          {busy === `craft:${r.id}` ? 'Crafting...' : 'Craft'}
        </button>
        {missing ? (
          <span id={whyId} className="craft-recipe__why" data-testid="craft-missing">
            {missing}
          </span>
        ) : (
          times > 1 && (
            <span className="craft-recipe__enough" title={`Your pack and this settlement's storage pay for ${times}`}>
              max {times}
            </span>
          )
        )}
      </form>
    </li>
  );
}
