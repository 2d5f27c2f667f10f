import { useId } from 'react';
import type { SettlementView } from '../../../../../api/contract/settlements.ts';

/** Someone else's settlement: what it is, and that only survivors with a bed there manage it. */
export function VisibleSettlement({ settlement: s }: { settlement: SettlementView }) {
  const titleId = useId();
  return (
    <article className="stl-card stl-card--other" aria-labelledby={titleId} data-testid="settlement-visible">
      <h3 id={titleId} className="stl-card__title">
        {s.name}
      </h3>
      <dl className="stl-facts">
        <div>
          <dt>Founder</dt>
          <dd>{s.founderName}</dd>
        </div>
        <div>
          <dt>Beds</dt>
          <dd>
            {s.beds - s.emptyBeds} taken of {s.beds}
          </dd>
        </div>
        <div>
          <dt>Land</dt>
          <dd className="stl-facts__cap">{s.biome}</dd>
        </div>
      </dl>
      <p className="stl-note" data-testid="settlement-not-yours">
        This settlement belongs to someone else: you have no bed here, so you may not manage it.
      </p>
    </article>
  );
}
