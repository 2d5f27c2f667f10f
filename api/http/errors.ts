import { Elysia } from 'elysia';

/** Validation failures become one readable sentence, e.g. "password must be at least length 8 (was 3)". */
function validationMessage(error: unknown): string {
  const e = error as { all?: { summary?: string; message?: string; path?: string }[]; message?: string };
  const first = e.all?.[0];
  const text = first?.summary ?? first?.message;
  if (text) return `Invalid request: ${text}`;
  try {
    const parsed = JSON.parse(String(e.message)) as { summary?: string; message?: string };
    if (parsed.summary || parsed.message) return `Invalid request: ${parsed.summary ?? parsed.message}`;
  } catch {
    // fall through
  }
  return 'Invalid request';
}

/**
 * Every error leaves as JSON `{message}`: validation and malformed bodies as 400, unknown API paths as 404,
 * anything unexpected as 500 with no internals (logged here instead).
 */
export const errorHandling = new Elysia({ name: 'wasteland.errors' }).onError({ as: 'global' }, ({ code, error, set, request }) => {
  set.headers['content-type'] = 'application/json; charset=utf-8';
  switch (code) {
    case 'VALIDATION':
      set.status = 400;
      return { message: validationMessage(error) };
    case 'PARSE':
      set.status = 400;
      return { message: 'Malformed request body: expected JSON' };
    case 'NOT_FOUND':
      set.status = 404;
      return { message: `Not found: ${new URL(request.url).pathname}` };
    case 'INVALID_COOKIE_SIGNATURE':
      set.status = 400;
      return { message: 'Invalid cookie' };
    default: {
      const status = (error as { status?: number })?.status;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        set.status = status;
        return { message: (error as Error).message || 'Bad request' };
      }
      console.error('[api] unexpected error', request.method, new URL(request.url).pathname, error);
      set.status = 500;
      return { message: 'Internal server error' };
    }
  }
});
