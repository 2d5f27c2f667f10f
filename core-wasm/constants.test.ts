import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import * as C from './constants.ts';
import { generateAssemblyConstants, generatedEntries, tableType } from './generate-constants.ts';
import { defaultWasmPath } from './index.ts';

/** The built module's exports, read without the wrapper: this test checks the module itself. */
const instance = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(defaultWasmPath())));
const exports = instance.exports as Record<string, unknown>;
const memory = exports.memory as WebAssembly.Memory;

function globalValue(name: string): number {
  const g = exports[name];
  if (!(g instanceof WebAssembly.Global)) throw new Error(`core.wasm does not export ${name}`);
  return Number(g.value);
}

describe('constants: TypeScript and the built module agree', () => {
  const entries = generatedEntries();

  test('the generated AssemblyScript file is up to date (bun run build:wasm rewrites it)', () => {
    expect(readFileSync(`${import.meta.dir}/assembly/generated/constants.ts`, 'utf8')).toBe(generateAssemblyConstants());
  });

  test('every scalar constant is exported by the module with the same value', () => {
    const scalars = entries.filter((e) => e.kind === 'scalar');
    expect(scalars.length).toBeGreaterThan(40);
    for (const e of scalars) {
      const v = globalValue(e.name);
      // u32 globals come back as i32 bit patterns.
      expect({ name: e.name, value: (e.value as number) >= 2 ** 31 ? v >>> 0 : v }).toEqual({
        name: e.name,
        value: e.value as number,
      });
    }
  });

  test('every table in the module holds the TypeScript values', () => {
    for (const e of entries.filter((x) => x.kind === 'table')) {
      const values = e.value as readonly number[];
      const ptr = globalValue(e.name) >>> 0;
      expect(globalValue(`${e.name}_LENGTH`)).toBe(values.length);
      const read =
        tableType(values) === 'i32'
          ? new Int32Array(memory.buffer, ptr, values.length)
          : new Float64Array(memory.buffer, ptr, values.length);
      expect({ name: e.name, values: [...read] }).toEqual({ name: e.name, values: [...values] });
    }
  });

  test('the spec numbers', () => {
    expect(C.CHUNK_SIZE).toBe(128);
    expect(C.TILE_SIZE).toBe(5);
    expect(C.BIOME_NAMES).toEqual(['plains', 'water', 'desert', 'hills', 'marsh', 'ruins', 'forest', 'mountains']);
    expect(C.BIOME_NAMES.map((n) => C.Biome[n])).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(C.TERRAIN_COST).toEqual([0.8, 0.8, 1.2, 1.8, 2.5, 3, 4, 5]);
    expect(C.LOS_MAX_COST).toBe(20);
    expect(C.VISION_BASE_TILES).toBe(35);
    expect(C.BINOCULARS_MULTIPLIER).toBe(2.5);
    expect(C.HILLS_MULTIPLIER).toBe(2);
    expect(C.MAX_VISION_RADIUS).toBe(175);
    expect(C.INTERACTION_RADIUS).toBe(40);
  });

  test('the POI tables are consistent', () => {
    expect(C.POI_RADIUS.length).toBe(C.POI_TYPES.length);
    expect(C.POI_DENSITY_PER_MILLE.length).toBe(C.POI_CONTEXT_COUNT);
    expect(C.POI_TYPE_WEIGHTS.length).toBe(C.POI_CONTEXT_COUNT);
    expect(C.POI_DENSITY_PER_MILLE[C.PoiContext.water]).toBe(0);
    for (const [ctx, pairs] of C.POI_TYPE_WEIGHTS.entries()) {
      if (ctx === C.PoiContext.water) continue;
      expect(pairs.length).toBeGreaterThan(0);
      for (const [type, weight] of pairs) {
        expect(type).toBeGreaterThanOrEqual(0);
        expect(C.POI_TYPES[type]).not.toBe('basic_shelter');
        expect(weight).toBeGreaterThan(0);
      }
    }
  });

  test('the LOS kernel’s 16-bit arithmetic cannot overflow: cost × largest column weight < 2^15', () => {
    expect(Math.max(...C.TERRAIN_COST_TENTHS) * 2 * C.MAX_VISION_RADIUS).toBeLessThan(2 ** 15);
  });
});
