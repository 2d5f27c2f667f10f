import { Elysia, status } from 'elysia';
import { ErrorBody } from '../contract/http.ts';
import type { Logger } from '../ops/log.ts';

/** Every answer carries the id of its request; the error log names the same id, so a report can be matched to a line. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** An incoming id (set by a proxy in front) is kept when it looks like one; anything else gets a fresh UUID. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFrom(incoming: string | null): string {
  return incoming !== null && REQUEST_ID_PATTERN.test(incoming) ? incoming : crypto.randomUUID();
}
/** How long a client should wait before retrying while the database is unreachable. */
export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'Service unavailable: the database cannot be reached right now; try again in a few seconds';

/** The statuses a route may answer with an error body (500 is never declared: it is a bug, answered by onError). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503;

/**
 * The one way a handler answers an error: `return httpError(404, UNKNOWN_WORLD)` sends `{ message }` with that
 * status. Its type carries the status, so a route whose response schema does not declare it fails to compile.
 */
export function httpError<const Code extends ErrorStatus>(code: Code, message: string) {
  return status(code, { message });
}

/**
 * The same answer raised from below a handler (a service, the live layer) where nothing can be returned:
 * onError turns it into the same `{ message }` body and status.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * Is this a refusal rather than a failure: an error that carries the 4xx status it is answered with (an HttpError,
 * Elysia's own errors)? A service throws one inside a transaction to roll it back; it says nothing about the database.
 */
export function isRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * Response schemas for a route's error statuses, all the `{ message }` body:
 * `response: { 200: Region, ...errorResponses(400, 401, 403, 404) }`.
 */
export function errorResponses<const C extends readonly ErrorStatus[]>(...codes: C): { [K in C[number]]: typeof ErrorBody } {
  return Object.fromEntries(codes.map((c) => [c, ErrorBody])) as { [K in C[number]]: typeof ErrorBody };
}

/**
 * Validation failures become one readable sentence. The schema's generic wording names the field
 * ("Invalid request: password must be at least length 8 (was 3)"); a rule's own sentence, written for players and
 * starting with a capital ("That password is too common; choose another"), is shown as it is, without the prefix.
 */
function validationMessage(error: unknown): string {
  const e = error as { all?: { summary?: string; message?: string; path?: string }[]; message?: string };
  const first = e.all?.[0];
  let text = first?.summary ?? first?.message;
  if (!text) {
    try {
      const parsed = JSON.parse(String(e.message)) as { summary?: string; message?: string };
      text = parsed.summary ?? parsed.message;
    } catch {
      // not a validator's JSON: the generic sentence below
    }
  }
  if (!text) return 'Invalid request';
  return /^\p{Lu}/u.test(text) ? text : `Invalid request: ${text}`;
}

/** The error and the causes it wraps (drizzle wraps the driver's error), outermost first. */
function chain(error: unknown): unknown[] {
  const out: unknown[] = [];
  for (let e = error; e !== null && e !== undefined && out.length < 6; e = (e as { cause?: unknown }).cause) out.push(e);
  return out;
}

/** The first driver or system code in the chain: a SQLSTATE (`23505`) or a connection code (`ECONNREFUSED`). */
export function errorCode(error: unknown): string | null {
  for (const e of chain(error)) {
    const code = (e as { code?: unknown })?.code;
    if (typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code)) return code;
  }
  return null;
}

/** postgres.js connection failures and the SQLSTATEs of a server that is going away or full. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

/** Is this the database being unreachable (rather than a bug)? Such requests are answered 503, not 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some((e) => {
    const code = (e as { code?: unknown })?.code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    // PGlite after close() (or a crashed instance) says so in plain words and carries no code.
    return e instanceof Error && e.message === 'PGlite is closed';
  });
}

/** Class names along the chain, e.g. `DrizzleQueryError<PostgresError`: what failed, never its message or parameters. */
function classes(error: unknown): string {
  return chain(error)
    .map((e) => (e instanceof Error ? e.constructor.name || e.name : typeof e))
    .join('<');
}

/** An error as the log may name it: its classes and driver code, never its message (which carries parameters). */
export function errorFields(error: unknown): { errorClass: string; errorCode: string | null } {
  return { errorClass: classes(error), errorCode: errorCode(error) };
}

type Headers = Record<string, string | number | undefined>;

/** The route a log line or metric names when no route matched (or the request was refused before routing). */
export const UNMATCHED_ROUTE = '(unmatched)';

function jsonResponse(status: number, message: string, setHeaders: Headers, extra: Record<string, string> = {}): Response {
  const headers = new Headers();
  for (const [k, v] of Object.entries(setHeaders)) {
    if (v !== undefined && k !== 'content-encoding' && k !== 'content-length') headers.set(k, String(v));
  }
  headers.set('content-type', 'application/json; charset=utf-8');
  for (const [k, v] of Object.entries(extra)) headers.set(k, v);
  return new Response(JSON.stringify({ message }), { status, headers });
}

/**
 * Every request gets an id (`x-request-id` on the answer, the caller's own when it sent a valid one). Every error leaves as JSON `{message}`: validation and
 * malformed bodies as 400, unknown paths (any method) as 404, an HttpError with its status, an unreachable database
 * as 503 with Retry-After, anything unexpected (an answer that breaks its response schema included) as 500 with no
 * internals. The log line of a 500/503 names the request id, the route, the error classes and the driver's code
 * only: driver messages carry the query's bound parameters (password hashes, e-mail addresses, session-token
 * hashes), so they are never logged.
 *
 * The answers are Response objects rather than plain values so that a global mapResponse (compression) cannot
 * swallow their bodies; their status is also put on `set.status`, where the access log reads it (Elysia does not
 * pass an error's answer on to onAfterResponse).
 */
export const errorHandling = (log: Logger) =>
  new Elysia({ name: 'wasteland.errors' })
    .onRequest(({ set, request }) => {
      set.headers[REQUEST_ID_HEADER] = requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
    })
    .onError({ as: 'global' }, (ctx) => {
      const { code, error, set, request } = ctx;
      const route = (ctx as { route?: string }).route || UNMATCHED_ROUTE;
      const answer = errorAnswer(code, error, set.headers as Headers, request, route, log);
      set.status = answer.status;
      return answer;
    });

function errorAnswer(code: unknown, error: unknown, headers: Headers, request: Request, route: string, log: Logger): Response {
  // An answer that breaks its own response schema is the server's bug, not the caller's: a 500, logged below.
  const badAnswer = code === 'VALIDATION' && (error as { type?: string }).type === 'response';
  switch (badAnswer ? 'RESPONSE' : code) {
    case 'VALIDATION':
      return jsonResponse(400, validationMessage(error), headers);
    case 'PARSE':
      return jsonResponse(400, 'Malformed request body: expected JSON', headers);
    case 'NOT_FOUND':
      return jsonResponse(404, `Not found: ${new URL(request.url).pathname}`, headers);
    case 'INVALID_COOKIE_SIGNATURE':
      return jsonResponse(400, 'Invalid cookie', headers);
    default: {
      if (!badAnswer && isRefusal(error)) {
        return jsonResponse((error as HttpError).status, (error as Error).message || 'Bad request', headers);
      }
      const unavailable = isDatabaseUnavailable(error);
      log.error(
        {
          requestId: String(headers[REQUEST_ID_HEADER] ?? '-'),
          method: request.method,
          route,
          status: unavailable ? 503 : 500,
          ...errorFields(error),
        },
        unavailable ? 'database unavailable' : badAnswer ? 'answer outside its response schema' : 'unexpected error',
      );
      if (unavailable) return jsonResponse(503, UNAVAILABLE_MESSAGE, headers, { 'retry-after': String(RETRY_AFTER_SECONDS) });
      return jsonResponse(500, 'Internal server error', headers);
    }
  }
}
