/**
 * Raids on the page, as nanostores: the raids on their way to the player's settlements (the banner, the
 * map's marker), and the Defence section and raid history of the settlement here. The logic that fills them lives in
 * site/src/game/raids/; these are plain state.
 */
import { atom } from 'nanostores';
import type { DefenceView, RaidView } from '../../../api/contract/raids.ts';

/** A raid announced and not yet arrived. */
export interface RaidWarning {
  settlementId: string;
  settlementName: string;
  x: number;
  y: number;
  /** ms since the epoch. */
  arriveAt: number;
  /** The scouts' estimate (raid_warning); null when the warning was read back from the Defence route after a reload. */
  strength: number | null;
}

/** Soonest first; one per settlement. */
export const $raidWarnings = atom<readonly RaidWarning[]>([]);

export type Loaded<T> =
  | { settlementId: string; status: 'ready'; value: T }
  | { settlementId: string; status: 'error'; message: string };

/** GET /settlements/:id/defence of the settlement here, while the player manages it. */
export const $defence = atom<Loaded<DefenceView> | null>(null);
/** GET /settlements/:id/raids of the settlement here, newest first. */
export const $raidHistory = atom<Loaded<readonly RaidView[]> | null>(null);

export function resetRaidStores(): void {
  $raidWarnings.set([]);
  $defence.set(null);
  $raidHistory.set(null);
}
