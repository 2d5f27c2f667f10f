import { expect, test } from 'bun:test';
import { lossesByItem, lossesSummary, qualitiesText, unitsLost } from './raid-text.ts';

/** A breach as the server records it: every container and every quality its own stack (51 of them once). */
function wideBreach() {
  const stacks: { itemName: string; quality: number; quantity: number }[] = [];
  const items = ['Edible Roots', 'Medicinal Herbs', 'Scrap Metal', 'Cloth Scraps', 'Wood Planks', 'Canned Beans'];
  items.forEach((itemName, i) => {
    for (let q = 0; q < 8 - i; q++) stacks.push({ itemName, quality: 30 + q * 5, quantity: 2 });
  });
  return stacks;
}

test('one line per item, the most units first; the same item and quality from two containers merged', () => {
  const losses = [
    { itemName: 'Canned Beans', quality: 40, quantity: 3 },
    { itemName: 'Ammunition', quality: 70, quantity: 5 },
    { itemName: 'Canned Beans', quality: 80, quantity: 1 },
    { itemName: 'Canned Beans', quality: 40, quantity: 2 },
    { itemName: 'Bandages', quality: 55, quantity: 0 },
  ];
  expect(lossesByItem(losses)).toEqual([
    {
      itemName: 'Canned Beans',
      quantity: 6,
      qualities: [
        { quality: 80, quantity: 1 },
        { quality: 40, quantity: 5 },
      ],
    },
    { itemName: 'Ammunition', quantity: 5, qualities: [{ quality: 70, quantity: 5 }] },
  ]);
  expect(unitsLost(losses)).toBe(11);
  expect(lossesSummary(losses)).toBe('Lost 11 units: 6 Canned Beans, 5 Ammunition');
  expect(qualitiesText(lossesByItem(losses)[0]!)).toBe('Q80 ×1, Q40 ×5');
  expect(losses[0]).toEqual({ itemName: 'Canned Beans', quality: 40, quantity: 3 }); // the answer is left as it came
});

test('a wide breach is one short sentence: items by count, no qualities, the rest counted', () => {
  const stacks = wideBreach();
  expect(stacks.length).toBeGreaterThan(30);
  const text = lossesSummary(stacks);
  expect(text).toBe('Lost 66 units: 16 Edible Roots, 14 Medicinal Herbs, 12 Scrap Metal, 10 Cloth Scraps and 2 more items');
  expect(text).not.toMatch(/Q\d/);
});

test('five items are all named (never "and 1 more"); one unit is singular; nothing lost says nothing', () => {
  const five = ['A', 'B', 'C', 'D', 'E'].map((itemName) => ({ itemName, quality: 50, quantity: 1 }));
  expect(lossesSummary(five)).toBe('Lost 5 units: 1 A, 1 B, 1 C, 1 D, 1 E');
  expect(lossesSummary([{ itemName: 'A', quality: 50, quantity: 1 }])).toBe('Lost 1 unit: 1 A');
  expect(lossesSummary([])).toBe('');
  expect(lossesByItem([])).toEqual([]);
});
