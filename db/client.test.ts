import { afterEach, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Subprocess } from 'bun';
import { DataDirLockedError, openDatabase } from './client.ts';

const root = resolve(import.meta.dir, '..');
const spawned: Subprocess[] = [];

afterEach(async () => {
  for (const p of spawned.splice(0)) {
    p.kill('SIGKILL');
    await p.exited;
  }
});

/** The run's migrated template (api/testing/preload.ts): these tests are about the directory's lock, not initdb. */
const template = process.env.PGLITE_TEMPLATE || null;

/** `bun api/server.ts` on the embedded database in `dataDir`, on a free port. */
function spawnServer(dataDir: string) {
  const proc = Bun.spawn(['bun', 'api/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SITE_DIR: mkdtempSync(join(tmpdir(), 'wl-site-')),
    },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  spawned.push(proc);
  return proc;
}

/** Resolves once the server prints its start-up line; rejects when it exits first. */
async function untilUp(proc: ReturnType<typeof spawnServer>): Promise<void> {
  const decoder = new TextDecoder();
  let out = '';
  for await (const chunk of proc.stdout) {
    out += decoder.decode(chunk);
    if (out.includes('Wasteland is up')) return;
  }
  throw new Error(`the server exited (${await proc.exited}) before it was up: ${out} ${await new Response(proc.stderr).text()}`);
}

describe('embedded PGlite data directory', () => {
  test('a second server process refuses to start on a directory another process holds', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wl-lock-'));
    const held = await openDatabase({ dataDir, template });
    try {
      const second = spawnServer(dataDir);
      const code = await second.exited;
      const stderr = await new Response(second.stderr).text();
      expect(code).toBe(2);
      expect(stderr).toContain(`is in use by another Wasteland process (pid ${process.pid})`);
    } finally {
      await held.close();
    }
    expect(existsSync(join(dataDir, 'wasteland.lock'))).toBe(false);
  });

  test('while one server process runs, a second server process on the same DATA_DIR exits with code 2 and names the first', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wl-lock-'));
    const first = spawnServer(dataDir);
    await untilUp(first);
    const second = spawnServer(dataDir);
    expect(await second.exited).toBe(2);
    const stderr = await new Response(second.stderr).text();
    expect(stderr).toContain(`The data directory ${dataDir} is in use by another Wasteland process (pid ${first.pid})`);
    expect(stderr).toContain('set DATA_DIR to another directory');
    expect(first.exitCode).toBeNull();
  }, 60_000);

  test('the same process cannot open one directory twice', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wl-lock-'));
    const db = await openDatabase({ dataDir, template });
    await expect(openDatabase({ dataDir, template })).rejects.toBeInstanceOf(DataDirLockedError);
    await db.close();
    const again = await openDatabase({ dataDir, template });
    expect(await again.ping()).toBe(true);
    await again.close();
  });

  test('a lock file naming a live, unrelated process (pid 1, the parent, a dead pid) does not block the start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wl-lock-'));
    for (const pid of [1, process.ppid, 999999999]) {
      await Bun.write(join(dataDir, 'wasteland.lock'), String(pid));
      const db = await openDatabase({ dataDir, template });
      expect(await db.ping()).toBe(true);
      await db.close();
    }
  });

  test('after a server process is killed with SIGKILL, the next one starts on the same directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wl-lock-'));
    const first = spawnServer(dataDir);
    await untilUp(first);
    first.kill('SIGKILL');
    await first.exited;
    // The dead server had no chance to clean up: its lock file is still there, naming it.
    expect(await Bun.file(join(dataDir, 'wasteland.lock')).text()).toBe(String(first.pid));
    // As in a container, where the new server gets the dead one's pid: make the file name a live process.
    await Bun.write(join(dataDir, 'wasteland.lock'), String(process.pid));
    const next = spawnServer(dataDir);
    await untilUp(next);
    expect(next.exitCode).toBeNull();
  }, 60_000);
});
