/**
 * The raid reads (api/modules/settlements, members only) through the typed client: a settlement's Defence and its
 * raid history, read with the contract's schemas in the validator worker (schemas.ts).
 */
import type { DefenceView, RaidView } from '../../../../api/contract/raids.ts';
import { api, unwrap } from '../../lib/api.ts';
import { read } from '../validate/client.ts';

export interface RaidReads {
  defence(settlementId: string): Promise<DefenceView>;
  raids(settlementId: string): Promise<RaidView[]>;
}

export const raidReads: RaidReads = {
  defence: async (id) => read('defence', await unwrap(api.api.settlements({ id }).defence.get())),
  raids: async (id) => read('raids', (await unwrap(api.api.settlements({ id }).raids.get())).raids),
};
