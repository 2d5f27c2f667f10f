import { describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DataDirLockedError, openDatabase } from './client.ts';

const root = resolve(import.meta.dir, '..');

describe('embedded PGlite data directory', () => {
  test('a second server process refuses to start on a directory another process holds', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wl-lock-'));
    const held = await openDatabase({ dataDir });
    try {
      const second = Bun.spawn(['bun', 'api/server.ts'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0' },
        stdout: 'pipe',
        stderr: 'pipe',
      });
      const code = await second.exited;
      const stderr = await new Response(second.stderr).text();
      expect(code).toBe(2);
      expect(stderr).toContain(`is in use by another Wasteland process (pid ${process.pid})`);
    } finally {
      await held.close();
    }
    expect(existsSync(join(dataDir, 'wasteland.lock'))).toBe(false);
  });

  test('the same process cannot open one directory twice, and a stale lock of a dead process is taken over', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wl-lock-'));
    const db = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    await db.close();
    await Bun.write(join(dataDir, 'wasteland.lock'), '999999999');
    const again = await openDatabase({ dataDir });
    expect(await again.ping()).toBe(true);
    await again.close();
  });
});
