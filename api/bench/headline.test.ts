import { expect, test } from 'bun:test';
import { type BenchRun, headlinesIn, withRun } from './headline.ts';

const run = (commit: string, value: string): BenchRun => ({
  at: '2026-12-02T08:00:00Z',
  commit,
  machine: 'Test CPU × 2',
  benches: ['npcs'],
  figures: [{ name: 'npcs: steady on pglite, CPU s per simulated s', value }],
});

test('a bench output gives its "» name: value" lines, the value after the last colon, nothing else', () => {
  const out = 'warming up\n» p99 / floor (pglite): 1.18×\n  » indented: no\n» steady: ratio: 0.21\nplain: 3\n';
  expect(headlinesIn(out)).toEqual([
    { name: 'p99 / floor (pglite)', value: '1.18×' },
    { name: 'steady: ratio', value: '0.21' },
  ]);
});

test('the history keeps one title, puts the newest run first and keeps every older one', () => {
  const first = withRun('', run('aaaaaaa', '2.64'));
  expect(first.startsWith('# Benchmarks\n')).toBe(true);
  expect(first).toContain('| npcs: steady on pglite, CPU s per simulated s | 2.64 |');
  const second = withRun(first, run('bbbbbbb', '0.25'));
  expect(second.match(/^# Benchmarks$/gm)).toHaveLength(1);
  const [newer, older] = [second.indexOf('bbbbbbb'), second.indexOf('aaaaaaa')];
  expect(newer).toBeGreaterThan(0);
  expect(older).toBeGreaterThan(newer);
  expect(second).toContain('| 2.64 |');
  expect(withRun(second, run('ccccccc', '0.2')).match(/^## /gm)).toHaveLength(3);
});

test('a pipe in a figure does not break its table row', () => {
  expect(withRun('', { ...run('a', 'x | y'), figures: [{ name: 'a|b', value: 'x | y' }] })).toContain('| a\\|b | x \\| y |');
});
