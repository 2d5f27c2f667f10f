import {
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
  SIGNUP_WINDOW_MS,
  type LoginBody,
  type RegisterBody,
} from '../../contract/auth.ts';
import type { AttemptLimit, UserRow } from '../../../db/repos/accounts.ts';
import type { Config } from '../../config.ts';
import type { Services } from '../../services.ts';
import { BUSY, BUSY_MESSAGE, BUSY_RETRY_AFTER_S, type PasswordHasher } from './passwords.ts';

/** A refusal that says when to come back (Retry-After): a limit reached (429), or every hashing slot taken (503). */
type Later = { ok: false; status: 429 | 503; message: string; retryAfterSeconds: number };
export type RegisterOutcome = { ok: true; user: UserRow } | { ok: false; status: 409; message: string } | Later;
export type LoginOutcome = { ok: true; user: UserRow } | { ok: false; status: 401; message: string } | Later;

const busy: Later = { ok: false, status: 503, message: BUSY_MESSAGE, retryAfterSeconds: BUSY_RETRY_AFTER_S };

export const WRONG_CREDENTIALS = 'Invalid username or password';

/**
 * 409s for names: survivors' usernames and display names are unique together by their look-alike key
 * (api/contract/name-key.ts), so nobody can pass for somebody else, in an invitation or on the map.
 */
export const NAME_TAKEN = {
  username: () => 'That username is already taken',
  'similar-username': () => 'That username looks like another survivor’s name; choose another',
  display: (name: string) =>
    `Another survivor is already called ${name} (or something that looks like it); choose another display name`,
} as const;

/** The 429 message: which counter is full and when it frees up. */
export function tooManyFailures(counter: 'account' | 'address', retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  const whose = counter === 'account' ? 'for this account' : 'from your network';
  return `Too many failed sign-in attempts ${whose}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** The sign-up limit's 429 message. */
export function tooManySignups(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many new accounts from your network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

const pairKey = (address: string, usernameKey: string) => `p:${address}|${usernameKey}`;
const userKey = (usernameKey: string) => `u:${usernameKey}`;
const addressKey = (address: string) => `a:${address}`;
/** Sign-ups from one address: a counter in the same table as the sign-in counters, with its own window. */
const signupKey = (address: string) => `s:${address}`;

/**
 * The counters one sign-in attempt must find room in (see LOGIN_FAILURE_LIMIT): this username from this address,
 * this username from anywhere, anything from this address.
 */
export function attemptLimits(
  usernameKey: string,
  address: string,
  config: Pick<Config, 'loginFailuresPerUsername' | 'loginFailuresPerAddress'>,
): AttemptLimit[] {
  return [
    { key: pairKey(address, usernameKey), limit: LOGIN_FAILURE_LIMIT },
    { key: userKey(usernameKey), limit: config.loginFailuresPerUsername },
    { key: addressKey(address), limit: config.loginFailuresPerAddress },
  ];
}

const usernameKey = (username: string) => username.toLowerCase();

/**
 * Creates an account for a client at `address` (a client-address key). The sign-up is counted against the address's
 * limit (SIGNUP_LIMIT_PER_ADDRESS per SIGNUP_WINDOW_MS, over every process) before its password is hashed, so a flood
 * from one address costs at most the limit's worth of hashes; the hash itself waits for a slot of `passwords` (503
 * when none is free and the queue is full, and then the sign-up is not counted).
 */
export async function register(
  services: Services,
  body: RegisterBody,
  address: string,
  passwords: PasswordHasher,
): Promise<RegisterOutcome> {
  const accounts = services.repos.accounts;
  const limit = services.config.signupLimitPerAddress;
  const key = signupKey(address);
  const now = services.now();
  if (limit > 0) {
    const reservation = await accounts.reserveLoginAttempt([{ key, limit }], now, SIGNUP_WINDOW_MS);
    if (!reservation.ok) {
      return {
        ok: false,
        status: 429,
        message: tooManySignups(reservation.retryAfterMs),
        retryAfterSeconds: Math.ceil(reservation.retryAfterMs / 1000),
      };
    }
  }
  const passwordHash = await passwords.hash(body.password);
  if (passwordHash === BUSY) {
    if (limit > 0) await accounts.settleLoginSuccess([], [key], now, SIGNUP_WINDOW_MS);
    return busy;
  }
  const created = await services.repos.accounts.register({
    id: crypto.randomUUID(),
    username: body.username,
    usernameKey: usernameKey(body.username),
    passwordHash,
    displayName: body.displayName || null,
    email: body.email || null,
  });
  if (!created.ok) return { ok: false, status: 409, message: NAME_TAKEN[created.taken](body.displayName ?? '') };
  return { ok: true, user: created.user };
}

/**
 * Signs in from `address` (a client-address key). The attempt is counted before the password is checked, so no
 * more than the limits' worth of checks can ever run, however many requests arrive at once; past them the answer
 * is 429 whatever the password. A success gives its attempt back (and forgets this address's failures for the name).
 */
export async function login(
  services: Services,
  body: LoginBody,
  address: string,
  passwords: PasswordHasher,
): Promise<LoginOutcome> {
  const key = usernameKey(body.username);
  const accounts = services.repos.accounts;
  const now = services.now();
  const reservation = await accounts.reserveLoginAttempt(
    attemptLimits(key, address, services.config),
    now,
    LOGIN_FAILURE_WINDOW_MS,
  );
  if (!reservation.ok) {
    const counter = reservation.key === addressKey(address) ? 'address' : 'account';
    return {
      ok: false,
      status: 429,
      message: tooManyFailures(counter, reservation.retryAfterMs),
      retryAfterSeconds: Math.ceil(reservation.retryAfterMs / 1000),
    };
  }
  const user = await accounts.findUserByUsernameKey(key);
  const checked = await passwords.verify(body.password, user ? user.passwordHash : await passwords.decoy());
  if (checked === BUSY) {
    // Not checked: not counted either.
    await accounts.settleLoginSuccess(
      [],
      [pairKey(address, key), userKey(key), addressKey(address)],
      now,
      LOGIN_FAILURE_WINDOW_MS,
    );
    return busy;
  }
  if (!user || !checked) return { ok: false, status: 401, message: WRONG_CREDENTIALS };
  await accounts.settleLoginSuccess([pairKey(address, key)], [userKey(key), addressKey(address)], now, LOGIN_FAILURE_WINDOW_MS);
  return { ok: true, user };
}
