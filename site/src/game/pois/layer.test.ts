import { expect, test } from 'bun:test';
import { CHUNK_SIZE } from '../../../../core-wasm/constants.ts';
import type { Poi } from '../../../../core-wasm/index.ts';
import type { EquipmentItem } from '../../../../api/contract/equipment.ts';
import { TOOL_ITEMS } from '../../../../api/game/actions.ts';
import { equipSlotOf } from '../../../../api/game/equipment.ts';
import { $equipment } from '../../stores/equipment.ts';
import { plainView, recordingContext } from '../map/test-canvas.ts';
import { FEW_POIS, namedNearest, PoiLayer, type PoiSource } from './layer.ts';

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

test('needsDraw: after a draw only a changed significance or a change of worn tools (they grey POIs out) redraws', () => {
  $equipment.set({ status: 'ready', items: [] });
  const layer = new PoiLayer(source([poi('a', 100, 100), poi('b', 300, 100)]));
  const ctx = recordingContext();
  expect(layer.needsDraw()).toBe(true); // never drawn
  layer.draw(ctx, plainView(0));
  expect(layer.needsDraw()).toBe(false);
  layer.setSignificance('a', 1);
  expect(layer.needsDraw()).toBe(true);
  layer.draw(ctx, plainView(16));
  expect(layer.needsDraw()).toBe(false);
  layer.setSignificance('a', 1); // heard again, unchanged
  expect(layer.needsDraw()).toBe(false);

  const crowbar: EquipmentItem = { id: 'c', itemName: TOOL_ITEMS.crowbar, slot: equipSlotOf(TOOL_ITEMS.crowbar)!, quality: 50 };
  $equipment.set({ status: 'ready', items: [crowbar] });
  expect(layer.needsDraw()).toBe(true);
  layer.draw(ctx, plainView(32));
  expect(layer.needsDraw()).toBe(false);
  $equipment.set({ status: 'ready', items: [{ ...crowbar, quality: 40 }] }); // a new list, the same tools
  expect(layer.needsDraw()).toBe(false);
  $equipment.set({ status: 'loading', items: [] });
});

test('names at the default zoom: all while few sites are on screen, the nearest to the centre when many are', () => {
  $equipment.set({ status: 'ready', items: [] });
  const names = (count: number, zoom: number) => {
    const pois = Array.from({ length: count }, (_, i) => poi(String(i), 20 + i * 20, 100));
    const calls: string[] = [];
    const view = plainView(0, { camera: { x: 0, y: 0, zoom, width: 800, height: 600 }, tactical: zoom > 1.5 });
    new PoiLayer(source(pois)).draw(recordingContext(calls), view);
    return calls.filter((c) => c.startsWith('fillText')).length;
  };
  expect(names(3, 1)).toBe(3);
  expect(names(FEW_POIS, 1)).toBe(FEW_POIS);
  expect(names(FEW_POIS + 1, 1)).toBe(FEW_POIS);
  expect(names(30, 1)).toBe(FEW_POIS);
  expect(names(3, 0.6)).toBe(0); // zoomed out: markers only
  expect(names(FEW_POIS + 1, 2)).toBe(FEW_POIS + 1); // tactical
});

test('a crowded screen names the sites nearest its centre', () => {
  const shown = Array.from({ length: 20 }, (_, i) => ({ poi: `p${i}`, x: 400 + (i % 2 ? 1 : -1) * i * 15, y: 300 }));
  const named = namedNearest(shown, 400, 300);
  expect(named.size).toBe(FEW_POIS);
  expect([...named].sort()).toEqual(Array.from({ length: FEW_POIS }, (_, i) => `p${i}`).sort());
  expect(namedNearest(shown.slice(0, 3), 0, 0).size).toBe(3);
});
