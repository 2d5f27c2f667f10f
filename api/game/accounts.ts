/**
 * Account rules the sign-up form, the game page and the server share: the username and password limits, the display
 * name's length and the name everyone sees. Plain values, no arktype: api/contract/auth.ts builds its schemas from
 * them and re-exports them, and the page imports them from here without the validator.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,24}$/;
/** USERNAME_PATTERN in words: the server's refusal and the sign-up form's hint say the same. */
export const USERNAME_RULE = '3 to 24 letters, digits, _ or -';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const DISPLAY_NAME_MAX = 32;

/**
 * The name other people see: displayName, firstName, then the account name. Never the e-mail address: that is
 * private to its owner, and this name is shown to everyone (lobby lists, the game's players and activity log).
 */
export function shownName(u: {
  displayName?: string | null;
  firstName?: string | null;
  name?: string | null;
  username?: string | null;
}): string {
  return u.displayName || u.firstName || u.name || u.username || 'Survivor';
}
