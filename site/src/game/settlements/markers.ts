/**
 * Settlement markers from GET /api/world/:id/settlements. The server answers an empty list until settlements
 * exist (a later issue); this reads only what a marker needs and skips anything without a position.
 */
export interface SettlementMarker {
  x: number;
  y: number;
  name: string;
}

export function toSettlementMarkers(list: unknown): SettlementMarker[] {
  if (!Array.isArray(list)) return [];
  const out: SettlementMarker[] = [];
  for (const s of list) {
    if (typeof s !== 'object' || s === null) continue;
    const { x, y, name } = s as { x?: unknown; y?: unknown; name?: unknown };
    if (typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y)) {
      out.push({ x, y, name: typeof name === 'string' ? name : 'Settlement' });
    }
  }
  return out;
}
