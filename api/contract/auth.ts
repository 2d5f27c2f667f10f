import { type } from 'arktype';
import { chosenName, safeString, text } from './text.ts';
import COMMON_PASSWORD_LIST from './common-passwords.json' with { type: 'json' };
import { DISPLAY_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN, USERNAME_RULE } from '../game/accounts.ts';

export { DISPLAY_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, shownName, USERNAME_PATTERN, USERNAME_RULE } from '../game/accounts.ts';

/**
 * Sign-in attempts that may be checked inside one window (LOGIN_FAILURE_WINDOW_MS) before the server answers 429
 * without checking the password. An attempt counts from the moment it is accepted for checking; a successful one
 * is given back. Three counters, all of which must have room:
 * - LOGIN_FAILURE_LIMIT per username from one client address: the ordinary brute-force limit;
 * - per username from all addresses together (LOGIN_FAILURES_PER_USERNAME, default below): caps a distributed
 *   attack; an attacker on one address alone cannot lock the owner out of their account elsewhere;
 * - per client address over all usernames (LOGIN_FAILURES_PER_ADDRESS, default below): caps spraying many names.
 */
export const LOGIN_FAILURE_LIMIT = 10;
export const DEFAULT_LOGIN_FAILURES_PER_USERNAME = 50;
export const DEFAULT_LOGIN_FAILURES_PER_ADDRESS = 100;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/**
 * Sign-ups per client address inside one window (SIGNUP_LIMIT_PER_ADDRESS, default below; 0 turns it off), counted
 * before the password is hashed, over every process on the database; past it 429 with Retry-After.
 */
export const DEFAULT_SIGNUP_LIMIT_PER_ADDRESS = 20;
export const SIGNUP_WINDOW_MS = 10 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'wl_session';

const username = safeString.narrow((s, ctx) => (USERNAME_PATTERN.test(s) ? true : ctx.mustBe(USERNAME_RULE)));
const password = text(PASSWORD_MIN, PASSWORD_MAX);
/** Normalised and checked by the name rules (api/game/names.ts), then 1 to 32 characters. */
const displayName = chosenName('Display names', DISPLAY_NAME_MAX);
const optionalText = (max: number) => safeString.pipe((s) => s.trim()).to(`string <= ${max}`);

/** The most common passwords of at least PASSWORD_MIN characters (lower-case), from public breach-frequency lists. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON_PASSWORD_LIST);
export const PASSWORD_TOO_COMMON = 'That password is too common; choose another';
export const PASSWORD_IS_USERNAME = 'The password must not be the username; choose another';

/**
 * Beyond the length limits, a new password may not be one of the most common ones or the username itself (both
 * compared case-insensitively); containing the username is allowed. Answers the reason, or null when acceptable.
 * Shared with the sign-up page so it can say the same thing before sending.
 */
export function passwordProblem(password: string, username: string): string | null {
  const folded = password.toLowerCase();
  if (folded === username.toLowerCase()) return PASSWORD_IS_USERNAME;
  if (COMMON_PASSWORDS.has(folded)) return PASSWORD_TOO_COMMON;
  return null;
}

export const RegisterBody = type({
  username,
  password,
  'displayName?': chosenName('Display names', DISPLAY_NAME_MAX, 0),
  'email?': optionalText(254).narrow((s, ctx) =>
    s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s) ? true : ctx.mustBe('an email address'),
  ),
}).narrow((body, ctx) => {
  const problem = passwordProblem(body.password, body.username);
  return problem ? ctx.reject({ path: ['password'], message: problem }) : true;
});
export type RegisterBody = typeof RegisterBody.infer;

export const LoginBody = type({ username: text(0, 64), password: text(0, PASSWORD_MAX) });
export type LoginBody = typeof LoginBody.infer;

export const DisplayNameBody = type({ displayName });
export type DisplayNameBody = typeof DisplayNameBody.infer;

/** What the server says about the signed-in user (spec section 3, User). */
export const AuthUser = type({
  id: 'string',
  username: 'string',
  displayName: 'string | null',
  firstName: 'string | null',
  email: 'string | null',
});
export type AuthUser = typeof AuthUser.infer;
