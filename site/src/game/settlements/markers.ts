/**
 * What the settlement calls answer, read with the contract's schemas (api/contract/settlements.ts): an entry that
 * does not match is skipped (and logged), the rest are used as they are. Eden turns ISO strings into Dates on the
 * way in (site/src/lib/api.ts), so dates are put back into strings before the schema reads them.
 */
import { type Type, type } from 'arktype';
import { BedInvitation } from '../../../../api/contract/beds.ts';
import { BedAssignment, BuildingView, SettlementView, ShelterView, StorageEntry } from '../../../../api/contract/settlements.ts';
import type { BedAssignmentView } from '../../stores/settlements.ts';

/** Dates back to the ISO strings the server sent, at any depth. */
export function undate(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(undate);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, undate(v)]));
  }
  return value;
}

function entries<T>(schema: Type<T>, list: unknown, what: string): T[] {
  if (!Array.isArray(list)) return [];
  const out: T[] = [];
  for (const entry of list) {
    const v = schema(undate(entry));
    if (v instanceof type.errors) console.warn(`[settlements] skipped ${what}:`, v.summary);
    else out.push(v as T);
  }
  return out;
}

export const toSettlementViews = (list: unknown): SettlementView[] => entries(SettlementView, list, 'a settlement');
export const toShelterViews = (list: unknown): ShelterView[] => entries(ShelterView, list, 'a shelter');
export const toBuildingViews = (list: unknown): BuildingView[] => entries(BuildingView, list, 'a building');
export const toStorageEntries = (list: unknown): StorageEntry[] => entries(StorageEntry, list, 'a container');
export const toBedAssignments = (list: unknown): BedAssignmentView[] => entries(BedAssignment, list, 'a bed');
export const toInvitations = (list: unknown): BedInvitation[] => entries(BedInvitation, list, 'an invitation');
