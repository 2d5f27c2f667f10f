import { Elysia } from 'elysia';
import type { Config } from '../config.ts';
import { SESSION_COOKIE } from '../contract/auth.ts';
import { clientAddress } from './client-address.ts';
import { hashSessionToken } from './session.ts';
import { HttpError } from './errors.ts';
import type { RateLimits } from './shared-limits.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Sessions whose user was looked up: a session never changes hands, so an entry never goes stale. */
const SESSION_CACHE_MAX = 10_000;
/** What newSessionToken makes, with room to spare; anything longer is no session and is not looked up. */
const TOKEN_MAX = 100;

function sessionToken(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.split('=');
    if (name?.trim() === SESSION_COOKIE) {
      const token = value.join('=').trim();
      return token && token.length <= TOKEN_MAX ? token : null;
    }
  }
  return null;
}

/**
 * The one guard over every write under /api (POST, PUT, PATCH, DELETE): token buckets per client address and per
 * signed-in user, checked before the body is read. A refusal is 429 `{message}` with Retry-After, thrown so that
 * onError answers it like every other error; nothing of the request runs. Reads are never counted, and routes with
 * their own tighter limits (sign-in, moves, explored-land saves) keep them on top of this.
 *
 * Both buckets are shared by every process on the database (api/http/shared-limits.ts: one conditional UPSERT per
 * check), so writes spread over several processes get the limit once. The address is checked first: a flood of
 * made-up session cookies is held by it before any session is looked up, and once its bucket is known to be empty
 * the refusals need no database. The user behind a session is looked up once and remembered. Buckets run on real
 * time, not the services' clock, so a test that moves the game's time neither refills nor drains them.
 */
export function writeLimits(opts: {
  config: Config;
  limits: Pick<RateLimits, 'writesPerUser' | 'writesPerAddress'>;
  /** The user id of a live session by its token hash (null when there is none); the request it came with. */
  userOfSession: (tokenHash: string, request: Request) => Promise<string | null>;
  seed: string;
  now?: () => number;
}) {
  const { config, userOfSession } = opts;
  const now = opts.now ?? Date.now;
  const { writesPerUser: perUser, writesPerAddress: perAddress } = opts.limits;
  const users = new Map<string, string>();

  async function userId(request: Request): Promise<string | null> {
    const token = sessionToken(request.headers.get('cookie'));
    if (!token) return null;
    const hash = hashSessionToken(token);
    const known = users.get(hash);
    if (known !== undefined) return known;
    let id: string | null;
    try {
      id = await userOfSession(hash, request);
    } catch {
      // The database is failing: the address's limit still holds, and the route's own lookup answers for the session.
      return null;
    }
    if (id === null) return null;
    if (users.size >= SESSION_CACHE_MAX) users.clear();
    users.set(hash, id);
    return id;
  }

  return new Elysia({ name: 'wasteland.write-limits', seed: opts.seed }).onRequest(async ({ request, server, set }) => {
    if (!WRITES.has(request.method) || (!perUser && !perAddress)) return;
    if (!new URL(request.url).pathname.startsWith('/api/')) return;
    const headers = set.headers as Record<string, unknown>;
    if (perAddress) {
      const address = clientAddress(
        server?.requestIP(request)?.address,
        request.headers.get('x-forwarded-for'),
        config.trustProxyHops,
      );
      const refused = await perAddress.refusal(address, now(), headers, 'requests from your network');
      if (refused) throw new HttpError(429, refused.message);
    }
    if (perUser) {
      const id = await userId(request);
      const refused = id === null ? null : await perUser.refusal(id, now(), headers, 'requests');
      if (refused) throw new HttpError(429, refused.message);
    }
  });
}
