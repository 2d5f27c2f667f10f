/**
 * What the Settlement and Your Settlements panels show (spec section 2), as nanostores. The logic that fills them
 * lives in site/src/game/settlements/; these are plain state plus the lookups the panels derive from it.
 */
import { atom, computed } from 'nanostores';
import type { BedInvitation } from '../../../api/contract/beds.ts';
import type {
  BedAssignment,
  BuildingView,
  SettlementView,
  ShelterView,
  StorageEntry,
  SettlementProgress,
} from '../../../api/contract/settlements.ts';

/** Settlements in the 7 × 7 chunks around the survivor (GET /world/:id/settlements), with the caller's status. */
export const $settlements = atom<readonly SettlementView[]>([]);
/** Shelters in the same region, with the settlement built on each, if any. */
export const $shelters = atom<readonly ShelterView[]>([]);

export type MineState =
  | { status: 'loading'; list: readonly SettlementView[] }
  | { status: 'ready'; list: readonly SettlementView[] }
  | { status: 'error'; list: readonly SettlementView[]; message: string };
/** The settlements the player manages in this world, wherever they are (Your Settlements). */
export const $mine = atom<MineState>({ status: 'loading', list: [] });

/** The survivor's position, refreshed once per tile walked (distances in the lists need no more). */
export const $survivorAt = atom<{ x: number; y: number } | null>(null);

/**
 * Which settlement and which free shelter are "here" (game/settlements/here.ts decides from the exact position);
 * ids only, so a poll that brings the same places again does not re-render the panels.
 */
export const $hereIds = atom<{ settlementId: string | null; shelterId: string | null }>({
  settlementId: null,
  shelterId: null,
});

export const $hereSettlement = computed(
  [$hereIds, $settlements],
  (ids, list) => list.find((s) => s.id === ids.settlementId) ?? null,
);
export const $hereShelter = computed([$hereIds, $shelters], (ids, list) => list.find((s) => s.id === ids.shelterId) ?? null);

/** The buildings and containers of the settlement here, when the player manages it. */
export const $buildings = atom<{ settlementId: string; list: readonly BuildingView[] } | null>(null);
export const $storage = atom<{ settlementId: string; entries: readonly StorageEntry[] } | null>(null);
/** The level of the settlement here and what the next one asks, when the player manages it. */
export const $progress = atom<{ settlementId: string; progress: SettlementProgress } | null>(null);

/** One bed as GET /settlements/:id/bed-assignments answers it (the contract exports only the schema). */
export type BedAssignmentView = typeof BedAssignment.infer;

/** Who sleeps in (or is invited to) each bed of the settlement here, when the player manages it. */
export const $beds = atom<{
  settlementId: string;
  assignments: readonly BedAssignmentView[];
  pending: readonly BedInvitation[];
} | null>(null);

export type InvitationsState =
  | { status: 'loading'; list: readonly BedInvitation[] }
  | { status: 'ready'; list: readonly BedInvitation[] }
  | { status: 'error'; list: readonly BedInvitation[]; message: string };
/** Bed invitations waiting for the player's answer, in any settlement of this world (shown in Your Settlements). */
export const $invitations = atom<InvitationsState>({ status: 'loading', list: [] });

/** The bed the survivor wakes up in after logging out (GET /api/player/respawn); null until read. */
export interface RespawnView {
  bedName?: string;
  settlementName?: string;
  settlementId?: string;
}
export const $respawn = atom<RespawnView | null>(null);

/** The settlement action in flight (one at a time: every settlement button waits for it). */
export const $settlementBusy = atom<string | null>(null);

/** The server refused the shelter's POI (spec section 8): 'Create Settlement Here Anyway' shows. */
export const $offerCreateAnyway = atom(false);

/** Where the map's arrow points (Your Settlements' navigate toggle), until toggled off or arrived. */
export interface NavTarget {
  id: string;
  name: string;
  x: number;
  y: number;
}
export const $navTarget = atom<NavTarget | null>(null);

export function resetSettlementStores(): void {
  $settlements.set([]);
  $shelters.set([]);
  $mine.set({ status: 'loading', list: [] });
  $survivorAt.set(null);
  $hereIds.set({ settlementId: null, shelterId: null });
  $buildings.set(null);
  $storage.set(null);
  $progress.set(null);
  $beds.set(null);
  $invitations.set({ status: 'loading', list: [] });
  $respawn.set(null);
  $settlementBusy.set(null);
  $offerCreateAnyway.set(false);
  $navTarget.set(null);
}
