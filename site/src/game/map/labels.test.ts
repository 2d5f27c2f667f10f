import { expect, test } from 'bun:test';
import { candidateSpots, LABEL_HEIGHT, labelBox, overlaps, placeLabels, type LabelRequest } from './labels.ts';

const measure = (t: string) => t.length * 7;
const label = (text: string, x: number, y: number, priority: number, anchor = true): LabelRequest => ({
  text,
  x,
  y,
  colour: '#fff',
  priority,
  anchor: anchor ? { x, y: y + 10 } : undefined, // a marker 10 px under the label's bottom
});

function noneOverlap(boxes: { box: { x: number; y: number; width: number; height: number } }[]): boolean {
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) if (overlaps(boxes[i]!.box, boxes[j]!.box)) return false;
  return true;
}

test('two labels on one spot: the higher priority keeps it, the other moves under its marker', () => {
  const { placed, hidden } = placeLabels([label('Gas Station', 100, 100, 10), label('Ash', 100, 100, 40)], measure);
  expect(hidden).toBe(0);
  expect(placed[0]).toMatchObject({ text: 'Ash', x: 100, y: 100 });
  expect(placed[1]!.text).toBe('Gas Station');
  expect(placed[1]!.y).toBe(110 + 10 + LABEL_HEIGHT); // mirrored: the same gap below the marker
  expect(noneOverlap(placed)).toBe(true);
});

test('a crowd: every placed label is clear of the others, and those with no room are left out and counted', () => {
  const requests = Array.from({ length: 30 }, (_, i) => label(`Site ${i}`, 200 + (i % 3) * 4, 200 + (i % 5) * 3, i % 4));
  const { placed, hidden } = placeLabels(requests, measure);
  expect(placed.length + hidden).toBe(30);
  expect(hidden).toBeGreaterThan(0);
  expect(noneOverlap(placed)).toBe(true);
  // The most important ones got their places first.
  expect(placed.slice(0, 2).every((p) => requests.find((r) => r.text === p.text)!.priority === 3)).toBe(true);
});

test('nothing is placed over a reserved rectangle (the minimap): a label there moves aside or is left out', () => {
  const minimap = { x: 600, y: 10, width: 168, height: 168 };
  const { placed, hidden } = placeLabels(
    [label('Under the minimap', 680, 90, 10), label('Half under', 600, 60, 10, false), label('Clear', 300, 300, 10)],
    measure,
    [minimap],
  );
  expect(placed.every((p) => !overlaps(p.box, minimap))).toBe(true);
  expect(placed.map((p) => p.text)).toContain('Clear');
  expect(hidden).toBeGreaterThanOrEqual(1); // the one without a marker has nowhere else to go
});

test('candidate spots: preferred, mirrored across the marker, then right and left of it', () => {
  const spots = candidateSpots(label('Abc', 50, 40, 1), measure('Abc'));
  expect(spots[0]).toEqual({ x: 50, y: 40 });
  expect(spots[1]).toEqual({ x: 50, y: 50 + 10 + LABEL_HEIGHT });
  expect(spots[2]!.x).toBeGreaterThan(50);
  expect(spots[3]!.x).toBeLessThan(50);
  // Side spots keep clear of the marker itself.
  expect(labelBox(spots[2]!.x, spots[2]!.y, measure('Abc')).x).toBeGreaterThanOrEqual(50 + 8);
  expect(candidateSpots(label('Abc', 50, 40, 1, false), 21)).toEqual([{ x: 50, y: 40 }]);
});

test('a long name by the side of the screen slides in instead of being cut off', () => {
  const { placed } = placeLabels([label('Abandoned House on Cedar Road', 10, 100, 1)], measure, [], 390);
  expect(placed[0]!.box.x).toBeGreaterThanOrEqual(0);
  expect(placed[0]!.box.x + placed[0]!.box.width).toBeLessThanOrEqual(390);
});

test('a label whose marker is off screen is not pulled onto it', () => {
  const { placed } = placeLabels([label('Far away', -60, 100, 1)], measure, [], 390);
  expect(placed[0]!.x).toBe(-60);
});

test("an NPC's name (from its left edge, under a settlement's priority) never prints over the settlement's name", () => {
  // The settlement's name centred under its flag at (100, 100); an NPC walking just below-left of it is named to its
  // right, across the settlement's name.
  const settlement = label('Saltmarsh Haven', 100, 127, 20);
  const npc: LabelRequest = { text: 'Rook', x: 70, y: 126, colour: '#fff', priority: 19, from: 'left' };
  const { placed, hidden } = placeLabels([npc, settlement], measure);
  expect(placed.map((p) => p.text)).toEqual(['Saltmarsh Haven']);
  expect(placed[0]).toMatchObject({ x: 100, y: 127 });
  expect(hidden).toBe(1);
  // Alone, the NPC's name starts at its x: the box's left edge is there (less the padding).
  const alone = placeLabels([npc], measure).placed[0]!;
  expect(alone.x).toBe(70 + measure('Rook') / 2);
  expect(alone.box.x).toBe(70 - 2);
});
