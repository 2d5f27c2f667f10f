import {
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
  type LoginBody,
  type RegisterBody,
} from '../../contract/auth.ts';
import type { UserRow } from '../../../db/repos/accounts.ts';
import type { Services } from '../../services.ts';

export type RegisterOutcome = { ok: true; user: UserRow } | { ok: false; status: 409; message: string };
export type LoginOutcome = { ok: true; user: UserRow } | { ok: false; status: 401 | 429; message: string };

export const WRONG_CREDENTIALS = 'Invalid username or password';
export const TOO_MANY_FAILURES = 'Too many failed sign-in attempts for this account. Try again in 15 minutes.';

let dummyHash: Promise<string> | undefined;
/** Verifying against a throwaway hash when the user does not exist keeps both failures equally slow. */
function timingDecoy(): Promise<string> {
  dummyHash ??= Bun.password.hash('wasteland-timing-decoy', { algorithm: 'argon2id' });
  return dummyHash;
}

const usernameKey = (username: string) => username.toLowerCase();

export async function register(services: Services, body: RegisterBody): Promise<RegisterOutcome> {
  const passwordHash = await Bun.password.hash(body.password, { algorithm: 'argon2id' });
  const user = await services.repos.accounts.createUser({
    id: crypto.randomUUID(),
    username: body.username,
    usernameKey: usernameKey(body.username),
    passwordHash,
    displayName: body.displayName || null,
    email: body.email || null,
  });
  if (!user) return { ok: false, status: 409, message: 'That username is already taken' };
  return { ok: true, user };
}

export async function login(services: Services, body: LoginBody): Promise<LoginOutcome> {
  const key = usernameKey(body.username);
  const accounts = services.repos.accounts;
  const now = services.now();
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  if ((await accounts.countLoginFailuresSince(key, since)) >= LOGIN_FAILURE_LIMIT) {
    return { ok: false, status: 429, message: TOO_MANY_FAILURES };
  }
  const user = await accounts.findUserByUsernameKey(key);
  const valid = user
    ? await Bun.password.verify(body.password, user.passwordHash)
    : (await Bun.password.verify(body.password, await timingDecoy()), false);
  if (!user || !valid) {
    await accounts.recordLoginFailure(key, now);
    return { ok: false, status: 401, message: WRONG_CREDENTIALS };
  }
  await accounts.clearLoginFailures(key);
  return { ok: true, user };
}
