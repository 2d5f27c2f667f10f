/**
 * What the craft-queue route answers, read with the contract's schema (api/contract/crafting.ts) in the validator
 * worker, as the raid answers are (raids/schemas.ts): an answer that does not match is an error (the section says it
 * could not load the queue).
 */
import { type } from 'arktype';
import { CraftQueueView } from '../../../../api/contract/crafting.ts';
import { undate } from '../settlements/markers.ts';

export function toCraftQueue(value: unknown): CraftQueueView {
  const v = CraftQueueView(undate(value));
  if (v instanceof type.errors) throw new TypeError(`unexpected craft queue answer: ${v.summary}`);
  return v;
}
