import type { ApiErrorBody } from './http.ts';

/**
 * The error conventions both sides share: the messages the spec recognises and the "<status>: <message>" text the
 * page shows. Plain code, no arktype, so the page's first chunk can import it (http.ts has the ErrorBody schema and
 * re-exports these).
 */

/** The 404 message of every call (REST or /ws) that names a world that does not exist. */
export const UNKNOWN_WORLD = 'Unknown world';
/** The 401 message of every call that needs a signed-in user; the spec recognises unauthorised failures by it. */
export const UNAUTHORIZED = 'Unauthorized';

/** Turns a non-OK response into the spec's error text: "<status>: <message>" (status text if the body is empty). */
export async function errorFromResponse(res: Response): Promise<Error & { status: number }> {
  let text = '';
  try {
    text = await res.text();
  } catch {
    text = '';
  }
  let message = text;
  try {
    const body = JSON.parse(text) as Partial<ApiErrorBody>;
    if (body && typeof body.message === 'string') message = body.message;
  } catch {
    // A non-JSON body is shown as it is.
  }
  const err = new Error(`${res.status}: ${message || res.statusText}`) as Error & { status: number };
  err.status = res.status;
  return err;
}

/** The spec recognises unauthorised failures by a 401 status whose text says Unauthorized. */
export function isUnauthorizedError(err: unknown): boolean {
  return err instanceof Error && /^401: .*Unauthorized/.test(err.message);
}
