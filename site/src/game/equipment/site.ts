/**
 * Where gear can be changed: the nearest settlement the survivor manages within the equipment reach of its centre
 * (the server's rule, api/game/equipment.ts). Pure.
 */
import type { SettlementView } from '../../../../api/contract/settlements.ts';
import { EQUIPMENT_REACH } from '../../../../api/game/equipment.ts';
import type { EquipSite } from '../../stores/equipment.ts';

export function equipSiteAt(mine: readonly SettlementView[], at: { x: number; y: number }): EquipSite | null {
  let best: SettlementView | null = null;
  let bestD = Infinity;
  for (const s of mine) {
    if (s.status !== 'manageable') continue;
    const d = Math.hypot(s.x - at.x, s.y - at.y);
    if (d <= EQUIPMENT_REACH && d < bestD) {
      best = s;
      bestD = d;
    }
  }
  return best && { id: best.id, name: best.name, x: best.x, y: best.y };
}

export const sameSite = (a: EquipSite | null, b: EquipSite | null): boolean => (a?.id ?? null) === (b?.id ?? null);
