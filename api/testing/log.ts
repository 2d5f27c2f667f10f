import { createLogger, type LogLevel } from '../ops/log.ts';

/** A logger whose lines a test reads: `raw` as written, `lines` parsed (each written line must be one JSON object). */
export function capturedLog(level: LogLevel = 'info') {
  const raw: string[] = [];
  const lines: Record<string, unknown>[] = [];
  const log = createLogger(level, {
    write(chunk: string) {
      for (const line of chunk.split('\n')) {
        if (!line) continue;
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
    },
  });
  return { log, raw, lines };
}
