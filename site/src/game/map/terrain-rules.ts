/**
 * Which ground stops a walker: the server's own set (water and mountains, api/contract/world.ts), imported
 * rather than copied so the client never disagrees with the referee. Biome codes come from the WASM core.
 */
import { IMPASSABLE } from '../../../../api/game/world.ts';
import { Biome } from '../../../../core-wasm/constants.ts';

export { IMPASSABLE };
export const isImpassableBiome = (code: number) => IMPASSABLE.has(code);
export const isHills = (code: number) => code === Biome.hills;
