import { describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dir, '..');

/** Runs `bun api/server.ts` against `databaseUrl`; answers its exit code, stderr and how long it took. */
async function startAgainst(databaseUrl: string, env: Record<string, string> = {}) {
  const started = performance.now();
  const proc = Bun.spawn(['bun', 'api/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      SITE_DIR: mkdtempSync(join(tmpdir(), 'wl-site-')),
      ...env,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const killer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
  const code = await proc.exited;
  clearTimeout(killer);
  const stderr = await new Response(proc.stderr).text();
  return { code, stderr, lines: stderr.split('\n').filter((l) => l.trim() !== ''), ms: performance.now() - started };
}

describe('start-up against a database server that cannot be reached', () => {
  test('a refused connection ends the process at once, non-zero, with one line naming host:port and no password', async () => {
    const { code, lines, stderr, ms } = await startAgainst('postgres://postgres:hunter2secret@127.0.0.1:1/x');
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot reach the database at 127\.0\.0\.1:1: .*ECONNREFUSED/);
    expect(stderr).not.toContain('hunter2secret');
    expect(ms).toBeLessThan(10_000);
  }, 30_000);

  test('a server that accepts but never answers is given up after DATABASE_CONNECT_TIMEOUT_S', async () => {
    // Only loopback is reachable here: a TCP listener that never says a word stands in for a black-holed host.
    const silent = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
    try {
      const { code, lines, stderr, ms } = await startAgainst(`postgres://postgres:hunter2secret@127.0.0.1:${silent.port}/x`, {
        DATABASE_CONNECT_TIMEOUT_S: '1',
      });
      expect(code).not.toBe(0);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toBe(
        `Cannot reach the database at 127.0.0.1:${silent.port}: no answer within 1 s (CONNECT_TIMEOUT; DATABASE_CONNECT_TIMEOUT_S sets the limit)`,
      );
      expect(stderr).not.toContain('hunter2secret');
      expect(ms).toBeLessThan(10_000);
    } finally {
      silent.stop(true);
    }
  }, 30_000);
});
