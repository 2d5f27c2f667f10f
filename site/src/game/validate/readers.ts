/**
 * What the page reads with the contract's schemas (arktype): the live connection's frames and the settlement, raid
 * and craft-queue calls' answers. Built only inside the validator worker (worker.ts), so the page itself never
 * evaluates arktype; the tests call these directly.
 */
import { parseServerMessage } from '../../../../api/contract/protocol.ts';
import { toCraftQueue } from '../crafting/schemas.ts';
import { toDefenceView, toRaidViews } from '../raids/schemas.ts';
import {
  toBedAssignments,
  toBuildingViews,
  toInvitations,
  toSettlementViews,
  toShelterViews,
  toStorageEntries,
} from '../settlements/markers.ts';

export const readers = {
  frame: parseServerMessage,
  settlements: toSettlementViews,
  shelters: toShelterViews,
  buildings: toBuildingViews,
  storage: toStorageEntries,
  beds: toBedAssignments,
  invitations: toInvitations,
  defence: toDefenceView,
  raids: toRaidViews,
  craftQueue: toCraftQueue,
};

export type Readers = typeof readers;
export type ReadKind = keyof Readers;
export type ReadResult<K extends ReadKind> = ReturnType<Readers[K]>;

export interface ReadRequest {
  id: number;
  kind: ReadKind;
  value: unknown;
}
export type ReadResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };
