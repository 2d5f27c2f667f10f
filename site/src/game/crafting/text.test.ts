import { expect, test } from 'bun:test';
import { CRAFT_TEXT, recipeById } from '../../../../api/game/crafting.ts';
import {
  cancelFailedToast,
  cancelledToast,
  craftableMark,
  craftFailedToast,
  doneLine,
  doneToast,
  durationText,
  inputNote,
  jobStatus,
  missingText,
  paceText,
  productText,
  queuedToast,
  refundText,
} from './text.ts';

test('durations: seconds, minutes and seconds, hours', () => {
  expect(durationText(15_000)).toBe('15 s');
  expect(durationText(14_200)).toBe('15 s');
  expect(durationText(90_000)).toBe('1 min 30 s');
  expect(durationText(180_000)).toBe('3 min');
  expect(durationText(3_900_000)).toBe('1 h 5 min');
  expect(durationText(7_200_000)).toBe('2 h');
  expect(durationText(-5)).toBe('0 s');
});

test('what a recipe makes: its output ×units, and the output’s name when the recipe has its own', () => {
  expect(productText({ name: 'Portable Radio', output: { itemName: 'Portable Radio', quantity: 1 } }, 3)).toBe(
    'Portable Radio ×3',
  );
  expect(productText({ name: 'Bandages', output: { itemName: 'Bandages', quantity: 2 } }, 2)).toBe('Bandages ×4');
  expect(productText(recipeById('smoked-fish')!)).toBe(`Smoked Fish (Dried Meat ×${recipeById('smoked-fish')!.output.quantity})`);
});

test('an input’s note says what is missing and what is in storage; nothing when the pack pays', () => {
  expect(inputNote({ missing: 0, storage: 0 })).toBe('');
  expect(inputNote({ missing: 0, storage: 2 })).toBe('2 in storage');
  expect(inputNote({ missing: 1, storage: 0 })).toBe('1 missing');
  expect(inputNote({ missing: 1, storage: 1 })).toBe('1 missing · 1 in storage');
});

test('why Craft is off, in the server’s words and order', () => {
  expect(
    missingText([
      { itemName: 'Electronic Parts', missing: 1 },
      { itemName: 'Batteries', missing: 0 },
      { itemName: 'Rope', missing: 2 },
    ]),
  ).toBe('Missing 1 Electronic Parts, 2 Rope');
  expect(missingText([{ itemName: 'Rope', missing: 0 }])).toBe('');
});

test('the bench’s pace and what speeds it up', () => {
  expect(paceText(0)).toBe('Nobody at the bench: an NPC assigned to Craft doubles the pace.');
  expect(paceText(1)).toBe('1 NPC crafts here: the bench works ×2 as fast.');
  expect(paceText(2)).toBe('2 NPCs craft here: the bench works ×3 as fast.');
});

test('a job’s status: time left, finishing past its time, a waiting one’s projection', () => {
  expect(jobStatus({ started: true, msLeft: 42_000 })).toBe('00:42 left');
  expect(jobStatus({ started: true, msLeft: -300 })).toBe('Finishing...');
  expect(jobStatus({ started: false, msLeft: 150_000 })).toBe('Waiting · done in about 02:30');
});

test('toasts: queued with its time, refusals with the server’s reason, a cancel with its refund', () => {
  expect(queuedToast('Crafting 1 Portable Radio', 1_800)).toEqual({
    title: 'Crafting 1 Portable Radio',
    description: 'Ready in about 00:02.',
  });
  expect(queuedToast('Crafting 1 Portable Radio', null).description).toBeUndefined();
  expect(craftFailedToast(new Error('409: Insufficient materials! Missing 1 Rope.'))).toEqual({
    title: CRAFT_TEXT.failed,
    description: 'Insufficient materials! Missing 1 Rope.',
    variant: 'destructive',
  });
  expect(craftFailedToast(new Error('500: ')).description).toBeUndefined();
  expect(refundText({ toPack: 2, toStorage: 3 })).toBe('2 back in your pack, 3 back in storage');
  expect(refundText({ toPack: 0, toStorage: 1 })).toBe('1 back in storage');
  expect(cancelledToast('Cancelled Portable Radio', { toPack: 6, toStorage: 0 })).toEqual({
    title: 'Cancelled Portable Radio',
    description: '6 back in your pack',
  });
  expect(cancelledToast('Cancelled', { toPack: 0, toStorage: 0 }).description).toBeUndefined();
  expect(cancelFailedToast(new Error('404: No such job in this queue'))).toMatchObject({
    description: 'No such job in this queue',
    variant: 'destructive',
  });
});

test('a job done: a toast that says where it went, and its game-log line', () => {
  const done = { settlementName: 'Haven', itemName: 'Portable Radio', quantity: 1, quality: 55 };
  expect(doneToast({ ...done, deliveredTo: 'pack' })).toEqual({
    title: 'Portable Radio ×1 is ready — in your pack',
    description: 'Quality 55.',
  });
  expect(doneToast({ ...done, deliveredTo: 'storage' }).title).toBe("Portable Radio ×1 is ready — in Haven's storage");
  expect(doneLine({ ...done, deliveredTo: 'pack' })).toBe('Portable Radio ×1 (Q55) crafted at Haven, in your pack');
  expect(doneLine({ ...done, deliveredTo: 'storage' })).toBe('Portable Radio ×1 (Q55) crafted at Haven, in its storage');
});

test('the inventory marks what a recipe makes, nothing else', () => {
  expect(craftableMark('Portable Radio')?.text).toBe('Craftable');
  expect(craftableMark('Bandages')?.text).toBe('Craftable');
  expect(craftableMark('Antibiotics')).toBeNull();
  expect(craftableMark('Canned Beans')).toBeNull();
});
