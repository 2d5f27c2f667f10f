/**
 * Finds fixed waits longer than 200 ms in test code: `Bun.sleep(n)`, `page.waitForTimeout(n)` and
 * `setTimeout(resolve, n)` inside a promise, where n is a number written in the file (a literal, or a constant the
 * file defines). A test that waits a fixed time for the system under test fails on a slow machine and wastes the
 * time on a fast one: it should poll the condition with a deadline, or move the clock it waits for.
 */
export const MAX_FIXED_WAIT_MS = 200;

export interface FixedWait {
  line: number;
  ms: number;
  text: string;
}

const WAIT =
  /(?:Bun\.sleep|\.waitForTimeout|setTimeout\(\s*(?:r|res|resolve|done)\s*,)\s*\(?\s*([A-Za-z_$][\w$]*|[\d_]+(?:\.\d+)?)\s*[),]/g;
const CONSTANT = /\bconst\s+([A-Za-z_$][\w$]*)\s*(?::\s*number\s*)?=\s*([\d_]+(?:\.\d+)?)\s*;/g;

/** Every fixed wait in `source` longer than MAX_FIXED_WAIT_MS (1-based line numbers). */
export function fixedWaits(source: string): FixedWait[] {
  const constants = new Map<string, number>();
  for (const m of source.matchAll(CONSTANT)) constants.set(m[1]!, Number(m[2]!.replaceAll('_', '')));
  const found: FixedWait[] = [];
  const lines = source.split('\n');
  lines.forEach((text, i) => {
    for (const m of text.matchAll(WAIT)) {
      const arg = m[1]!;
      const ms = /^[\d_]/.test(arg) ? Number(arg.replaceAll('_', '')) : constants.get(arg);
      if (ms !== undefined && ms > MAX_FIXED_WAIT_MS) found.push({ line: i + 1, ms, text: text.trim() });
    }
  });
  return found;
}
