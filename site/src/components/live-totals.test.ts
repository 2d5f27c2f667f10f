import { describe, expect, test } from 'bun:test';
import { showLiveTotals, totalsOf, totalsText } from './live-totals.ts';

/** The smallest document showLiveTotals needs: one element found by its selector. */
function docWith(text: string) {
  const line = { textContent: text, dataset: {} as Record<string, string> };
  const doc = { querySelector: (s: string) => (s === '[data-live-totals]' ? line : null) } as unknown as Document;
  return { doc, line };
}
const answer = (status: number, body: unknown) =>
  (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe("the landing page's live totals", () => {
  test('say players online and worlds open, singular and plural', () => {
    expect(totalsText({ online: 12, open: 2 })).toBe('12 survivors online · 2 worlds open');
    expect(totalsText({ online: 1, open: 1 })).toBe('1 survivor online · 1 world open');
    expect(totalsText({ online: 0, open: 1 })).toBe('0 survivors online · 1 world open');
    expect(totalsText({ online: 0, open: 0 })).toBe('No survivors online yet: the first world opens when you join');
  });

  test('take only a well-formed answer', () => {
    expect(totalsOf({ worlds: [], online: 3, open: 1 })).toEqual({ online: 3, open: 1 });
    expect(totalsOf({ online: '3', open: 1 })).toBeNull();
    expect(totalsOf({ online: -1, open: 1 })).toBeNull();
    expect(totalsOf(null)).toBeNull();
  });

  test('fill the line from the answer; keep the built-in text when the call fails', async () => {
    const ok = docWith('Worlds of 20 open as survivors arrive');
    await showLiveTotals(ok.doc, answer(200, { worlds: [], online: 5, open: 2 }));
    expect(ok.line.textContent).toBe('5 survivors online · 2 worlds open');
    expect(ok.line.dataset.liveTotals).toBe('live');

    for (const get of [
      answer(503, { message: 'down' }),
      answer(200, { unexpected: true }),
      (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
    ]) {
      const failed = docWith('Worlds of 20 open as survivors arrive');
      await showLiveTotals(failed.doc, get);
      expect(failed.line.textContent).toBe('Worlds of 20 open as survivors arrive');
      expect(failed.line.dataset.liveTotals).toBeUndefined();
    }
  });
});
