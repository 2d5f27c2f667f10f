import { expect, jest, test } from 'bun:test';
import { $toast } from '../../stores/toast.ts';
import { handleUnauthorized, LOGIN_REDIRECT_MS, resetUnauthorized } from './unauthorized.ts';

test('unauthorized: the toast, then /api/login after 0.5 s, once', () => {
  // The 0.5 s on a clock of the test's: the redirect not a moment before it, and then only once.
  jest.useFakeTimers();
  try {
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
    jest.advanceTimersByTime(LOGIN_REDIRECT_MS - 1);
    expect(went).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(went).toEqual(['/api/login']);
    jest.advanceTimersByTime(10 * LOGIN_REDIRECT_MS);
    expect(went).toEqual(['/api/login']);
  } finally {
    jest.useRealTimers();
  }
});
