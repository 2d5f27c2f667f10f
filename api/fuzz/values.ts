import fc from 'fast-check';
import { MAX_JSON_DEPTH } from '../contract/json-depth.ts';

/**
 * Hostile values for the fuzz test: strings, numbers and JSON that sit just inside or just outside what the
 * contract accepts. Generators only; nothing here knows about a route.
 */

/** A JSON literal written into a body verbatim (numbers JSON.stringify cannot produce: 1e400, -0.0, 30 digits). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify that writes every RawJson verbatim. */
export function stringifyWithRaw(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0001RAW${raws.length - 1}\u0001`;
    }
    return v;
  });
  if (text === undefined) return 'null';
  return raws.length === 0 ? text : text.replace(/"\\u0001RAW(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

/** Strings that broke or could break a parser, a database or a path resolver. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'default\u0000',
  '\u0001\u0002\u001f\u007f',
  '\u0085\u009f',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDFFF',
  '\uDFFF\uD800',
  '\uFFFE\uFFFF',
  '\uFEFFdefault',
  '\u202Edefault',
  'de\u200Bfault',
  'ＤＥＦＡＵＬＴ',
  'DEFAULT',
  'default ',
  ' default',
  'default\n',
  '\r\n\r\n',
  '\t',
  '\\',
  '"',
  "'",
  '`',
  '%00',
  '%',
  '%ZZ',
  '%c0%af',
  '%2e%2e',
  '%2f',
  '..',
  '../..',
  '../../../../etc/passwd',
  '/',
  '//',
  '?',
  '#',
  '&',
  '=',
  ';',
  '+',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  "1'); DROP TABLE users;--",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '1e-400',
  '-0',
  '0x1F',
  '0b101',
  '0o17',
  '1_000',
  '١٢٣',
  '٣',
  '9007199254740993',
  '-9007199254740993',
  '123456789012345678901234567890',
  '2147483648',
  '-2147483649',
  '4095',
  '4096',
  '-4096',
  '4097',
  '-4097',
  '1.5',
  '.5',
  '5.',
  '+1',
  ' 1',
  '1 ',
  '1e3',
  'Ω',
  '🧟',
  '👩‍👩‍👧',
  'é'.normalize('NFD'),
  'a'.repeat(24),
  'a'.repeat(25),
  'a'.repeat(33),
  'a'.repeat(65),
  'a'.repeat(81),
  'a'.repeat(129),
  'a'.repeat(4097),
];

const surrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const control = fc
  .integer({ min: 0, max: 0x9f })
  .filter((c) => c < 0x20 || c >= 0x7f)
  .map((c) => String.fromCharCode(c));
const unicodeUnit = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: surrogate },
  { weight: 1, arbitrary: control },
  { weight: 4, arbitrary: fc.constantFrom('a', 'Z', '0', '_', '-', ' ', '.', '/', '%', '\u0000') },
);

/** Mostly-printable text with control characters, NULs and lone surrogates mixed in. */
export const mixedText = (maxLength = 40) => fc.array(unicodeUnit, { maxLength }).map((units) => units.join(''));

/** A long string: a short pattern repeated up to `max` characters. */
export const longText = (max = 20_000) =>
  fc
    .tuple(fc.oneof(fc.constantFrom('a', '\u0000', '🧟', '%00', '\uD800', 'é', ' '), mixedText(5)), fc.integer({ min: 100, max }))
    .map(([pattern, n]) => (pattern || 'a').repeat(Math.ceil(n / Math.max(1, (pattern || 'a').length))).slice(0, n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: mixedText() },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: longText(4_000) },
);

/** `s` with a hostile character somewhere inside (keeps the rest of a valid value intact). */
export const withHostileInside = (valid: fc.Arbitrary<string>) =>
  fc
    .tuple(valid, fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\u0007', '\u007f', '\u0085', '\n', '\u202E', '\uFEFF'), fc.nat())
    .map(([s, bad, at]) => {
      const i = s.length === 0 ? 0 : at % (s.length + 1);
      return s.slice(0, i) + bad + s.slice(i);
    });

export const BOUNDARY_NUMBERS: readonly number[] = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  1e-320,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  2 ** 53 + 2,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  4095,
  4096,
  4097,
  -4096,
  -4097,
  4096 * 128 * 5,
  -4096 * 128 * 5,
  4097 * 128 * 5,
];

/** Numbers JSON can carry, plus literals JSON.parse turns into Infinity, -0 or a rounded value. */
export const hostileNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BOUNDARY_NUMBERS) },
  { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.maxSafeInteger() },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        '1e400',
        '-1e400',
        '1e-400',
        '-0.0',
        '0e0',
        '123456789012345678901234567890',
        '-123456789012345678901234567890.5',
        '1E+2',
      )
      .map((t) => new RawJson(t)),
  },
);

/** Any JSON value of the wrong kind: strings, numbers, booleans, null, arrays, objects, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}, [null], { '': '' }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 20, max: 600 }).map((depth) => nest(depth)) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 5000 }).map((n) => new Array(n).fill(0)) },
  { weight: 1, arbitrary: longText(30_000) },
);

function nest(depth: number): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** Keys nobody declared: prototype pollution attempts, unicode, empty. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '',
    ' ',
    'type',
    'id',
    'userId',
    'isAdmin',
    '$where',
    '\u0000',
    'a.b',
    'a[0]',
  ),
  mixedText(12),
);

/** `a` in about one case in `n`, else null. (fc.option's `freq` is the other way round: 1 in freq is null.) */
export function rarely<T>(a: fc.Arbitrary<T>, n = 5): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: n - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: a });
}

/**
 * An object with the route's fields, each one valid (usually), hostile, or missing, and sometimes extra keys:
 * "the right shape with the wrong contents"; or, in two cases in five, all of them valid.
 */
export function nearValidObject(
  fields: Record<string, fc.Arbitrary<unknown>>,
  /** Strictly valid values: two cases in five are built from these alone, so the route's success path runs too. */
  valid?: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.record(valid ?? fields) as fc.Arbitrary<Record<string, unknown>> },
    { weight: 3, arbitrary: mixedObject(fields) },
  );
}

function mixedObject(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const MISSING = Symbol('missing');
  const keys = Object.keys(fields);
  const perField = keys.map((k) =>
    fc.oneof(
      { weight: 6, arbitrary: fields[k]! },
      { weight: 2, arbitrary: hostileValue },
      { weight: 1, arbitrary: fc.constant(MISSING) },
    ),
  );
  return fc
    .tuple(fc.tuple(...perField), rarely(fc.dictionary(hostileKey, hostileValue, { minKeys: 1, maxKeys: 3 })))
    .map(([values, extra]) => {
      const out: Record<string, unknown> = {};
      if (extra)
        for (const [k, v] of Object.entries(extra))
          Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      keys.forEach((k, i) => {
        if (values[i] !== MISSING) out[k] = values[i];
      });
      return out;
    });
}

/** Query values for an integer parameter: around `near`, the parameter's edges, and garbage. */
export function intQueryValue(near: number[], edges: number[]): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .constantFrom(...near)
        .chain((n) => fc.integer({ min: n - 2, max: n + 2 }))
        .map(String),
    },
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(...edges)
        .chain((n) => fc.integer({ min: n - 1, max: n + 1 }))
        .map(String),
    },
    { weight: 2, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.double().map(String) },
  );
}

/** Malformed JSON text: truncated, trailing garbage, comments, BOM, lone surrogate escapes. */
export const malformedJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '{"a":',
    '{"a":1,}',
    '[1,2',
    '{"a":1}{"b":2}',
    '{"a":1} trailing',
    "{'a':1}",
    '{a:1}',
    '// comment\n{}',
    '\uFEFF{}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"a":"\\x00"}',
    'NaN',
    'undefined',
    '',
    ' ',
    '\u0000',
    'null',
    '"just a string"',
    '1e400',
    '['.repeat(10_000),
    '{"a":'.repeat(5_000),
  ),
  mixedText(60),
  fc.jsonValue().map((v) => {
    const t = JSON.stringify(v) ?? 'null';
    return t.slice(0, Math.max(0, t.length - 1));
  }),
);

/**
 * JSON text nested far past MAX_JSON_DEPTH, at most `maxBytes` long: bare arrays or objects, the two alternating, or
 * a deep value inside an object of the right shape (`{"type":"ping","x":[[…]]}`), sometimes with brackets inside
 * strings on the way down and left unclosed. The server must refuse each with 400 (a frame: an error frame) before
 * parsing it; a 20,000-deep body once held the event loop for 28 s.
 */
export function deepJsonText(maxBytes: number): fc.Arbitrary<string> {
  const LEVELS = [
    { open: '[', close: ']' },
    { open: '{"a":', close: '}' },
    { open: '[{"k":"[[{{","v":', close: '}]' },
  ] as const;
  return fc
    .record({
      level: fc.constantFrom(...LEVELS),
      fraction: fc.double({ min: 0.05, max: 1, noNaN: true }),
      wrapper: fc.constantFrom('', '{"type":"ping","x":', '{"worldId":"default","exploredTiles":', '{"username":'),
      closed: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    })
    .map(({ level, fraction, wrapper, closed }) => {
      const room = maxBytes - wrapper.length - 2;
      const most = Math.floor(room / (level.open.length + level.close.length));
      const depth = Math.max(MAX_JSON_DEPTH + 1, Math.floor(most * fraction));
      const inner = level.open.repeat(depth) + '0' + (closed ? level.close.repeat(depth) : '');
      return wrapper ? `${wrapper}${inner}}` : inner;
    });
}
