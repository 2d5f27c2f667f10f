import { type } from 'arktype';
import type { LootItem } from './items.ts';
import { text, worldIdText } from './text.ts';

/** Client mirrors of the action rules (the server's checks are the real guard). */
export const AUTO_SCAVENGE_INTERVAL_MS = 1500;
/** Forage "same area": positions bucketed into 5-tile cells; same area within 2 cells on both axes. */
export const FORAGE_CELL_TILES = 5;
export const FORAGE_CELL_RADIUS = 2;

export function sameForageArea(a: { tileX: number; tileY: number }, b: { tileX: number; tileY: number }): boolean {
  const cell = (t: number) => Math.floor(t / FORAGE_CELL_TILES);
  return (
    Math.abs(cell(a.tileX) - cell(b.tileX)) <= FORAGE_CELL_RADIUS && Math.abs(cell(a.tileY) - cell(b.tileY)) <= FORAGE_CELL_RADIUS
  );
}

/** Spec texts the islands show for these actions. */
export const ACTION_TEXT = {
  alreadyScoured: 'You have already scoured this area. Try moving elsewhere.',
  pickedClean: 'Area picked clean',
} as const;

export const ScavengeBody = type({ worldId: worldIdText });
export const PoiParams = type({ id: text(1, 80) });
export const ForageBody = type({ worldId: worldIdText, playerX: 'number', playerY: 'number' });
export const WorldQuery = type({ 'worldId?': worldIdText });

/** Answers of POST /api/poi/:id/scavenge and POST /api/forage. */
export interface ScavengeResult {
  items: LootItem[];
  depleted: boolean;
  currentSignificance: number;
  newSignificance: number;
  npcRecruitment?: { npc: { name: string; description: string }; settlements: unknown[] };
  npcSpawnCheck: { shouldSpawn: boolean };
}

export interface ForageResult {
  items: LootItem[];
  tilesForaged: number;
}
