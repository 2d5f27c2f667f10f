import { type } from 'arktype';
import { nameProblem, normaliseName } from '../game/names.ts';

/**
 * C0 controls (U+0000–U+001F), DEL and C1 controls (U+007F–U+009F). No field of this API carries any of them
 * (names, ids, e-mail addresses, passwords, base64), and Postgres refuses U+0000 in text outright.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A string that is well-formed UTF-16 (no lone surrogates) and free of control characters. */
export function isSafeText(s: string): boolean {
  return !CONTROL.test(s) && s.isWellFormed();
}

/**
 * Every string the API accepts goes through this one type: arbitrary text minus control characters and lone
 * surrogates. Refine it further (`text(1, 64)`, `.pipe(…)`, `.narrow(…)`) rather than starting from `'string'`.
 */
export const safeString = type('string').narrow((s, ctx) =>
  isSafeText(s) ? true : ctx.reject({ expected: 'text without control characters or unpaired surrogates', actual: '' }),
);

/** `safeString` with a length between `min` and `max` (UTF-16 code units, as arktype counts them). */
export function text(min: number, max: number) {
  return safeString.and(`${min} <= string <= ${max}`);
}

/** A world id, as every body, query and path that names a world carries it. */
export const worldIdText = text(1, 64);

/**
 * A name people choose and others read (api/game/names.ts): normalised (NFKC, spaces collapsed and trimmed),
 * refused with `<label> <reason>` when it holds invisible, formatting or text-direction characters, stacks accents
 * or has no letter, then `min`..`max` long. `min` 0 lets an empty name through (an optional field left blank).
 */
export function chosenName(label: string, max: number, min = 1) {
  return safeString
    .pipe((s) => normaliseName(s))
    .to(
      type(`${min} <= string <= ${max}`).narrow((s, ctx) => {
        if (s === '') return true;
        const problem = nameProblem(s);
        return problem ? ctx.reject({ message: `${label} ${problem}` }) : true;
      }),
    );
}
