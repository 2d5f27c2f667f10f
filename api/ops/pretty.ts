/**
 * `bun run dev` shows the server's JSON lines readably: `12:00:01.234 INFO  request GET /api/health 200 1.2ms …`.
 * Only the dev runner uses it; a server always writes JSON (a line that is not JSON is shown as it is).
 */
const COLOURS: Record<string, string> = {
  trace: '\x1b[90m',
  debug: '\x1b[36m',
  info: '\x1b[32m',
  warn: '\x1b[33m',
  error: '\x1b[31m',
  fatal: '\x1b[35m',
};
const RESET = '\x1b[0m';
const SHOWN_APART = new Set(['level', 'time', 'pid', 'msg', 'method', 'route', 'status', 'durationMs']);

export function prettyLine(line: string, colour = true): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (entry === null || typeof entry !== 'object') return line;
  const level = String(entry.level ?? '');
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 23) : '';
  const tag = level.toUpperCase().padEnd(5);
  const parts = [time, colour ? `${COLOURS[level] ?? ''}${tag}${RESET}` : tag, String(entry.msg ?? '')];
  if (entry.method) parts.push(`${entry.method} ${entry.route} ${entry.status} ${entry.durationMs}ms`);
  for (const [k, v] of Object.entries(entry)) if (!SHOWN_APART.has(k) && v !== undefined) parts.push(`${k}=${v}`);
  return parts.join(' ');
}

/** Copies `stream` to stdout line by line, prettified. */
export async function prettyPrint(stream: ReadableStream<Uint8Array>): Promise<void> {
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of stream) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line) process.stdout.write(`${prettyLine(line)}\n`);
  }
  if (pending) process.stdout.write(`${prettyLine(pending)}\n`);
}
