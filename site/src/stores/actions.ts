/**
 * What the Actions, Scavenge Results and Inventory panels show (spec section 2), as nanostores. The logic that
 * fills them lives in site/src/game/actions/; these are plain state plus a few derived values.
 */
import type { NpcSkill } from '../../../api/game/npc-skills.ts';
import type { PackState } from '../../../api/game/carrying.ts';
import { atom, computed } from 'nanostores';
import { isPickedClean, sameForageArea, type Tools } from '../../../api/game/actions.ts';
import type { InventoryItem, LootItem } from '../../../api/contract/items.ts';
import type { BiomeName, PoiType } from '../../../core-wasm/constants.ts';
import { $gear } from './equipment.ts';

/** The POI whose reach covers the survivor (the nearest one), with its current significance. */
export interface NearbyPoiView {
  id: string;
  name: string;
  type: PoiType;
  biome: BiomeName;
  landmark: boolean;
  significance: number;
  currentSignificance: number;
}
export const $nearbyPoi = atom<NearbyPoiView | null>(null);

/** The survivor's tile (changes at most once per 5 world units). */
export interface TilePos {
  tileX: number;
  tileY: number;
}
export const $playerTile = atom<TilePos | null>(null);
/** Where the last forage succeeded (this visit). */
export const $lastForage = atom<TilePos | null>(null);
export const $foraging = atom(false);
/** A scavenge request is in flight (manual or an auto-scavenge step). */
export const $scavenging = atom(false);
/** The running auto-scavenge, if any. */
export const $autoScavenge = atom<{ poiId: string; poiName: string } | null>(null);
/**
 * The server said this POI is searched out for us (its answer depends on our tools) at this significance. Holds
 * until the significance changes (recovery, someone else's search) or we walk to another POI.
 */
export const $exhausted = atom<{ poiId: string; significance: number } | null>(null);

/** Forage is disabled while one is pending, or where the last one was (the same-area rule of api/contract). */
export const $forageScoured = computed(
  [$lastForage, $playerTile],
  (last, here) => !!last && !!here && sameForageArea(last, here),
);

/**
 * 'Area picked clean' (and Scavenge disabled): the shared rule of api/contract, isPickedClean — at or below the
 * floor the worn tools allow (0, −3 with a crowbar, −5 with a multitool), exactly where the server stops
 * searching — or the server's depleted answer still holds.
 */
export function pickedClean(
  poi: NearbyPoiView,
  exhausted: { poiId: string; significance: number } | null,
  tools: Tools,
): boolean {
  return isPickedClean(poi, tools) || isExhausted(poi, exhausted);
}
export function isExhausted(poi: NearbyPoiView, exhausted: { poiId: string; significance: number } | null): boolean {
  return !!exhausted && exhausted.poiId === poi.id && exhausted.significance === poi.currentSignificance;
}

/** One scavenge or forage, for the Scavenge Results panel. */
export interface ResultEntry {
  id: number;
  kind: 'scavenge' | 'forage';
  /** Where: the POI's name, or the tile foraged around. */
  place: string;
  /** ISO time. */
  at: string;
  items: LootItem[];
  /** A short line under the items ('Significance 4 → 3', 'Searched 25 tiles', …). */
  note: string;
}
export const RESULTS_KEPT = 8;
export const $results = atom<ResultEntry[]>([]);
let resultId = 1;

/** Newest first, the last 8. */
export function addResult(entry: Omit<ResultEntry, 'id' | 'at'>, at = new Date()): void {
  $results.set([{ ...entry, id: resultId++, at: at.toISOString() }, ...$results.get()].slice(0, RESULTS_KEPT));
}

/** Grams carried (pack and worn) and carried at full speed, as the server weighs them (api/game/carrying.ts). */
export type PackLoad = PackState;
export type InventoryState =
  | { status: 'loading'; items: InventoryItem[]; pack?: PackLoad }
  | { status: 'ready'; items: InventoryItem[]; pack?: PackLoad }
  | { status: 'error'; items: InventoryItem[]; pack?: PackLoad; message: string };
export const $inventory = atom<InventoryState>({ status: 'loading', items: [] });
/** The tools worn (a tool in the pack does nothing; the server reads the same rows: api/game/equipment wornTools). */
export const $tools = computed($gear, (gear) => gear.tools);

/**
 * A survivor drawn by a scavenge (the 'Wanderer Approaches' dialog), until recruited or dismissed. `named`: the
 * scavenge's answer named them (else the spec's 'Unknown Survivor' stands in until the dialog loads the offer).
 */
export const $wanderer = atom<{ name: string; description: string; skills?: NpcSkill[]; named: boolean } | null>(null);

export function resetActionStores(): void {
  $nearbyPoi.set(null);
  $playerTile.set(null);
  $lastForage.set(null);
  $foraging.set(false);
  $scavenging.set(false);
  $autoScavenge.set(null);
  $exhausted.set(null);
  $results.set([]);
  $inventory.set({ status: 'loading', items: [] });
  $wanderer.set(null);
}
