import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { type } from 'arktype';
import { DisplayNameBody } from '../contract/auth.ts';
import { nameKey } from '../contract/name-key.ts';
import { MAX_MARKS_IN_A_ROW, NAME_TEXT, nameProblem, normaliseName } from './names.ts';
import { CreateSettlementBody } from '../contract/settlements.ts';

/** Names a probe once found accepted: each must now be refused, and say why. */
const HOSTILE: [string, string][] = [
  ['only zero-width spaces', '\u200b\u200b\u200b'],
  ['only Hangul fillers', '\u3164\u3164'],
  ['a halfwidth Hangul filler', '\uffa0'],
  ['a byte-order mark before admin', '\ufeffadmin'],
  ['a right-to-left override', 'evil\u202egnp.exe'],
  ['a left-to-right isolate', 'a\u2066b'],
  ['a soft hyphen', 'ad\u00admin'],
  ['a zero-width joiner', 'Bo\u200db'],
  ['a variation selector', 'Bob\ufe0f'],
  ['a blank Braille pattern', '\u2800\u2800'],
  ['31 combining marks', `a${'\u0301'.repeat(31)}`],
  ['a word beginning with a mark', '\u0301abc'],
  ['no letter at all', '1234'],
  ['punctuation only', '...'],
  ['a private-use character', 'Bob\ue000'],
  ['a line separator', 'Bob\u2028Smith'],
];

describe('name rules (api/game/names.ts)', () => {
  test.each(HOSTILE)('refuses %s', (_, raw) => {
    expect(nameProblem(normaliseName(raw))).not.toBeNull();
    const res = DisplayNameBody({ displayName: raw });
    expect(res instanceof type.errors).toBe(true);
    const settlement = CreateSettlementBody({ worldId: 'default', name: raw, x: 0, y: 0 });
    expect(settlement instanceof type.errors).toBe(true);
  });

  test('the refusal says why, naming the field', () => {
    const res = DisplayNameBody({ displayName: '\u200b' });
    expect(res instanceof type.errors && res.summary).toBe(`Display names ${NAME_TEXT.invisible}`);
    const marks = CreateSettlementBody({ worldId: 'default', name: `a${'\u0301'.repeat(31)}`, x: 0, y: 0 });
    expect(marks instanceof type.errors && marks.summary).toBe(`Settlement names ${NAME_TEXT.marks}`);
    const digits = DisplayNameBody({ displayName: '007' });
    expect(digits instanceof type.errors && digits.summary).toBe(`Display names ${NAME_TEXT.letter}`);
  });

  test('ordinary names of many scripts pass, normalised (NFKC, one space between words, none at the ends)', () => {
    for (const [raw, clean] of <[string, string][]>[
      ['  Dusty   Pete ', 'Dusty Pete'],
      ['Ｒｕｓｔ\u3000Ｔｏｗｎ', 'Rust Town'],
      ['ﬁsh\u00a0market', 'fish market'],
      ['Nguyễn Văn', 'Nguyễn Văn'],
      ['ทดสอบ', 'ทดสอบ'],
      ['क्षत्रिय', 'क्षत्रिय'],
      ['李小龍', '李小龍'],
      ['Zoë 👍', 'Zoë 👍'],
      [`e${'\u0301'.repeat(MAX_MARKS_IN_A_ROW)}`, `é${'\u0301'.repeat(MAX_MARKS_IN_A_ROW - 1)}`],
    ]) {
      expect(normaliseName(raw)).toBe(clean);
      expect(nameProblem(clean)).toBeNull();
      expect(DisplayNameBody({ displayName: raw })).toEqual({ displayName: clean });
    }
  });

  test('look-alike keys: case, width, invisible characters and confusable letters fold together', () => {
    const bob = nameKey('Bob');
    for (const alike of [
      'BOB',
      'bob',
      'Bоb' /* Cyrillic о */,
      'Воb' /* Cyrillic В */,
      'ВОВ',
      'Ｂｏｂ',
      'B\u200bob',
      'B0b',
      ' Bob ',
    ]) {
      expect(nameKey(alike)).toBe(bob);
    }
    expect(nameKey('Haven\u200b')).toBe(nameKey('Haven'));
    expect(nameKey('Hаven')).toBe(nameKey('Haven')); // Cyrillic а
    expect(nameKey('\ufeffadmin')).toBe(nameKey('admin'));
    expect(nameKey('rn')).toBe(nameKey('m'));
    for (const other of ['Rob', 'Bobby', 'Bo b', 'Bab']) expect(nameKey(other)).not.toBe(bob);
    // One key per name: what looks alike in capitals is alike in every case (I and l, so i and l too).
    expect(nameKey('Ali')).toBe(nameKey('ALL'));
    expect(nameKey('Lee')).not.toBe(nameKey('Bee'));
  });

  test('keys are stable: the key of a key is itself, normalising first changes nothing, case never matters in ASCII', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 12 }), (s) => {
        const k = nameKey(s);
        expect(nameKey(k)).toBe(k);
        expect(nameKey(normaliseName(s))).toBe(k);
      }),
      { numRuns: 500 },
    );
    fc.assert(fc.property(fc.string({ maxLength: 12 }), (s) => expect(nameKey(s.toUpperCase())).toBe(nameKey(s.toLowerCase()))));
  }, 30_000);
});
