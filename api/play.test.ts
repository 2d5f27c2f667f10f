/**
 * `bun run play` stays with its server: SIGTERM to the top of the command stops the server, and
 * the port is free again. Real processes; `--skip-build` leaves out the install and the build. The second case is what
 * `npx -y bun@1.4 run play` does: npm runs `sh -c 'bun' run play`, and SIGTERM ends npm and that shell without
 * reaching anything below them.
 */
import { describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freshPostgresUrl } from './testing/databases.ts';
import { freePort } from './testing/free-port.ts';

const root = resolve(import.meta.dir, '..');

function alive(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (existsSync('/proc/self/stat')) {
    try {
      const text = readFileSync(stat, 'utf8');
      return text.slice(text.lastIndexOf(')') + 2)[0] !== 'Z';
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function portFree(port: number): Promise<boolean> {
  try {
    const probe = Bun.listen({ hostname: '127.0.0.1', port, socket: { data() {} } });
    probe.stop(true);
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, output: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${output()}`);
    await Bun.sleep(50);
  }
}

/**
 * Starts `cmd` (a `bun run play --skip-build` chain, or `bun run start`), waits for the server and answers its pid,
 * the port and its "up" log line. `nodeEnv` replaces the test runner's NODE_ENV (`bun test` sets "test"); undefined
 * leaves it unset, as in an operator's shell.
 */
async function startPlay(cmd: string[], options: { nodeEnv?: string } = { nodeEnv: process.env.NODE_ENV }) {
  const port = await freePort();
  const dirs = [mkdtempSync(join(tmpdir(), 'wl-play-')), mkdtempSync(join(tmpdir(), 'wl-play-site-'))];
  const { NODE_ENV: _runner, ...inherited } = process.env;
  const top = Bun.spawn(cmd, {
    cwd: root,
    env: {
      ...inherited,
      ...(options.nodeEnv === undefined ? {} : { NODE_ENV: options.nodeEnv }),
      // A fresh Postgres database starts much faster than a new PGlite directory (initdb) on a loaded machine.
      DATABASE_URL: process.env.DATABASE_URL ? await freshPostgresUrl() : '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dirs[0],
      SITE_DIR: dirs[1],
      LOG_LEVEL: 'info',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let out = '';
  for (const stream of [top.stdout, top.stderr]) {
    void (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream as ReadableStream<Uint8Array>) out += decoder.decode(chunk, { stream: true });
    })();
  }
  const output = () => out;
  await until('the server says it is up', () => out.includes('Wasteland is up at'), 60_000, output);
  const up = out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { pid: number; msg: string; nodeEnv?: string | null; production?: boolean })
    .find((l) => l.msg.startsWith('Wasteland is up at'))!;
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).ok).toBe(true);
  expect(up.pid).not.toBe(top.pid);
  const cleanUp = () => {
    if (alive(up.pid)) process.kill(up.pid, 'SIGKILL');
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  return { top, port, serverPid: up.pid, mode: { nodeEnv: up.nodeEnv, production: up.production }, output, cleanUp };
}

describe('bun run play passes a stop on to the server', () => {
  test('SIGTERM to `bun run play`: the server stops gracefully, the command exits 0 and the port is free', async () => {
    const { top, port, serverPid, output, cleanUp } = await startPlay(['bun', 'run', 'play', '--skip-build']);
    try {
      top.kill('SIGTERM');
      expect(await top.exited).toBe(0);
      await until('the server process is gone', () => !alive(serverPid), 15_000, output);
      expect(output()).toContain('stopping: closing live connections and writing positions back');
      expect(await portFree(port)).toBe(true);
    } finally {
      cleanUp();
    }
  }, 90_000);

  test('SIGTERM to a launcher that passes nothing on (npx runs `sh -c`): the server still stops, the port is free', async () => {
    // `; exit` keeps the shell from replacing itself with bun, as npm's `sh -c` does not either.
    const { top, port, serverPid, output, cleanUp } = await startPlay(['sh', '-c', 'bun run play --skip-build; exit $?']);
    try {
      top.kill('SIGTERM');
      await top.exited; // the shell is gone at once; what it started must follow
      await until('the server process is gone', () => !alive(serverPid), 15_000, output);
      expect(output()).toContain('[play] the command that started it ended');
      expect(output()).toContain('stopping: closing live connections and writing positions back');
      expect(await portFree(port)).toBe(true);
    } finally {
      cleanUp(); // never a server left behind, even when the test fails (as it did before play.ts)
    }
  }, 90_000);
});

describe('the production server runs as production', () => {
  test('`bun run start` and `bun run play` set NODE_ENV=production unless it is set; a NODE_ENV given is kept', async () => {
    // Outside production Elysia writes the whole refused body, pretty-printed, into its validation errors (seconds of
    // event loop for one deep body): the server an operator starts must not run that way.
    const cases: [string[], string | undefined, string][] = [
      [['bun', 'run', 'start'], undefined, 'production'],
      [['bun', 'run', 'play', '--skip-build'], undefined, 'production'],
      [['bun', 'run', 'start'], 'development', 'development'],
    ];
    for (const [cmd, given, expected] of cases) {
      const { top, mode, cleanUp } = await startPlay(cmd, { nodeEnv: given });
      try {
        // What the server's environment says, and what Elysia made of it.
        expect([cmd.join(' '), given, mode]).toEqual([
          cmd.join(' '),
          given,
          { nodeEnv: expected, production: expected === 'production' },
        ]);
        top.kill('SIGTERM');
        await top.exited;
      } finally {
        cleanUp();
      }
    }
  }, 180_000);
});
