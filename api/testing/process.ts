import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port.ts';
import { testServerEnv } from './test-server-env.ts';

const root = resolve(import.meta.dir, '../..');

/** A production server (`bun api/server.ts`) in its own OS process, as an operator runs it. */
export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything it printed so far. */
  output(): string;
  /** What it printed on stdout alone (its JSON log lines). */
  stdout(): string;
  /** Resolves with the exit code. */
  exited: Promise<number>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number>;
  /** Sends a signal (SIGKILL: a crash, nothing runs after it) and answers at once. */
  kill(signal: 'SIGKILL' | 'SIGTERM'): void;
  /** The signal that ended it, if one did (null while running or after a clean exit). */
  signal(): string | null;
}

/** `startMs`: how long it may take to answer /api/health (a loaded machine needs longer than the default). */
export async function spawnServer(env: Record<string, string>, startMs = 30_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = Bun.spawn(['bun', 'api/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      // Never the suite's own DATABASE_URL by default: that database is shared by every run on the server.
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'wl-proc-')),
      ...testServerEnv(),
      ...env,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let out = '';
  let stdout = '';
  const drain = async (stream: ReadableStream<Uint8Array>, alone?: (text: string) => void) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      out += text;
      alone?.(text);
    }
  };
  void drain(child.stdout, (text) => {
    stdout += text;
  });
  void drain(child.stderr);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`server did not start:\n${out}`);
    }
    await Bun.sleep(100);
  }
  return {
    url,
    pid: child.pid,
    output: () => out,
    stdout: () => stdout,
    exited: child.exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return child.exited;
    },
    kill: (signal) => child.kill(signal),
    signal: () => (child.signalCode === null ? null : String(child.signalCode)),
  };
}
