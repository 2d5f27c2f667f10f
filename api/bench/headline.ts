/**
 * A bench's headline figures: the few numbers a goal is stated in (a ratio to the floor, CPU seconds per simulated
 * second). A bench prints each as one line "» name: value"; `bun run bench` (.ci/bench.ts) collects those lines from
 * every bench it ran and records them in BENCHMARKS.md, newest run first, so that a regression shows in review.
 */
export const HEADLINE_MARK = '» ';

export function headline(name: string, value: string): void {
  console.log(`${HEADLINE_MARK}${name}: ${value}`);
}

export interface Headline {
  name: string;
  value: string;
}

/** The headline lines of a bench's output, in order. */
export function headlinesIn(output: string): Headline[] {
  const out: Headline[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith(HEADLINE_MARK)) continue;
    const rest = line.slice(HEADLINE_MARK.length);
    const colon = rest.lastIndexOf(': ');
    if (colon > 0) out.push({ name: rest.slice(0, colon).trim(), value: rest.slice(colon + 2).trim() });
  }
  return out;
}

export interface BenchRun {
  /** ISO date and time of the run. */
  at: string;
  commit: string;
  machine: string;
  benches: string[];
  figures: Headline[];
}

const TITLE = '# Benchmarks';
const PREAMBLE = `${TITLE}

The headline figures of every \`bun run bench\` run, newest first (written by .ci/bench.ts from the lines a bench
prints as "» name: value"; the README explains each bench and quotes the latest). Compare ratios across machines,
not milliseconds: a ratio is measured against a floor in the same run.
`;

/** The file with `run` added as its first entry (a missing or empty file gets its title and preamble). */
export function withRun(existing: string, run: BenchRun): string {
  const body = existing.startsWith(TITLE) ? existing.slice(existing.indexOf('\n## ') + 1 || existing.length) : '';
  const rows = run.figures.map((f) => `| ${f.name.replaceAll('|', '\\|')} | ${f.value.replaceAll('|', '\\|')} |`);
  const entry = [
    `## ${run.at} · ${run.commit} · ${run.machine}`,
    '',
    `Benches: ${run.benches.join(', ')}.`,
    '',
    '| figure | value |',
    '|---|---|',
    ...rows,
    '',
  ].join('\n');
  const rest = body.startsWith('## ') ? body : '';
  return `${PREAMBLE}\n${entry}${rest ? `\n${rest}` : ''}`;
}
