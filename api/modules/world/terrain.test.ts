import { expect, test } from 'bun:test';
import { CHUNK_SIZE, loadCoreForBun, tileIndexInChunk } from '../../../core-wasm/index.ts';
import { CoreTerrain } from './terrain.ts';

test('the chunks a terrain remembers near the walkers answer what the core generates, across chunk edges and signs', async () => {
  const core = await loadCoreForBun();
  const terrain = new CoreTerrain(core, 777);
  const fresh = (cx: number, cy: number) => core.generateChunk(777, cx, cy).biomes;
  // Tiles over 6 × 6 chunks around the origin, visited in a scrambled order so chunks 4 apart share a slot in turn.
  const tiles: [number, number][] = [];
  for (let i = 0; i < 4_000; i++) {
    const h = Math.imul(i, 2654435761) >>> 0;
    tiles.push([(h % (6 * CHUNK_SIZE)) - 3 * CHUNK_SIZE, ((h >>> 12) % (6 * CHUNK_SIZE)) - 3 * CHUNK_SIZE]);
  }
  const chunks = new Map<string, Uint8Array>();
  for (const [tx, ty] of tiles) {
    const cx = Math.floor(tx / CHUNK_SIZE);
    const cy = Math.floor(ty / CHUNK_SIZE);
    let biomes = chunks.get(`${cx},${cy}`);
    if (!biomes) chunks.set(`${cx},${cy}`, (biomes = fresh(cx, cy).slice()));
    expect(terrain.biomeAtTile(tx, ty)).toBe(biomes[tileIndexInChunk(tx, ty)]!);
  }
  expect(chunks.size).toBe(36);
});

test("a spawn site's ground is the biome of its tile, and its chunk's POIs are the core's", async () => {
  const core = await loadCoreForBun();
  const search = new CoreTerrain(core, 4242);
  const check = new CoreTerrain(core, 4242);
  const { sites } = search.spawnSites({ x: 12, y: -40 });
  expect(sites.length).toBeGreaterThan(50);
  for (const { poi, ground } of sites) expect(ground).toBe(check.biomeAtTile(poi.tileX, poi.tileY));
  // Generated once for its POIs, the chunk's biomes are the core's too.
  expect(search.chunkBiomes(0, -1)).toEqual(core.generateChunk(4242, 0, -1).biomes);
  expect(search.pois(0, -1)).toEqual(core.pois(4242, 0, -1));
});
