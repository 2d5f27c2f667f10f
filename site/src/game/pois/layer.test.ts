import { expect, test } from 'bun:test';
import { CHUNK_SIZE } from '../../../../core-wasm/constants.ts';
import type { Poi } from '../../../../core-wasm/index.ts';
import { PoiLayer, type PoiSource } from './layer.ts';

const poi = (id: string, x: number, y: number, radius = 10, significance = 4): Poi => ({
  id,
  chunkX: 0,
  chunkY: 0,
  tileX: Math.floor(x / 5),
  tileY: Math.floor(y / 5),
  worldX: x,
  worldY: y,
  type: 'gas_station',
  name: `POI ${id}`,
  landmark: false,
  radius,
  biome: 'plains',
  significance,
});

function source(pois: Poi[]): PoiSource {
  return {
    loadedPois: (cx, cy) => (cx === 0 && cy === 0 ? pois : []),
    poisOf: (cx, cy) => (cx === 0 && cy === 0 ? pois : []),
    explored: { get: () => new Uint8Array((CHUNK_SIZE * CHUNK_SIZE) / 8).fill(255) },
  };
}

test('the nearest POI in reach (40 units, or its own larger radius), with the significance last heard', () => {
  const layer = new PoiLayer(source([poi('a', 100, 100), poi('b', 300, 100, 60)]));
  expect(layer.nearest(130, 100)?.id).toBe('a');
  expect(layer.nearest(145, 100)).toBeNull();
  expect(layer.nearest(245, 100)?.id).toBe('b');
  expect(layer.nearest(100, 100)?.currentSignificance).toBe(4);
  const heard: number[] = [];
  layer.onChange(() => heard.push(1));
  layer.setSignificance('a', 1);
  expect(layer.nearest(100, 100)).toMatchObject({ id: 'a', currentSignificance: 1, distance: 0 });
  expect(heard).toEqual([1]);
});
