import { expect, test } from 'bun:test';
import { confirmText } from './bed-text.ts';

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
