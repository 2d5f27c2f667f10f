import { type } from 'arktype';
import { InventoryItem, LootItem } from './items.ts';
import { text, worldIdText } from './text.ts';

/** The action rules live in api/game/actions.ts (plain, for the page); the server reads them here too. */
export * from '../game/actions.ts';

/** POST /api/poi/:id/scavenge and POST /api/forage name their world in the body (see WorldIdQuery for GETs). */
export const ScavengeBody = type({ worldId: worldIdText });
export const PoiParams = type({ id: text(1, 80) });
export const ForageBody = type({ worldId: worldIdText, playerX: 'number', playerY: 'number' });

import { Survivor } from './npcs.ts';

/** Answer of POST /api/poi/:id/scavenge. */
export const ScavengeResult = type({
  items: LootItem.array(),
  depleted: 'boolean',
  currentSignificance: 'number',
  newSignificance: 'number',
  'npcRecruitment?': { npc: Survivor, settlements: 'unknown[]' },
  npcSpawnCheck: { shouldSpawn: 'boolean' },
  /** What did not fit in the pack and stays at the site (the next search there picks it up), and the words for it. */
  'left?': LootItem.array(),
  'message?': 'string',
});
export type ScavengeResult = typeof ScavengeResult.infer;

/** Answer of POST /api/forage. */
export const ForageResult = type({
  items: LootItem.array(),
  tilesForaged: 'number',
  /** Finds that did not fit in the pack (left where they grew), and the words for it. */
  'left?': LootItem.array(),
  'message?': 'string',
});
export type ForageResult = typeof ForageResult.infer;

/** Answer of GET /api/player/inventory. */
export const Inventory = type({
  items: InventoryItem.array(),
  /** Grams carried (pack and worn) and carried at full speed: api/game/carrying.ts. */
  load: 'number',
  capacity: 'number',
});

/** Answer of GET /api/player/npc-spawn-check: a survivor drawn by a recent scavenge, if any. */
export const NpcSpawnCheck = type({ shouldSpawn: 'boolean', 'npc?': Survivor, settlements: 'unknown[]' });

/** A request made where the server does not place the survivor (a move still on its way): retry shortly. */
export const POSITION_OUT_OF_SYNC = 'Your position is out of sync with the server; wait a moment and try again';
