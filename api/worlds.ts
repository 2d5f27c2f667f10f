/**
 * `bun run worlds list | open [NAME] | close NAME | rename NAME NEW`: the operator's world calls from a
 * shell, the same ones as the admin routes under /api/admin/worlds (api/modules/worlds/index.ts). NAME is a world's
 * id or its name (any case); quote names with spaces.
 *
 * It opens the database as the server does, with the same environment: DATABASE_URL (a Postgres server, shared with
 * running servers), else the embedded PGlite under DATA_DIR. An embedded data directory belongs to one process at a
 * time: while a server runs on it this refuses (exit 2) and says to use the admin routes of that server instead.
 * WORLDS_MAX and MAX_PLAYERS are read from the environment like the server's: give it the server's.
 *
 * Exit codes: 0 done, 1 refused (unknown world, name taken, WORLDS_MAX reached), 2 usage or database unreachable.
 */
import { DataDirLockedError, openDatabase, repositories, type Database } from '../db/index.ts';
import { DatabaseUnreachableError } from '../db/client.ts';
import type { WorldSummary, WorldsList } from './contract/lobby.ts';
import { databaseOptionsOf, loadConfig } from './config.ts';
import { AccessEnded } from './live/access-ended.ts';
import { closeWorld, listWorlds, openWorld, renameWorld, type WorldOutcome } from './modules/worlds/service.ts';
import type { Services } from './services.ts';
import { silentLogger } from './ops/log.ts';

const USAGE = `usage: bun run worlds list
       bun run worlds open [NAME]      open a world (a closed one of that name again, else a new one)
       bun run worlds close NAME       nobody new is admitted; seated players finish their session
       bun run worlds rename NAME NEW
NAME is a world's id or name. Uses DATABASE_URL, else the PGlite data directory DATA_DIR (as the server does).`;

/** The worlds as a plain table: id, state, seats, name. */
export function worldsTable(list: WorldsList): string {
  const rows = list.worlds.map((w) => [w.id, w.state, `${w.seated}/${w.maxPlayers}`, w.name]);
  const head = ['ID', 'STATE', 'SEATS', 'NAME'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line), `${list.open} open, ${list.online} seated`].join('\n');
}

const describe = (w: WorldSummary) => `${w.name} (${w.id}): ${w.state}, ${w.seated}/${w.maxPlayers} seated`;

/** Where a run writes: the terminal, or a test's buffer. */
export interface WorldsOutput {
  log: (line: string) => void;
  error: (line: string) => void;
}

const terminal: WorldsOutput = { log: (l) => console.log(l), error: (l) => console.error(l) };

/**
 * One run of the command: its exit code. It opens the database the environment names and closes it after, unless it
 * is handed one already open (a test running many commands on one database, as many runs on one deployment would).
 */
export async function runWorlds(
  argv: string[],
  o: { env?: Record<string, string | undefined>; out?: WorldsOutput; database?: Database } = {},
): Promise<number> {
  const out = o.out ?? terminal;
  const [command, ...args] = argv;
  const arity: Record<string, [number, number]> = { list: [0, 0], open: [0, 1], close: [1, 1], rename: [2, 2] };
  const expected = command === undefined ? undefined : arity[command];
  if (!expected || args.length < expected[0] || args.length > expected[1]) {
    out.error(USAGE);
    return 2;
  }
  const config = loadConfig(o.env ?? process.env);
  let database: Database;
  if (o.database) database = o.database;
  else
    try {
      database = await openDatabase(databaseOptionsOf(config));
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        out.error(
          `${err.message}\nA server is running on this embedded database: use its admin routes instead ` +
            '(set ADMIN_TOKEN on the server; e.g. curl -H "Authorization: Bearer $ADMIN_TOKEN" http://HOST/api/admin/worlds), ' +
            'or stop it and run this again.',
        );
        return 2;
      }
      if (err instanceof DatabaseUnreachableError) {
        out.error(err.message);
        return 2;
      }
      throw err;
    }
  const services: Services = {
    instanceId: `worlds-cli-${process.pid}`,
    config,
    database,
    repos: repositories(database.db),
    now: () => new Date(),
    log: silentLogger(),
    report: (what, err) => out.error(`${what} ${String(err)}`),
    accessEnded: new AccessEnded(),
  };
  try {
    if (command === 'list') {
      out.log(worldsTable(await listWorlds(services)));
      return 0;
    }
    let outcome: WorldOutcome;
    if (command === 'open') outcome = await openWorld(services, args[0]);
    else if (command === 'close') outcome = await closeWorld(services, args[0]!);
    else outcome = await renameWorld(services, args[0]!, args[1]!);
    if (!outcome.ok) {
      out.error(outcome.message);
      return 1;
    }
    const verb = command === 'open' ? 'opened' : command === 'close' ? 'closed' : 'renamed';
    out.log(`${verb}: ${describe(outcome.world)}`);
    return 0;
  } finally {
    if (!o.database) await database.close();
  }
}

if (import.meta.main) process.exit(await runWorlds(process.argv.slice(2)));
