/**
 * When walking between sectors earns a line in the game log. A sector the player has never explored is a
 * discovery, logged once per player and sector; any other crossing is a travel line, at most one per player per
 * TRAVEL_LOG_INTERVAL_MS, so pacing back and forth over a border cannot flood everyone's log.
 */
export const TRAVEL_LOG_INTERVAL_MS = 60_000;
/** Sectors remembered per walker; past this the memory starts over (a repeat discovery line at worst). */
export const KNOWN_SECTORS_MAX = 4096;

export interface TravelLogMemory {
  /** Sectors already logged as discovered or known to be explored. */
  knownSectors: Set<string>;
  /** When the last travel line was written, ms (0: never). */
  lastTravelAt: number;
}

export function newTravelLogMemory(): TravelLogMemory {
  return { knownSectors: new Set(), lastTravelAt: 0 };
}

/** Sectors are chunks: their key is the chunk key of core-wasm/geometry.ts. */
export { chunkKey as sectorKey } from '../../core-wasm/geometry.ts';

/**
 * Records that the walker entered the sector; answers true on the first entry this memory has seen, when the
 * caller should ask the store whether it was explored before (a discovery if not).
 */
export function noteSectorEntry(memory: TravelLogMemory, key: string): boolean {
  if (memory.knownSectors.has(key)) return false;
  if (memory.knownSectors.size >= KNOWN_SECTORS_MAX) memory.knownSectors.clear();
  memory.knownSectors.add(key);
  return true;
}

/** Takes the walker's travel-line slot if the interval has passed; answers whether a line may be written. */
export function takeTravelLogSlot(memory: TravelLogMemory, now: number): boolean {
  if (memory.lastTravelAt !== 0 && now - memory.lastTravelAt < TRAVEL_LOG_INTERVAL_MS) return false;
  memory.lastTravelAt = now;
  return true;
}
