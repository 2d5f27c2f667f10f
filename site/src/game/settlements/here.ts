/**
 * Which settlement and which shelter the survivor stands at, by the reaches the server checks
 * (api/game/settlements.ts): a settlement is "here" within SETTLEMENT_REACH of its centre, where building and
 * storage work; a shelter without a settlement is "here" within SHELTER_REACH, or anywhere in the reach of the POI
 * it upgraded (the server finds a POI's shelter by the POI, not by distance). Pure.
 */
import type { SettlementView, ShelterView } from '../../../../api/contract/settlements.ts';
import { SETTLEMENT_REACH, SHELTER_REACH } from '../../../../api/game/settlements.ts';

export interface Point {
  x: number;
  y: number;
}

export const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

export function nearestWithin<T extends Point>(list: readonly T[], at: Point, reach: number): T | null {
  let best: T | null = null;
  let bestD = Infinity;
  for (const p of list) {
    const d = distance(p, at);
    if (d <= reach && d < bestD) {
      best = p;
      bestD = d;
    }
  }
  return best;
}

export interface HereIds {
  settlementId: string | null;
  shelterId: string | null;
}

/** `poiInReach`: the id of the POI whose reach covers the survivor ($nearbyPoi), if any. */
export function pickHere(
  settlements: readonly SettlementView[],
  shelters: readonly ShelterView[],
  at: Point,
  poiInReach: string | null,
): HereIds {
  const settlement = nearestWithin(settlements, at, SETTLEMENT_REACH);
  if (settlement) return { settlementId: settlement.id, shelterId: null };
  const free = shelters.filter((s) => s.settlementId === null);
  const atPoi = poiInReach ? free.find((s) => s.poiId === poiInReach) : undefined;
  const shelter = atPoi ?? nearestWithin(free, at, SHELTER_REACH);
  return { settlementId: null, shelterId: shelter?.id ?? null };
}

export const sameHere = (a: HereIds, b: HereIds): boolean => a.settlementId === b.settlementId && a.shelterId === b.shelterId;
