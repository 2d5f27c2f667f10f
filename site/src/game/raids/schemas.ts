/**
 * What the Defence and raid history routes answer, read with the contract's schemas (api/contract/raids.ts) in the
 * validator worker, as the settlement answers are (settlements/markers.ts): a Defence answer that does not match is
 * an error (the section says it could not load); a raid that does not match is skipped (and logged).
 */
import { type } from 'arktype';
import { DefenceView, RaidView } from '../../../../api/contract/raids.ts';
import { undate } from '../settlements/markers.ts';

export function toDefenceView(value: unknown): DefenceView {
  const v = DefenceView(undate(value));
  if (v instanceof type.errors) throw new TypeError(`unexpected Defence answer: ${v.summary}`);
  return v;
}

export function toRaidViews(list: unknown): RaidView[] {
  if (!Array.isArray(list)) return [];
  const out: RaidView[] = [];
  for (const entry of list) {
    const v = RaidView(undate(entry));
    if (v instanceof type.errors) console.warn('[raids] skipped a raid:', v.summary);
    else out.push(v);
  }
  return out;
}
