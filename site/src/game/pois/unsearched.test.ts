import { expect, test } from 'bun:test';
import type { Poi } from '../../../../core-wasm/index.ts';
import { SIGNIFICANCE_FLOOR } from '../../../../api/game/actions.ts';
import { nearestUnsearched } from './unsearched.ts';

const poi = (id: string, x: number, y: number, significance = 4): Poi => ({
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
  radius: 10,
  biome: 'plains',
  significance,
});
const bare = { crowbar: false, multitool: false, scanner: false };

test('the nearest site with significance left for the worn tools; picked-clean ones are passed over', () => {
  const pois = [poi('near', 100, 0), poi('far', 400, 0), poi('mid', 0, 250)];
  const left = new Map([['near', SIGNIFICANCE_FLOOR.none]]); // searched down to the floor
  const sig = (p: Poi) => left.get(p.id) ?? p.significance;
  expect(nearestUnsearched(pois, { x: 0, y: 0 }, sig, bare, null)).toEqual({ poi: pois[2]!, distance: 250 });
  left.set('mid', 0);
  expect(nearestUnsearched(pois, { x: 0, y: 0 }, sig, bare, null)?.poi.id).toBe('far');
  left.set('far', 0);
  expect(nearestUnsearched(pois, { x: 0, y: 0 }, sig, bare, null)).toBeNull();
});

test('a crowbar searches below the bare-handed floor: a site picked clean by hand is worth it again', () => {
  const p = poi('a', 50, 0);
  const sig = () => SIGNIFICANCE_FLOOR.none;
  expect(nearestUnsearched([p], { x: 0, y: 0 }, sig, bare, null)).toBeNull();
  expect(nearestUnsearched([p], { x: 0, y: 0 }, sig, { ...bare, crowbar: true }, null)?.poi.id).toBe('a');
});

test('no arrow while the survivor stands in reach of a site worth searching; one picked clean in reach does not hide it', () => {
  const here = poi('here', 0, 0);
  const other = poi('other', 300, 0);
  expect(nearestUnsearched([here, other], { x: 0, y: 0 }, (p) => p.significance, bare, here)).toBeNull();
  const sig = (p: Poi) => (p.id === 'here' ? 0 : p.significance);
  expect(nearestUnsearched([here, other], { x: 0, y: 0 }, sig, bare, here)?.poi.id).toBe('other');
});
