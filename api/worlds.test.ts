import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase, type Database } from '../db/index.ts';
import { WORLD_CLOSED_MESSAGE, type JoinGameResponse, type WorldsList } from './contract/lobby.ts';
import type { WorldInfo } from './contract/world.ts';
import { TestClient, uniqueName } from './testing/client.ts';
import { backends, dropTestDatabases, freshPostgresUrl, openTestDatabase } from './testing/databases.ts';
import { startTestServer, type TestServer } from './testing/server.ts';
import { runWorlds } from './worlds.ts';

/**
 * `bun run worlds` (api/worlds.ts) as an operator runs it, against a test database on both backends: list, open,
 * rename, close and their exit codes. A real subprocess where the process is what is tested (the usage and its exit
 * code, an open then a list that each open the database from the environment, the refusal on PGlite while a server
 * holds the data directory); the rest run the same command in this process on one open database, as many runs on one
 * deployment would (a subprocess costs a bun start and a database open: seconds on PGlite). A server runs beside it
 * on the same database and sees every change at once (a rename shows on GET /api/world/:id of a world that server had
 * already loaded).
 */
const root = resolve(import.meta.dir, '..');
const CLI_ENV = { LOG_LEVEL: 'warn', MAX_PLAYERS: '1', WORLDS_MAX: '3' };

interface Run {
  code: number;
  out: string;
  err: string;
}

async function worldsCli(env: Record<string, string>, ...args: string[]): Promise<Run> {
  const child = Bun.spawn(['bun', 'run', 'worlds', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...CLI_ENV, ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { code, out, err };
}

/** The same command in this process on an open database: what it printed, line by line, and its exit code. */
async function worldsIn(database: Database, env: Record<string, string>, ...args: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runWorlds(args, {
    env: { ...CLI_ENV, ...env },
    database,
    out: { log: (l) => out.push(l), error: (l) => err.push(l) },
  });
  return { code, out: out.map((l) => `${l}\n`).join(''), err: err.map((l) => `${l}\n`).join('') };
}

describe.each(backends())('bun run worlds on %s', (backend) => {
  let server: TestServer | null = null;
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  test('usage: an unknown command or a missing name exits 2 with the usage', async () => {
    const run = await worldsCli({}, 'frobnicate');
    expect(run.code).toBe(2);
    expect(run.err).toContain('usage: bun run worlds list');
    for (const args of [[], ['close'], ['rename', 'one']]) {
      const r = await worldsIn(database, {}, ...args);
      expect(r.code).toBe(2);
      expect(r.err).toContain('usage: bun run worlds list');
    }
  });

  test('open, rename, close and list; refusals exit 1 with the reason', async () => {
    // A server on the same database, already holding the world it will be asked about.
    server = await startTestServer(backend, { database, maxPlayers: 1, worldsMax: 3 });
    const cli = (...args: string[]) => worldsIn(database, {}, ...args);

    const first = await cli('open', 'Glass Dunes');
    expect(first.code).toBe(0);
    // The first world of a fresh deployment is always `default`; the operator's name is kept.
    expect(first.out).toContain('opened: Glass Dunes (default): open, 0/1 seated');
    const second = await cli('open');
    expect(second.code).toBe(0);
    const id = /\((w-[0-9a-z]{8})\)/.exec(second.out)?.[1];
    expect(id).toBeDefined();
    expect((await cli('open', 'glass dunes')).err).toContain('is open already');

    const ana = new TestClient(server.url);
    await ana.register(uniqueName('ana'));
    expect((await ana.json<JoinGameResponse>(ana.post('/api/lobby/join-game', { worldId: id }))).worldId).toBe(id!);
    expect((await ana.json<WorldInfo>(ana.get(`/api/world/${id}`))).id).toBe(id!);

    const renamed = await cli('rename', id!, 'Salt Mirror');
    expect(renamed.code).toBe(0);
    expect(renamed.out).toContain(`renamed: Salt Mirror (${id})`);
    const clash = await cli('rename', 'salt mirror', 'GLASS DUNES');
    expect(clash.code).toBe(1);
    expect(clash.err).toContain('Another world is called "Glass Dunes"');
    const unknown = await cli('close', 'Nowhere At All');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('Unknown world');

    const closed = await cli('close', 'Salt Mirror');
    expect(closed.code).toBe(0);
    expect(closed.out).toContain(`closed: Salt Mirror (${id}): closed`);
    // WORLDS_MAX counts open worlds: with 2 allowed, the closed one leaves room for one more.
    const third = await worldsIn(database, { WORLDS_MAX: '2' }, 'open', 'Third Reach');
    expect(third.code).toBe(0);
    const over = await worldsIn(database, { WORLDS_MAX: '2' }, 'open', 'salt mirror');
    expect(over.code).toBe(1);
    expect(over.err).toContain('WORLDS_MAX (2) worlds are open already');

    const list = await cli('list');
    expect(list.code).toBe(0);
    const lines = list.out.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+STATE\s+SEATS\s+NAME$/);
    expect(lines[1]).toMatch(/^default\s+open\s+0\/1\s+Glass Dunes$/);
    expect(lines[2]).toMatch(new RegExp(`^${id}\\s+closed\\s+1/1\\s+Salt Mirror$`));
    expect(lines[3]).toMatch(/^w-[0-9a-z]{8}\s+open\s+0\/1\s+Third Reach$/);
    expect(lines[4]).toBe('2 open, 1 seated');

    // What the CLI did, the running server sees at once: the new name, the closed world refusing newcomers.
    expect((await ana.json<WorldInfo>(ana.get(`/api/world/${id}`))).name).toBe('Salt Mirror');
    const listed = await ana.json<WorldsList>(ana.get('/api/worlds'));
    expect(listed.worlds.find((w) => w.id === id)).toMatchObject({ name: 'Salt Mirror', state: 'closed', seated: 1 });
    const ben = new TestClient(server.url);
    await ben.register(uniqueName('ben'));
    const refused = await ben.post('/api/lobby/join-game', { worldId: id });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: WORLD_CLOSED_MESSAGE });
  }, 60_000);

  test('a name with a control or invisible character, or like the name of another world, is refused: exit 1 and the rule', async () => {
    const cli = (...args: string[]) => worldsIn(database, { WORLDS_MAX: '9' }, ...args);
    const first = await cli('open', 'Ember Flats');
    expect(first.code).toBe(0);
    const bell = await cli('open', 'Bell\u0007Tower');
    expect(bell.code).toBe(1);
    expect(bell.err).toContain('World names may not contain invisible, formatting or text-direction characters');
    const hidden = await cli('rename', 'Ember Flats', 'Ember\u200bFlats');
    expect(hidden.code).toBe(1);
    expect(hidden.err).toContain('World names may not contain invisible');
    // A Cyrillic Е and а: the same name to every reader.
    const twin = await cli('open', 'Еmber Flаts');
    expect(twin.code).toBe(1);
    expect(twin.err).toContain('"Еmber Flаts" looks like "Ember Flats", the name of another world');
    const names = (await cli('list')).out
      .split('\n')
      .slice(1, -2)
      .map((l) => l.split(/\s{2,}/).at(-1));
    expect(names.filter((n) => n?.includes('mber Fl'))).toEqual(['Ember Flats']);
    expect(names.filter((n) => n?.includes('Bell'))).toEqual([]);
  });
});

describe.each(backends())('bun run worlds as its own process on %s', (backend) => {
  let env: Record<string, string>;
  let url: string | null = null;
  let dataDir: string | null = null;

  beforeAll(async () => {
    if (backend === 'postgres') {
      url = await freshPostgresUrl();
      env = { DATABASE_URL: url };
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'wl-worlds-cli-'));
      env = { DATA_DIR: dataDir };
    }
  });
  afterAll(async () => {
    if (url) await dropTestDatabases([url]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('each run opens the database the environment names: what one opened, the next lists', async () => {
    const opened = await worldsCli(env, 'open', 'Glass Dunes');
    expect(opened.code).toBe(0);
    expect(opened.out).toContain('opened: Glass Dunes (default): open, 0/1 seated');
    const list = await worldsCli(env, 'list');
    expect(list.code).toBe(0);
    expect(list.out.trim().split('\n')).toEqual([
      expect.stringMatching(/^ID\s+STATE\s+SEATS\s+NAME$/),
      expect.stringMatching(/^default\s+open\s+0\/1\s+Glass Dunes$/),
      '1 open, 0 seated',
    ]);
  }, 60_000);
});

// PGlite alone has a data directory a server can hold: this runs on every test run, never skipped.
describe('bun run worlds beside a running server on PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wl-worlds-held-'));
  const env = { DATA_DIR: dataDir };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('a data directory held by a running server is refused with a clear message', async () => {
    const held = await openDatabase({ dataDir });
    try {
      const r = await worldsCli(env, 'list');
      expect(r.code).toBe(2);
      expect(r.err).toContain(`The data directory ${dataDir} is in use by another Wasteland process (pid ${process.pid})`);
      expect(r.err).toContain('use its admin routes instead');
    } finally {
      await held.close();
    }
    expect((await worldsCli(env, 'list')).code).toBe(0);
  }, 60_000);
});
