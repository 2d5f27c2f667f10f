/**
 * Settlement markers from GET /api/world/:id/settlements, read with the contract's SettlementSummary schema: an
 * entry that does not match it is skipped (and logged), the rest become markers.
 */
import { type } from 'arktype';
import { SettlementSummary } from '../../../../api/contract/protocol.ts';

export interface SettlementMarker {
  x: number;
  y: number;
  name: string;
}

export function toSettlementMarkers(list: unknown): SettlementMarker[] {
  if (!Array.isArray(list)) return [];
  const out: SettlementMarker[] = [];
  for (const entry of list) {
    const s = SettlementSummary(entry);
    if (s instanceof type.errors) console.warn('[settlements] skipped an entry:', s.summary);
    else out.push({ x: s.x, y: s.y, name: s.name });
  }
  return out;
}
