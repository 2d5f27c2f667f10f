/**
 * The bench's routes (api/modules/crafting) through the typed client, bound to one world: queue a craft, cancel a
 * job, read the queue (with the contract's schema, in the validator worker: schemas.ts).
 */
import type { CraftQueueView } from '../../../../api/contract/crafting.ts';
import { api, unwrap } from '../../lib/api.ts';
import { read } from '../validate/client.ts';
import type { CraftCalls } from './actions.ts';

export function craftCalls(worldId: string): CraftCalls {
  const one = (id: string) => api.api.settlements({ id });
  return {
    craft: (id, body) => unwrap(one(id).craft.post({ ...body, worldId })),
    cancel: (id, jobId) => unwrap(one(id)['craft-queue']({ jobId }).delete()),
  };
}

export interface CraftReads {
  queue(settlementId: string): Promise<CraftQueueView>;
}

export const craftReads: CraftReads = {
  queue: async (id) => read('craftQueue', await unwrap(api.api.settlements({ id })['craft-queue'].get())),
};
