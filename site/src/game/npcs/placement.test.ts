import { expect, test } from 'bun:test';
import { placeNpcs, rowLabel } from './placement.ts';

const n = (id: string, name: string, x: number, y: number, moving = false) => ({ id, name, x, y, moving });

test('resting NPCs sharing a spot line up right of it, the row named once right of its last figure', () => {
  expect(placeNpcs([n('2', 'Wren', 100, 50), n('1', 'Ash', 104, 52), n('3', 'Kit', 300, 50)])).toEqual([
    { id: '1', x: 122, y: 50, label: null },
    { id: '2', x: 138, y: 50, label: 'Ash +1' },
    { id: '3', x: 322, y: 50, label: 'Kit' },
  ]);
});

test('an NPC on a journey is drawn where it is, with its own name', () => {
  expect(placeNpcs([n('1', 'Ash', 100, 50, true), n('2', 'Wren', 100, 50)])).toEqual([
    { id: '1', x: 100, y: 50, label: 'Ash' },
    { id: '2', x: 122, y: 50, label: 'Wren' },
  ]);
  expect(rowLabel([])).toBe('');
  expect(rowLabel(['A', 'B', 'C'])).toBe('A +2');
});

test('an NPC passing right by the survivor goes unnamed for the moment', () => {
  const me = { x: 100, y: 100 };
  expect(placeNpcs([n('1', 'Ash', 120, 110, true), n('2', 'Wren', 200, 100, true)], me).map((p) => p.label)).toEqual([
    null,
    'Wren',
  ]);
});
