import { Biome, loadCoreForBun, TILE_SIZE } from '../../core-wasm/index.ts';

/** A spot `distance` units from (x, y) on ground a survivor may stand on, in a world of this seed. */
export async function passableStep(seed: number, x: number, y: number, distance = 4): Promise<{ x: number; y: number }> {
  const core = await loadCoreForBun();
  for (let a = 0; a < 16; a++) {
    const tx = x + Math.cos((a / 16) * 2 * Math.PI) * distance;
    const ty = y + Math.sin((a / 16) * 2 * Math.PI) * distance;
    const biome = core.biomeAt(seed, Math.floor(tx / TILE_SIZE), Math.floor(ty / TILE_SIZE));
    if (biome !== Biome.water && biome !== Biome.mountains) return { x: tx, y: ty };
  }
  throw new Error('no passable step');
}
