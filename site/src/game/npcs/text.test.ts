import { expect, test } from 'bun:test';
import { choiceLabel, preselect, reasonOf, statusLabel } from './text.ts';

const s = (id: string, emptyBeds: number, x: number) => ({ id, name: `S${id}`, emptyBeds, x, y: 0 });

test('the preselected settlement is the nearest with an empty bed', () => {
  expect(preselect([s('a', 1, 500), s('b', 2, 100), s('c', 0, 0)], { x: 0, y: 0 })).toBe('b');
  expect(preselect([s('a', 1, 500), s('b', 2, 100)], null)).toBe('a');
  expect(preselect([s('c', 0, 0)], { x: 0, y: 0 })).toBeNull();
  expect(preselect([], null)).toBeNull();
});

test('labels and reasons', () => {
  expect(choiceLabel({ name: 'Haven', emptyBeds: 1 })).toBe('Haven (1 empty bed)');
  expect(choiceLabel({ name: 'Haven', emptyBeds: 3 })).toBe('Haven (3 empty beds)');
  expect(reasonOf(new Error('409: No survivor is waiting for you'))).toBe('No survivor is waiting for you');
  expect(reasonOf(new Error('500: '))).toBe('');
});

test('a crafter at home and not injured works the bench; away, injured or on another job it shows the server’s status', () => {
  const npc = { assignment: 'craft', assignmentStatus: 'resting', isMoving: false, condition: 'fit' } as const;
  expect(statusLabel(npc)).toBe('At the bench');
  expect(statusLabel({ ...npc, condition: 'hungry' })).toBe('At the bench');
  expect(statusLabel({ ...npc, condition: 'injured' })).toBe('Resting');
  expect(statusLabel({ ...npc, assignmentStatus: 'returning', isMoving: true })).toBe('Returning');
  expect(statusLabel({ ...npc, assignment: 'defend' })).toBe('Resting');
  expect(statusLabel({ ...npc, assignment: 'scavenge', assignmentStatus: 'working' })).toBe('Working');
});
