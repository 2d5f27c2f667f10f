import { expect, test } from 'bun:test';
import { confirmText, wakeUpText } from './bed-text.ts';

test('each confirmation names the bed, the settlement and who it concerns', () => {
  expect(confirmText('kick', { name: 'Bunk', who: 'Otto' }, 'Haven')).toEqual({
    title: 'Kick Otto?',
    body: 'Otto loses Bunk in Haven; the bed is vacant again.',
    confirm: 'Kick',
  });
  expect(confirmText('withdraw', { name: 'Bunk', who: 'Bea' }, 'Haven').body).toBe(
    'Bea can no longer accept Bunk in Haven; the bed is vacant again.',
  );
  expect(confirmText('leave', { name: 'Bunk', who: 'Fay' }, 'Haven').body).toContain('can no longer manage it');
  expect(confirmText('leave', { name: 'Bunk', who: 'Fay' }, 'Haven', true).body).toContain('As its founder you still manage it');
});

test('the bed you wake up in, or where you wake up without one', () => {
  expect(wakeUpText({ settlementId: '3', settlementName: 'Haven', bedName: 'Bunk' })).toBe('You wake up in Bunk at Haven.');
  expect(wakeUpText({})).toBe('No bed yet: after logging out you wake up where you left off.');
});
