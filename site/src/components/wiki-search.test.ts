import { describe, expect, test } from 'bun:test';
import { matches, normalise, terms } from './wiki-search.ts';

describe('wiki search matching', () => {
  test('normalise folds case, accents, ampersands and dashes', () => {
    expect(normalise('  Settlements &   NPCs ')).toBe('settlements and npcs');
    expect(normalise('Café — Rare')).toBe('cafe - rare');
    expect(normalise('−5')).toBe('-5');
  });

  test('every word of the query must appear, in any order', () => {
    const text = normalise('Equip a Portable Radio to talk on the open channel.');
    expect(matches(text, terms('radio portable'))).toBe(true);
    expect(matches(text, terms('RADIO'))).toBe(true);
    expect(matches(text, terms('radio xylophone'))).toBe(false);
  });

  test('an empty or blank query matches everything', () => {
    expect(terms('   ')).toEqual([]);
    expect(matches('anything', terms(''))).toBe(true);
  });

  test('"&" in a query finds the section titled with "&"', () => {
    expect(matches(normalise('Inventory & Storage'), terms('inventory & storage'))).toBe(true);
    expect(matches(normalise('Inventory & Storage'), terms('inventory and storage'))).toBe(true);
  });
});
