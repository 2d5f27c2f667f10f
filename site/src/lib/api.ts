import { treaty } from '@elysiajs/eden';
import type { App } from '../../../api/app.ts';

/** Typed client for the islands; every call sends the session cookie. */
export const api = treaty<App>(typeof location === 'undefined' ? 'http://localhost' : location.origin, {
  fetch: { credentials: 'include' },
});

interface EdenResult<T> {
  data: T | null;
  error: { status: unknown; value: unknown } | null;
  response: Response;
}

/** Unwraps an Eden result, throwing the spec's "<status>: <message>" error on a non-OK response. */
export async function unwrap<T>(call: Promise<EdenResult<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (error) {
    const value = error.value as { message?: unknown } | string | undefined;
    const message = typeof value === 'string' ? value : typeof value?.message === 'string' ? value.message : response.statusText;
    const err = new Error(`${response.status}: ${message || response.statusText}`) as Error & { status: number };
    err.status = response.status;
    throw err;
  }
  return data as T;
}

/** Plain fetch with the same error contract, for calls outside the typed client (beacons, uploads). */
export { apiFetch } from './fetch.ts';
