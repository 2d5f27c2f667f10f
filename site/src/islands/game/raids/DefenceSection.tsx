import { useStore } from '@nanostores/react';
import { useId } from 'react';
import type { DefenceView } from '../../../../../api/contract/raids.ts';
import type { SettlementView } from '../../../../../api/contract/settlements.ts';
import { MEDICINE_PER_INJURY } from '../../../../../api/game/upkeep.ts';
import { formatCountdown } from '../../../game/raids/countdown.ts';
import { ammoText, exposure, threatHint, upkeepText, whenText } from '../../../game/raids/defence.ts';
import { THREAT_LABELS } from '../../../game/raids/text.ts';
import { pending } from '../../../game/raids/warnings.ts';
import { $defence, $raidWarnings } from '../../../stores/raids.ts';
import { $storage } from '../../../stores/settlements.ts';
import { useNow } from '../useNow.ts';
import { clock } from './clock.ts';
import './raids.css';

/**
 * The settlement's Defence: an announced raid or beginner's protection first, then rating, defenders,
 * ammunition, threat, what lies above the containers' protected parts, the next night, and upkeep.
 */
export function DefenceSection({ settlement: s }: { settlement: SettlementView }) {
  const loaded = useStore($defence);
  const headId = useId();
  const d = loaded?.settlementId === s.id ? loaded : null;
  return (
    <section className="stl-block raid-defence" aria-labelledby={headId} data-defence="" data-testid="defence">
      <h4 id={headId} className="stl-block__title">
        Defence
        {d?.status === 'ready' && (
          <span className={`raid-threat raid-threat--${d.value.threat}`} data-testid="defence-threat">
            Threat: {THREAT_LABELS[d.value.threat]}
          </span>
        )}
      </h4>
      {!d ? (
        <p className="act-hint wl-muted">Loading the defence...</p>
      ) : d.status === 'error' ? (
        <p className="act-hint wl-error">Could not load the defence: {d.message}</p>
      ) : (
        <DefenceBody settlementId={s.id} view={d.value} />
      )}
    </section>
  );
}

function DefenceBody({ settlementId, view: d }: { settlementId: string; view: DefenceView }) {
  const warnings = useStore($raidWarnings);
  const storage = useStore($storage);
  const now = useNow(1000);
  const coming = pending(warnings, now).find((w) => w.settlementId === settlementId);
  const protectedUntil = d.protectedUntil && Date.parse(d.protectedUntil) > now ? d.protectedUntil : null;
  const ammo = ammoText(d);
  const upkeep = upkeepText(d.upkeep);
  const containers = storage?.settlementId === settlementId ? exposure(storage.entries) : [];
  const at = (iso: string, past?: string) => whenText(iso, now, (ms) => clock(ms, now), past);
  return (
    <>
      {coming ? (
        <p className="raid-note raid-note--alert" data-testid="defence-raid">
          Raiders arrive in <strong>{formatCountdown(coming.arriveAt - now)}</strong>
          {coming.strength === null ? '' : `: strength about ${coming.strength} against your ${d.rating}`}. Members here at
          arrival fight too.
        </p>
      ) : protectedUntil ? (
        <p className="raid-note raid-note--safe" data-testid="defence-protected">
          Protected from raids until {at(protectedUntil)}.
        </p>
      ) : null}
      {!protectedUntil && <p className="act-hint wl-muted">{threatHint(d, now)}.</p>}
      <dl className="stl-facts">
        <div>
          <dt>Defence rating</dt>
          <dd data-testid="defence-rating">{d.rating}</dd>
        </div>
        <div>
          <dt>Defenders</dt>
          <dd>{d.defenders}</dd>
        </div>
        <div>
          <dt>Ammunition</dt>
          <dd>{ammo.text}</dd>
        </div>
        <div>
          <dt>Above protection</dt>
          <dd data-testid="defence-wealth">{d.wealthAbove} units</dd>
        </div>
        {d.nextRaidAt ? (
          <div>
            <dt>Raiders arrive</dt>
            <dd>{Date.parse(d.nextRaidAt) > now ? clock(Date.parse(d.nextRaidAt), now) : 'now'}</dd>
          </div>
        ) : (
          <div>
            <dt>{Date.parse(d.nextNightAt) > now ? 'Next night' : 'Night'}</dt>
            <dd>{at(d.nextNightAt, 'now')}</dd>
          </div>
        )}
      </dl>
      {ammo.short && <p className="raid-note raid-note--warn">{ammo.short}</p>}
      {containers.length > 0 && (
        <>
          <p className="act-hint wl-muted">Raiders never take the first {d.protectedCapacity} units of a container:</p>
          <ul className="raid-exposure" aria-label="What each container holds above its protected part">
            {containers.map((c) => (
              <li key={c.id} className={c.above > 0 ? 'raid-exposure__row raid-exposure__row--exposed' : 'raid-exposure__row'}>
                <span className="raid-exposure__name">{c.name}</span>
                <span className="raid-exposure__qty">
                  {c.above > 0 ? `${c.stored} · ${c.above} at risk` : `${c.stored} · safe`}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <h5 className="raid-defence__sub">Upkeep</h5>
      <p className="act-hint" data-testid="defence-upkeep">
        {upkeep.text}
      </p>
      {upkeep.short && <p className="raid-note raid-note--warn">{upkeep.short}</p>}
      <p className="act-hint wl-muted">
        Medicine stored: {d.upkeep.medicine}. It treats injured NPCs by itself, {MEDICINE_PER_INJURY} per injury.
      </p>
    </>
  );
}
