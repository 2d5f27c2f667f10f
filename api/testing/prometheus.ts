/** A scrape read the way Prometheus reads the text format (0.0.4); any line outside the grammar throws. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(,|$)/y;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function number(text: string, line: string): number {
  if (/^[+-]?Inf$/.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  if (text === 'NaN') return Number.NaN;
  const n = Number(text);
  if (text === '' || Number.isNaN(n)) throw new Error(`not a sample value: ${line}`);
  return n;
}

function labels(text: string, line: string): Record<string, string> {
  const out: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const m = LABEL.exec(text);
    if (!m) throw new Error(`malformed labels: ${line}`);
    out[m[1]!] = m[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
  }
  return out;
}

export function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('# TYPE ')) {
      const [name, kind] = line.slice(7).split(' ');
      if (!name || !NAME.test(name) || !kind || !TYPES.has(kind)) throw new Error(`malformed TYPE: ${line}`);
      if (types.has(name)) throw new Error(`TYPE given twice: ${line}`);
      types.set(name, kind);
      continue;
    }
    if (line.startsWith('#')) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`malformed sample: ${line}`);
    samples.push({ name: m[1]!, labels: m[2] ? labels(m[2], line) : {}, value: number(m[3]!, line) });
  }
  return { types, samples };
}

/** The family a sample belongs to: `x_bucket`, `x_sum` and `x_count` are histogram `x`'s. */
export function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name;
  const base = name.replace(/_(bucket|sum|count)$/, '');
  return types.get(base) === 'histogram' || types.get(base) === 'summary' ? base : undefined;
}

/** The samples named `name` whose labels include `where`. */
export function find(samples: Sample[], name: string, where: Record<string, string> = {}): Sample[] {
  return samples.filter((s) => s.name === name && Object.entries(where).every(([k, v]) => s.labels[k] === v));
}
