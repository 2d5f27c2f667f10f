/**
 * The rules for names people choose and other people read: display names, settlement names and building names.
 * One home, plain TypeScript (no arktype, no Unicode tables), so the server's schemas (api/contract/auth.ts,
 * settlements.ts) and the islands (sign-up, the display-name editor, the settlement forms) apply the same rules.
 * Uniqueness is the server's: it compares look-alike keys (api/contract/name-key.ts, server only: it carries the
 * Unicode confusables table).
 *
 * A name is first normalised: NFKC (full-width letters, ligatures, compatibility spaces and the like become their
 * plain forms), every space character becomes an ASCII space, runs of spaces collapse to one, and spaces at the
 * ends go. Then it is refused when it
 * - contains an invisible, formatting or text-direction character: format characters (Cf: zero-width space and
 *   joiners, the byte-order mark, the bidi embeddings, overrides and isolates U+202A–U+202E / U+2066–U+2069, …),
 *   every default-ignorable code point (the Hangul fillers U+3164 / U+FFA0 / U+115F / U+1160, variation selectors,
 *   the combining grapheme joiner, …), the blank Braille pattern U+2800, line and paragraph separators, control,
 *   private-use, unassigned and surrogate code points;
 * - stacks more than MAX_MARKS_IN_A_ROW combining marks in a row, or begins a word with one;
 * - contains no letter (\p{L}) at all.
 */

/** Combining marks one letter may carry in a row (Vietnamese and Thai need up to 2 or 3; "Zalgo" text needs dozens). */
export const MAX_MARKS_IN_A_ROW = 3;

/** Characters no chosen name may contain: nothing in them can be seen, or they change how the rest is shown. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;
const TOO_MANY_MARKS = new RegExp(`\\p{M}{${MAX_MARKS_IN_A_ROW + 1},}|(?:^| )\\p{M}`, 'u');
const LETTER = /\p{L}/u;

export const NAME_TEXT = {
  invisible: 'may not contain invisible, formatting or text-direction characters',
  marks: `may not stack more than ${MAX_MARKS_IN_A_ROW} accents on one letter or begin a word with one`,
  letter: 'must contain at least one letter',
} as const;

/** NFKC, every space character as one ASCII space, no spaces at the ends. Format characters are kept (and refused). */
export function normaliseName(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(/\p{Zs}+/gu, ' ')
    .replace(/^ +| +$/g, '');
}

/**
 * Why a normalised name is refused (completing "Display names …", "Settlement names …"), or null when it is fine.
 * Lengths are the schemas' business.
 */
export function nameProblem(name: string): string | null {
  if (INVISIBLE.test(name)) return NAME_TEXT.invisible;
  if (TOO_MANY_MARKS.test(name)) return NAME_TEXT.marks;
  if (!LETTER.test(name)) return NAME_TEXT.letter;
  return null;
}

/** Characters a key ignores, so that a name stored before these rules still collides with its visible twin. */
export const IGNORED_IN_KEYS = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
