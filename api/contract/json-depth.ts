/**
 * How deeply a JSON text may nest. No body or frame of this API nests more than a few levels; a hostile one nested
 * thousands deep costs the parser little but every step after it (validation, error messages, logging) a lot, so it
 * is refused before it is parsed, by a scan of the raw text: linear, no allocation.
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `Malformed request body: JSON nested deeper than ${MAX_JSON_DEPTH} levels`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether `text` (a string, or its UTF-8 bytes) opens more than `max` arrays or objects inside one another, counting
 * brackets outside strings only. Malformed text is scanned the same way (the parser refuses it afterwards); in UTF-8
 * no byte of a multi-byte character is ASCII, so the bytes can be scanned as they are.
 */
export function jsonNestsDeeperThan(text: string | Uint8Array, max = MAX_JSON_DEPTH): boolean {
  return typeof text === 'string' ? scan(text.length, (i) => text.charCodeAt(i), max) : scan(text.length, (i) => text[i]!, max);
}

function scan(length: number, at: (i: number) => number, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < length; i++) {
    const c = at(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if ((c === CLOSE_ARRAY || c === CLOSE_OBJECT) && depth > 0) depth--;
  }
  return false;
}
