import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { chooseSurvivorColour, colourDistance, MIN_COLOUR_DELTA_E, oklab, SURVIVOR_PALETTE } from './player-colours.ts';

const SEATS = 20;
const hexArb = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
const minPairwise = (colours: readonly string[]) => {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < colours.length; i++)
    for (let j = i + 1; j < colours.length; j++) min = Math.min(min, colourDistance(colours[i]!, colours[j]!));
  return min;
};

describe('survivor colours', () => {
  test('OKLab matches the published reference values', () => {
    const close = (hex: string, lab: [number, number, number]) => {
      for (const [i, v] of oklab(hex).entries()) expect(v).toBeCloseTo(lab[i]!, 3);
    };
    close('#ffffff', [1, 0, 0]);
    close('#000000', [0, 0, 0]);
    close('#ff0000', [0.62796, 0.22486, 0.12585]);
    close('#00ff00', [0.86644, -0.23389, 0.1795]);
    close('#0000ff', [0.45201, -0.03246, -0.31153]);
    expect(colourDistance('#123456', '#123456')).toBe(0);
  });

  test('the palette holds more colours than a world has seats, any two at least the bound apart', () => {
    expect(SURVIVOR_PALETTE.length).toBeGreaterThan(SEATS);
    expect(new Set(SURVIVOR_PALETTE).size).toBe(SURVIVOR_PALETTE.length);
    expect(minPairwise(SURVIVOR_PALETTE)).toBeGreaterThanOrEqual(MIN_COLOUR_DELTA_E);
  });

  test('any 20 survivors entering one world, in any order, with any colours kept from before, are pairwise ≥ the bound', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ seed: fc.nat(), current: fc.option(fc.oneof(hexArb, fc.constantFrom(...SURVIVOR_PALETTE))) }), {
          minLength: SEATS,
          maxLength: SEATS,
        }),
        fc.array(fc.nat({ max: SEATS - 1 }), { maxLength: 30 }),
        (survivors, reentries) => {
          const worn = new Map<number, string>();
          const enter = (i: number) => {
            const others = [...worn].filter(([j]) => j !== i).map(([, c]) => c);
            worn.set(i, chooseSurvivorColour(survivors[i]!.seed, others, worn.get(i) ?? survivors[i]!.current));
          };
          for (let i = 0; i < survivors.length; i++) enter(i);
          for (const i of reentries) enter(i); // leaving and coming back keeps the world apart too
          expect(minPairwise([...worn.values()])).toBeGreaterThanOrEqual(MIN_COLOUR_DELTA_E);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('seeded and stable: a survivor keeps its colour while no one near it takes it, and each seed has its own first choice', () => {
    const first = chooseSurvivorColour(7, []);
    expect(chooseSurvivorColour(7, [])).toBe(first);
    expect(chooseSurvivorColour(7, ['#000000'], first)).toBe(first);
    expect(chooseSurvivorColour(7, [first], first)).not.toBe(first);
    expect(new Set(Array.from({ length: 50 }, (_, seed) => chooseSurvivorColour(seed, []))).size).toBe(SURVIVOR_PALETTE.length);
    // A colour from an older palette is replaced by a palette one.
    expect(SURVIVOR_PALETTE).toContain(chooseSurvivorColour(7, [], '#a352e0'));
  });
});
