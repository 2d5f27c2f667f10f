/**
 * Admission benchmark (admission should be O(1) per player): for N = 200 / 1,000 / 2,000 / 4,000 users, times
 * the lobby work the server does to let each one in, one user after another, on a fresh database:
 *   POST /api/lobby/join-game  → joinGame
 *   a game route's access check on a cache miss (api/modules/game-access.ts) → lobbyAccess
 *   the /ws upgrade's access decision (api/live/socket.ts) → lobbyAccess (the socket's open reads the lobby no more)
 * Users and sessions are written straight through the repositories first (not timed). HTTP, cookies and argon2
 * are left out on purpose: they cost the same for every user, and this measures how the lobby scales.
 *
 * Seats: MAX_PLAYERS = N (everyone is seated, as in the live bench) unless BENCH_ADMISSION_MAX is set (say 20, to
 * admit a long queue instead). Then it runs a minute of the live socket audit over all N users (its touchMany every
 * auditIntervalMs, as if every socket had been active) and prints how many lobby rows those heartbeats wrote.
 *
 * BENCH_ADMISSION_SIZES (200,1000,2000,4000). PGlite always; with DATABASE_URL set, once more on a fresh database on
 * that Postgres server. Prints seconds, ms per player and the 4000/200 ratio (flat per player ⇒ ~20× in total).
 * Measures; never fails.
 */
import { openDatabase, repositories, type Database } from '../../db/index.ts';
import { loadConfig } from '../config.ts';
import { expiryCutoff, lastSeenStaleBefore } from '../game/lobby.ts';
import { AccessEnded } from '../live/access-ended.ts';
import { auditIntervalMs } from '../live/connections.ts';
import { joinGame, lobbyAccess } from '../modules/lobby/service.ts';
import type { Services } from '../services.ts';
import { silentLogger } from '../ops/log.ts';
import { freshPostgresUrl } from '../testing/databases.ts';

const SIZES = (process.env.BENCH_ADMISSION_SIZES ?? '200,1000,2000,4000').split(',').map(Number);
const FIXED_MAX = process.env.BENCH_ADMISSION_MAX ? Number(process.env.BENCH_ADMISSION_MAX) : null;

interface Run {
  n: number;
  seconds: number;
  cpuSeconds: number;
  seated: number;
  queued: number;
  heartbeats: number;
  heartbeatWrites: number;
}

async function admit(database: Database, n: number): Promise<Run> {
  const repos = repositories(database.db);
  let clock = Date.now();
  const services: Services = {
    instanceId: 'bench',
    config: { ...loadConfig({}), maxPlayers: FIXED_MAX ?? n },
    database,
    repos,
    now: () => new Date(clock),
    log: silentLogger(),
    report: (what, err) => console.error(what, err),
    accessEnded: new AccessEnded(),
  };
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = crypto.randomUUID();
    await repos.accounts.createUser({ id, username: `adm${i}`, usernameKey: `adm${i}`, passwordHash: 'unused' });
    ids.push(id);
  }

  let seated = 0;
  let queued = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const id of ids) {
    clock += 1; // a millisecond between arrivals, so arrival order is well defined
    await joinGame(services, id);
    const access = await lobbyAccess(services, id); // a game route's cache miss
    if (access.canAccessGame) {
      await lobbyAccess(services, id); // the /ws upgrade
      seated += 1;
    } else queued += 1;
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);

  // A minute of socket audits over everyone (500 users per statement, as the audit slices them).
  const timeout = services.config.seatTimeoutMs;
  const every = auditIntervalMs(timeout);
  let heartbeats = 0;
  let heartbeatWrites = 0;
  for (let t = every; t <= 60_000; t += every) {
    clock += every;
    const now = services.now();
    for (let i = 0; i < ids.length; i += 500) {
      const slice = ids.slice(i, i + 500);
      heartbeats += slice.length;
      heartbeatWrites += (await repos.lobby.touchMany(slice, now, expiryCutoff(now, timeout), lastSeenStaleBefore(now, timeout)))
        .length;
    }
  }
  return { n, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, seated, queued, heartbeats, heartbeatWrites };
}

async function suite(label: string, open: () => Promise<Database>) {
  const warmUp = await open(); // compiles the query paths once, so the first size is not charged for it
  await admit(warmUp, 200).finally(() => warmUp.close());
  console.log(`\n${label}: MAX_PLAYERS = ${FIXED_MAX ?? 'N (everyone seated)'}`);
  console.log('       N   seconds   ms/player   bench CPU s   seated/queued   a minute of audits: rows written / heartbeats');
  const runs: Run[] = [];
  for (const n of SIZES) {
    const database = await open();
    try {
      const r = await admit(database, n);
      runs.push(r);
      console.log(
        `${String(n).padStart(8)} ${r.seconds.toFixed(2).padStart(9)} ${((r.seconds * 1000) / n).toFixed(3).padStart(11)} ` +
          `${r.cpuSeconds.toFixed(2).padStart(13)} ${`${r.seated}/${r.queued}`.padStart(15)}   ${r.heartbeatWrites} / ${r.heartbeats}`,
      );
    } finally {
      await database.close();
    }
  }
  const first = runs[0];
  const last = runs.at(-1);
  if (first && last && last !== first) {
    const ratio = last.seconds / first.seconds;
    const flat = last.n / first.n;
    const cpuRatio = last.cpuSeconds / first.cpuSeconds;
    console.log(
      `ratio ${last.n}/${first.n}: ${ratio.toFixed(1)}× the time (${cpuRatio.toFixed(1)}× the bench's CPU) for ${flat}× the players; ` +
        `per player ${(ratio / flat).toFixed(2)}× (CPU ${(cpuRatio / flat).toFixed(2)}×), flat = 1.00×`,
    );
  }
}

await suite('embedded PGlite (in memory)', () => openDatabase({ dataDir: null }));
if (process.env.DATABASE_URL) await suite('Postgres server', async () => openDatabase({ url: await freshPostgresUrl() }));
