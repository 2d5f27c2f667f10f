import { expect, test } from 'bun:test';
import { RAID_TEXT, type RaidView } from '../../../../api/contract/raids.ts';
import {
  conditionLine,
  fightText,
  leftToast,
  resultLine,
  resultToast,
  treatFailedToast,
  warningLine,
  warningToast,
} from './text.ts';

const raid = (over: Partial<RaidView> = {}): RaidView => ({
  id: '1',
  warnedAt: '2026-03-01T19:58:30.000Z',
  arrivedAt: '2026-03-01T20:00:00.000Z',
  strength: 40,
  defence: 52,
  outcome: 'repelled',
  losses: [],
  ammoSpent: 6,
  injured: [],
  ...over,
});

test('a warning: the contract’s sentence, the countdown and the scouts’ estimate, red and longer than usual', () => {
  const t = warningToast({ settlementName: 'Haven', strength: 42 }, 90_000);
  expect(t).toMatchObject({ title: RAID_TEXT.warning('Haven'), variant: 'destructive', duration: 10_000 });
  expect(t.description).toContain("They arrive in 01:30 · raiders' strength about 42.");
  expect(warningToast({ settlementName: 'Haven', strength: null }, 5_000).description).not.toContain('strength');
  expect(warningLine('Haven', 90_000)).toBe('Raiders are coming to Haven! They arrive in 01:30.');
});

test('repelled: the fight; breached: the fight and the losses by item (no qualities), red', () => {
  expect(resultToast('Haven', raid())).toEqual({
    title: RAID_TEXT.repelled('Haven'),
    description: 'Raiders 40 vs defence 52 · 6 rounds spent',
    variant: 'default',
    duration: 10_000,
  });
  const breach = raid({
    outcome: 'breached',
    strength: 60,
    defence: 20,
    ammoSpent: 1,
    injured: ['Ada', 'Bo'],
    losses: [
      { itemName: 'Canned Beans', quality: 40, quantity: 3 },
      { itemName: 'Ammunition', quality: 70, quantity: 2 },
      { itemName: 'Canned Beans', quality: 40, quantity: 2 },
    ],
  });
  expect(resultToast('Haven', breach)).toMatchObject({ title: RAID_TEXT.breached('Haven'), variant: 'destructive' });
  expect(resultLine('Haven', breach)).toBe(
    'Raiders breached Haven: Raiders 60 vs defence 20 · 1 round spent · injured: Ada, Bo. Lost 7 units: 5 Canned Beans, 2 Ammunition',
  );
  expect(fightText(raid({ ammoSpent: 0 }))).toBe('Raiders 40 vs defence 52');
});

test('conditions: one line each; leaving is the contract’s sentence and a notice', () => {
  expect(conditionLine('Ada', 'Haven', 'left')).toBe(RAID_TEXT.left('Ada', 'Haven'));
  expect(conditionLine('Ada', 'Haven', 'injured')).toBe('Ada of Haven was injured and rests until treated');
  expect(conditionLine('Ada', 'Haven', 'hungry')).toBe('Ada of Haven is hungry: no food in storage');
  expect(conditionLine('Ada', 'Haven', 'fit')).toBe('Ada of Haven is fit again');
  expect(leftToast('Ada', 'Haven')).toMatchObject({ title: 'Ada left Haven: nobody fed them', variant: 'destructive' });
});

test('a refused treatment says the server’s reason', () => {
  const err = Object.assign(new Error(`409: ${RAID_TEXT.noMedicine}`), { status: 409 });
  expect(treatFailedToast(err)).toEqual({ title: 'Treatment failed', description: RAID_TEXT.noMedicine, variant: 'destructive' });
});
