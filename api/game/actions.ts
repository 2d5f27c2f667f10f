/**
 * The action rules the page and the server share: the server judges every request with these functions
 * (api/modules/actions/service.ts, api/game/scavenge.ts) and the Actions panel enables its buttons with the very
 * same ones, so a button is never offered for a request the server would refuse.
 */
export const AUTO_SCAVENGE_INTERVAL_MS = 1500;

// ── Foraging: the same-area rule (spec section 4) ───────────────────────────────────────────────────────────────

/** Forage "same area": positions bucketed into 5-tile cells; same area within 2 cells on both axes. */
export const FORAGE_CELL_TILES = 5;
export const FORAGE_CELL_RADIUS = 2;

/**
 * Whether two forage positions (tiles) lie in the same area. The server refuses a forage in the same area as the
 * player's last one (409, ACTION_TEXT.alreadyScoured); the Forage button is disabled there.
 */
export function sameForageArea(a: { tileX: number; tileY: number }, b: { tileX: number; tileY: number }): boolean {
  const cell = (t: number) => Math.floor(t / FORAGE_CELL_TILES);
  return (
    Math.abs(cell(a.tileX) - cell(b.tileX)) <= FORAGE_CELL_RADIUS && Math.abs(cell(a.tileY) - cell(b.tileY)) <= FORAGE_CELL_RADIUS
  );
}

// ── Scavenging: when a place is picked clean ───────────────────────────────────────────────────────────────────

/** Tools change how deep a place can be searched; they work only when worn (api/game/equipment.ts wornTools). */
export interface Tools {
  crowbar: boolean;
  multitool: boolean;
  scanner: boolean;
}
export const NO_TOOLS: Tools = { crowbar: false, multitool: false, scanner: false };
/** The item that gives each tool when worn. */
export const TOOL_ITEMS = { crowbar: 'Crowbar', multitool: 'Multitool', scanner: 'Scanner' } as const satisfies Record<
  keyof Tools,
  string
>;

/** The tools these worn item names give. */
export function toolsFrom(itemNames: Iterable<string>): Tools {
  const held = new Set(itemNames);
  return {
    crowbar: held.has(TOOL_ITEMS.crowbar),
    multitool: held.has(TOOL_ITEMS.multitool),
    scanner: held.has(TOOL_ITEMS.scanner),
  };
}

/** Without tools a place is picked clean at 0; a crowbar pries on to −3, a multitool to −5 (wiki: Equipment). */
export const SIGNIFICANCE_FLOOR = { none: 0, crowbar: -3, multitool: -5 } as const;

/** The lowest significance these tools can search a place down to. */
export function significanceFloor(tools: Tools): number {
  if (tools.multitool) return SIGNIFICANCE_FLOOR.multitool;
  if (tools.crowbar) return SIGNIFICANCE_FLOOR.crowbar;
  return SIGNIFICANCE_FLOOR.none;
}

/**
 * 'Area picked clean' for a survivor with these tools: the place's current significance is at or below their floor.
 * The server then searches nothing (depleted, no loot) and the Scavenge button is disabled.
 */
export function isPickedClean(poi: { currentSignificance: number }, tools: Tools): boolean {
  return poi.currentSignificance <= significanceFloor(tools);
}

/** Spec texts the islands show for these actions. */
export const ACTION_TEXT = {
  alreadyScoured: 'You have already scoured this area. Try moving elsewhere.',
  pickedClean: 'Area picked clean',
} as const;
