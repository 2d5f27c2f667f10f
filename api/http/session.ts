import { Elysia } from 'elysia';
import { SESSION_COOKIE, SESSION_TTL_MS, type AuthUser } from '../contract/auth.ts';
import { UNAUTHORIZED } from '../contract/http.ts';
import { httpError } from './errors.ts';
import type { UserRow } from '../../db/repos/accounts.ts';
import type { Services } from '../services.ts';

/** What newSessionToken makes (43 base64url characters), with room to spare; anything else is no session. */
const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** Sliding expiry without a write on every request: extend once the session is a day old. */
const EXTEND_AFTER_MS = 24 * 60 * 60 * 1000;

export function newSessionToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return new Bun.CryptoHasher('sha256').update(token).digest('hex');
}

export function toAuthUser(u: UserRow): AuthUser {
  return { id: u.id, username: u.username, displayName: u.displayName, firstName: u.firstName, email: u.email };
}

export function sessionCookie(services: Services, token: string, expiresAt: Date) {
  return {
    value: token,
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: services.config.cookieSecure,
    expires: expiresAt,
  };
}

type CookieJar = Record<string, { value: unknown; set(v: object): unknown; remove(): unknown }>;

type SessionFound = { user: UserRow; expiresAt: Date } | null;

/** Each request's session lookup, by the token it carried: the write limits (before routing) and the route's auth ask the same. */
const lookups = new WeakMap<Request, { tokenHash: string; found: Promise<SessionFound> }>();

/**
 * The live session of a token hash: read once per request (pass the request) however many layers ask, or read now
 * (no request).
 */
export function findSession(services: Services, tokenHash: string, request?: Request): Promise<SessionFound> {
  const known = request && lookups.get(request);
  if (known?.tokenHash === tokenHash) return known.found;
  const found = services.repos.accounts.findSession(tokenHash, services.now());
  if (request) lookups.set(request, { tokenHash, found });
  return found;
}

/**
 * Resolves the session cookie to its user, extending the session when due; null for visitors. With the request,
 * the session is read at most once for it (see findSession).
 */
export async function currentUser(services: Services, cookie: CookieJar, request?: Request): Promise<UserRow | null> {
  const token = cookie[SESSION_COOKIE]?.value;
  if (typeof token !== 'string' || !SESSION_TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashSessionToken(token);
  const now = services.now();
  const found = await findSession(services, tokenHash, request);
  if (!found) return null;
  if (found.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - EXTEND_AFTER_MS) {
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await services.repos.accounts.extendSession(tokenHash, expiresAt);
    cookie[SESSION_COOKIE]!.set(sessionCookie(services, token, expiresAt));
  }
  return found.user;
}

/** Starts a session for the user and sets its cookie. */
export async function startSession(services: Services, cookie: CookieJar, userId: string): Promise<void> {
  const token = newSessionToken();
  const expiresAt = new Date(services.now().getTime() + SESSION_TTL_MS);
  await services.repos.accounts.createSession(hashSessionToken(token), userId, expiresAt);
  cookie[SESSION_COOKIE]!.set(sessionCookie(services, token, expiresAt));
}

/**
 * `{ auth: true }` on a route: the handler gets `user`, visitors get 401 {message: "Unauthorized"}.
 * Seeded by the services object so each app instance has its own.
 */
export function sessionPlugin(services: Services) {
  return new Elysia({ name: 'wasteland.session', seed: services.instanceId }).decorate('services', services).macro({
    auth: {
      async resolve({ cookie, request }) {
        const user = await currentUser(services, cookie as unknown as CookieJar, request);
        if (!user) return httpError(401, UNAUTHORIZED);
        return { user };
      },
    },
  });
}
