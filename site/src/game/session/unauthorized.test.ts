import { expect, test } from 'bun:test';
import { $toast } from '../../islands/game/toast/toast-store.ts';
import { handleUnauthorized, LOGIN_REDIRECT_MS, resetUnauthorized } from './unauthorized.ts';

test('unauthorized: the toast, then /api/login after 0.5 s, once', async () => {
  resetUnauthorized();
  const went: string[] = [];
  handleUnauthorized((url) => went.push(url));
  handleUnauthorized((url) => went.push(url));
  expect($toast.get()).toMatchObject({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  });
  expect(went).toEqual([]);
  await Bun.sleep(LOGIN_REDIRECT_MS + 50);
  expect(went).toEqual(['/api/login']);
});
