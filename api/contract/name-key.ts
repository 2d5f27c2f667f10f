/**
 * The look-alike key of a name: two names with the same key are taken to be the same name, so only one survivor
 * (display names and usernames together: db/schema/accounts.ts name_claims) and one settlement per world may
 * have it. Server only: it carries the Unicode confusables table (~100 KB), which the islands do not need.
 *
 *   fold(s)   = s without format characters, normalised (api/game/names.ts: NFKC, spaces), lower case
 *   skel(s)   = NFD → the confusables prototype of each character → NFD
 *   step(s)   = fold(skel(fold(skel(upper case(s)))))
 *   key(name) = step applied to fold(name) until nothing changes
 *
 * skel is the skeleton of Unicode Technical Standard #39 (section 4, "Confusable Detection"), with the table of
 * its confusables.txt (version 13.0.0) as published by the `unhomoglyph` package. It runs on the capitals first
 * (Cyrillic В, Н, К, М, Т and Greek Β, Ν, Τ look like Latin capitals only as capitals), then on the lower case
 * (Cyrillic а, е, о, р, с, х; m → rn). Starting from the capitals makes the key case-insensitive; folding takes
 * prototypes that are capitals, compatibility characters or spaces to their plain forms (0 → O → o, % → º/₀ → o/o);
 * repeating until nothing changes makes the key stable: the key of a key, or of the normalised name, is itself.
 * So "Bob", "BOB", "Bоb" (Cyrillic о), "Воb" (Cyrillic В), "Ｂｏｂ" (full width), "B\u200bob" and "B0b" all share
 * one key; "rn" and "m" too. One key per name means one equivalence, so what is alike in one case is alike in all:
 * I looks like l, so i, I, l, L, 1 and | fold together ("Ali" and "All" count as the same name).
 *
 * Keys are stored (name_claims.key, settlements.name_key): the package is pinned to one version, and a new table
 * needs a data step that recomputes the stored keys (db/data-steps.ts).
 */
import unhomoglyph from 'unhomoglyph';
import { IGNORED_IN_KEYS, normaliseName } from '../game/names.ts';

/** Normalised (names.ts), without format characters, lower case. */
function fold(s: string): string {
  return normaliseName(s.replace(IGNORED_IN_KEYS, '')).toLowerCase();
}

function skel(s: string): string {
  return unhomoglyph(s.normalize('NFD')).normalize('NFD');
}

export function nameKey(name: string): string {
  let key = fold(name);
  for (let i = 0; i < 8; i++) {
    const next = fold(skel(fold(skel(key.toUpperCase()))));
    if (next === key) break;
    key = next;
  }
  return key;
}
