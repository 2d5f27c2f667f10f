/**
 * The reverse-proxy config operators are told to use (api/ops/nginx.conf.template, rendered by api/ops/nginx.ts), run
 * for real: Debian's nginx, as the current user with its own prefix, pid and logs in a temp dir on a free port, in
 * front of two server processes on one Postgres database. Through that one address: sign-up and a seat, a live socket
 * that reaches the game (one player's move seen by another), plain requests spread over both processes, and a stopped
 * process left out while the other keeps serving.
 *
 * nginx comes from the project's own setup: `bun run test:all` (.ci/test-all.ts) apt-installs it when missing. Where
 * it is not installed this test FAILS and says so; it is never skipped for that. Needs a Postgres server
 * (DATABASE_URL), like every test of several processes.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import postgres from 'postgres';
import type { JoinGameResponse } from '../contract/lobby.ts';
import { TestClient, uniqueName } from '../testing/client.ts';
import { freshPostgresUrl, describeOnPostgres } from '../testing/databases.ts';
import { freePort } from '../testing/free-port.ts';
import { TestSocket } from '../testing/live.ts';
import { spawnServer, type ServerProcess } from '../testing/process.ts';
import { passableStep } from '../testing/steps.ts';
import { renderNginxSite } from './nginx.ts';

const SEED = 12345;
const NGINX = process.env.NGINX_PATH ?? ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? '/usr/sbin/nginx';

/** nginx's own file: one worker, every path in `dir`, the rendered site included. */
function mainConfig(dir: string): string {
  const root = process.getuid?.() === 0;
  return [
    // As root nginx would run its workers as `nobody`, who may not write the temp dir.
    root ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  access_log ${dir}/access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
    `  include ${dir}/wasteland.conf;`,
    '}',
    '',
  ].join('\n');
}

function nginxCommand(dir: string, ...extra: string[]): string[] {
  // -e: the error log before the config is read (the default one is under /var/log, not ours to write).
  return [NGINX, '-e', `${dir}/error.log`, '-p', `${dir}/`, '-c', `${dir}/nginx.conf`, ...extra];
}

/** How many access lines for this route a process wrote (LOG_LEVEL=info: one per request). */
function served(p: ServerProcess, route: string): number {
  return p
    .stdout()
    .split('\n')
    .filter((l) => l.includes('"msg":"request"') && l.includes(`"route":"${route}"`)).length;
}

describeOnPostgres('two processes behind nginx (api/ops/nginx.conf.template)', () => {
  let dir: string;
  let nginx: Subprocess | null = null;
  let proxy: string;
  let p1: ServerProcess;
  let p2: ServerProcess;
  const sockets: TestSocket[] = [];

  let databaseUrl = '';
  beforeAll(async () => {
    if (!existsSync(NGINX))
      throw new Error(
        `nginx is not installed (looked for ${NGINX}): this test runs the README's proxy config for real. ` +
          'Install it with `apt-get install -y nginx` (`bun run test:all` does so when it is missing) or set NGINX_PATH.',
      );
    const url = await freshPostgresUrl();
    databaseUrl = url;
    // TRUST_PROXY=1 as the template says; LOG_LEVEL=info for the access lines that show which process served what.
    const env = { DATABASE_URL: url, WORLD_SEED: String(SEED), WORLDS_MAX: '2', TRUST_PROXY: '1', LOG_LEVEL: 'info' };
    // One after the other: both would otherwise race to apply the migrations.
    p1 = await spawnServer(env);
    p2 = await spawnServer(env);

    dir = mkdtempSync(join(tmpdir(), 'wl-nginx-'));
    for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, t));
    const port = await freePort();
    proxy = `http://127.0.0.1:${port}`;
    writeFileSync(
      join(dir, 'wasteland.conf'),
      renderNginxSite(
        `127.0.0.1:${port}`,
        [p1.url, p2.url].map((u) => new URL(u).host),
      ),
    );
    writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir));

    const check = Bun.spawnSync(nginxCommand(dir, '-t'), { stdout: 'pipe', stderr: 'pipe' });
    if (check.exitCode !== 0) throw new Error(`nginx -t refused the rendered config:\n${check.stderr.toString()}`);
    nginx = Bun.spawn(nginxCommand(dir, '-g', 'daemon off;'), { stdout: 'pipe', stderr: 'pipe' });
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (nginx.exitCode !== null)
        throw new Error(`nginx exited (${nginx.exitCode}):\n${readFileSync(join(dir, 'error.log'), 'utf8')}`);
      try {
        if ((await fetch(`${proxy}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${proxy}`);
      await Bun.sleep(50);
    }
  }, 60_000);

  afterAll(async () => {
    for (const s of sockets) if (s.ws.readyState <= 1) s.close();
    if (nginx) {
      nginx.kill('SIGTERM');
      await nginx.exited;
    }
    await Promise.all([p1?.stop(), p2?.stop()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('sign-up, a seat and the game through the proxy; a live socket through it reaches the game', async () => {
    const [a, b] = [new TestClient(proxy), new TestClient(proxy)];
    const ids = [(await a.register(uniqueName('pxa'))).id, (await b.register(uniqueName('pxb'))).id];
    for (const c of [a, b]) {
      const seat = await c.json<JoinGameResponse>(c.post('/api/lobby/join-game'));
      expect(seat).toMatchObject({ seated: true, worldId: 'default' });
      expect((await c.get('/api/world/default')).status).toBe(200);
    }

    // Both stand a few units apart before they first enter: a move is told only to those in sight.
    const meeting = await passableStep(SEED, 0, 0, 8);
    const beside = await passableStep(SEED, meeting.x, meeting.y, 6);
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      for (const [id, at] of [
        [ids[0]!, meeting],
        [ids[1]!, beside],
      ] as const) {
        await sql`insert into players (user_id, world_id, name, x, y, color)
          values (${id}, 'default', ${uniqueName('st')}, ${at.x}, ${at.y}, '#fff')
          on conflict (user_id, world_id) do update set x = excluded.x, y = excluded.y`;
      }
    } finally {
      await sql.end();
    }
    const sb = TestSocket.open(proxy, b);
    const sa = TestSocket.open(proxy, a);
    sockets.push(sa, sb);
    await sb.next('players_list');
    await sa.next('players_list');
    const me = await a.json(a.get('/api/player/current'));
    const target = await passableStep(SEED, me.x, me.y);
    sa.send({ type: 'player_move', ...target });
    const moved = await sb.next('player_moved', (m) => m.playerId === ids[0] && Math.abs(m.x - target.x) < 1e-9, 5_000);
    expect(moved.y).toBeCloseTo(target.y);
    sa.assertFramesValid();
    sb.assertFramesValid();
  }, 30_000);

  test('requests through the one address reach both processes; a stopped process is left out', async () => {
    const before = [served(p1, '/api/worlds'), served(p2, '/api/worlds')];
    const c = new TestClient(proxy);
    for (let i = 0; i < 20; i++) expect((await c.get('/api/worlds')).status).toBe(200);
    await Bun.sleep(200); // the access lines are written after the answer
    const counts = [served(p1, '/api/worlds') - before[0]!, served(p2, '/api/worlds') - before[1]!];
    console.log(`  20 requests through nginx: ${counts[0]} to process 1, ${counts[1]} to process 2`);
    expect(counts[0]! + counts[1]!).toBe(20);
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[1]).toBeGreaterThan(0);

    // A deploy stops one process: every request still gets its answer from the other.
    expect(await p2.stop()).toBe(0);
    for (let i = 0; i < 10; i++) expect((await c.get('/api/worlds')).status).toBe(200);
    const player = new TestClient(proxy);
    await player.register(uniqueName('pxc'));
    expect((await player.json<JoinGameResponse>(player.post('/api/lobby/join-game'))).seated).toBe(true);
  }, 30_000);
});
