import { expect, test } from 'bun:test';
import { LayerStack, LayerZ, type MapLayer } from './layer.ts';

const layer = (name: string, z: number | undefined, out: string[]): MapLayer => ({ z, draw: () => void out.push(name) });

test('layers draw in z order, ties in the order they were added; removing one leaves the rest', () => {
  const drawn: string[] = [];
  const stack = new LayerStack();
  stack.add(layer('self', LayerZ.self, drawn));
  const removeNpcs = stack.add(layer('npcs', LayerZ.npcs, drawn));
  stack.add(layer('pois', LayerZ.pois, drawn));
  stack.add(layer('survivors', LayerZ.survivors, drawn));
  stack.add(layer('default', undefined, drawn));
  stack.add(layer('pois-2', LayerZ.pois, drawn));
  for (const l of stack.all) l.draw({} as CanvasRenderingContext2D, {} as never);
  expect(drawn).toEqual(['default', 'pois', 'pois-2', 'survivors', 'npcs', 'self']);
  removeNpcs();
  expect(stack.all).toHaveLength(5);
});
