/**
 * The suite's lanes: `bun test` processes of their own, each over a set of files and one backend, run with
 * `--parallel` (slowest files first, from the timings file it keeps) and summed into one count.
 * - pure+PGlite: every file, without DATABASE_URL (a Postgres-only test skips here and runs in the next lane);
 * - Postgres: only the files that touch a database (they name DATABASE_URL, backends() or a Postgres helper), with
 *   TEST_BACKEND=postgres so each runs on the server alone, and of them only the tests named for Postgres.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const root = resolve(import.meta.dir, '..');
const TEST_DIRS = ['api', 'db', 'site/src', 'core-wasm'];
const TEST_FILE = /\.test\.tsx?$/;
/** A file whose tests run on Postgres too (or only): it reaches the server through one of these. */
const TOUCHES_POSTGRES = /backends\(\)|DATABASE_URL|freshPostgresUrl|two-processes|'postgres'/;

function testFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'build') return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFilesUnder(path);
    return TEST_FILE.test(name) ? [relative(root, path)] : [];
  });
}

/** Every `bun test` file, relative to the root, in a stable order. */
export function testFiles(): string[] {
  return TEST_DIRS.flatMap((d) => testFilesUnder(resolve(root, d))).sort();
}

export function postgresFiles(files = testFiles()): string[] {
  return files.filter((f) => TOUCHES_POSTGRES.test(readFileSync(resolve(root, f), 'utf8')));
}

export interface Lane {
  name: string;
  files: string[];
  env: Record<string, string | undefined>;
  /** Worker processes (`bun test --parallel`). */
  workers: number;
  /** Only the tests whose full name matches (`bun test -t`). */
  names?: string;
}

export interface LaneResult {
  name: string;
  passed: number;
  failed: number;
  seconds: number;
  /** Per-file milliseconds this run measured (from the timings file it updated). */
  fileMs: Record<string, number>;
  /** The lane's own output (bun test's report is on stderr), for the log. */
  output: string;
  /** Full names of the tests it ran and passed, and of those it skipped. */
  passedNames: Set<string>;
  skippedNames: Set<string>;
  failedNames: Set<string>;
}

const namesOf = (output: string, mark: 'pass' | 'skip' | 'fail') =>
  new Set([...output.matchAll(new RegExp(`^\\(${mark}\\) (.+?)(?: \\[[\\d.]+m?s\\])?$`, 'gm'))].map((m) => m[1]!));

/**
 * Tests the PGlite lane skipped (they need a Postgres server) that the Postgres lane did not run either: a
 * Postgres-only test whose name the lane's filter misses would otherwise run nowhere, unnoticed.
 */
export function runNowhere(pglite: LaneResult, postgres: LaneResult): string[] {
  // A block per backend names it ("… on pglite" / "… on postgres"): the same test under the other name.
  const same = (n: string) => n.toLowerCase().replaceAll('pglite', 'postgres');
  const ran = new Set([...postgres.passedNames, ...postgres.skippedNames, ...postgres.failedNames].map(same));
  // "(unnamed)" is a skipped hook of a skipped block, not a test.
  return [...pglite.skippedNames].filter((n) => !n.endsWith('(unnamed)') && !ran.has(same(n)));
}

/** The runner's environment with the lane's settings; an undefined one is removed, not passed as a word. */
export function laneEnv(settings: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string | undefined> = { ...process.env, ...settings };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  return env as Record<string, string>;
}

export const timingsFile = (lane: string) => resolve(root, '.ci/timings', `${lane}.json`);

function readTimings(path: string): Record<string, number> {
  try {
    const json = JSON.parse(readFileSync(path, 'utf8')) as { files?: Record<string, number> };
    return json.files ?? {};
  } catch {
    return {};
  }
}

/**
 * Runs one lane to its end. Bun reads the lane's timings file to start the slowest files first and writes what it
 * measured back (`--update-timings`); a lane never seen before starts with an empty one.
 */
export async function runLane(lane: Lane, onOutput?: (text: string) => void): Promise<LaneResult> {
  const timings = timingsFile(lane.name);
  mkdirSync(resolve(root, '.ci/timings'), { recursive: true });
  try {
    statSync(timings);
  } catch {
    writeFileSync(timings, `${JSON.stringify({ version: 1, files: {} })}\n`);
  }
  const before = readTimings(timings);
  const started = performance.now();
  const child = Bun.spawn(
    [
      'bun',
      'test',
      '--timeout',
      '30000',
      `--parallel=${lane.workers}`,
      `--timings=${timings}`,
      '--update-timings',
      ...(lane.names ? ['-t', lane.names] : []),
      ...lane.files.map((f) => `./${f}`),
    ],
    { cwd: root, env: laneEnv(lane.env), stdout: 'pipe', stderr: 'pipe' },
  );
  let output = '';
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      onOutput?.(text);
    }
  };
  await Promise.all([drain(child.stdout), drain(child.stderr)]);
  const exit = await child.exited;
  const seconds = (performance.now() - started) / 1000;
  // The runner's own summary is the last one: a test may print a child run's summary (in a failure message) before it.
  const count = (re: RegExp) => Number([...output.matchAll(re)].at(-1)?.[1] ?? 0);
  const passed = count(/^\s*(\d+) pass$/gm);
  let failed = count(/^\s*(\d+) fail$/gm);
  if (exit !== 0 && failed === 0) failed = 1; // crashed or found nothing: never report green
  const after = readTimings(timings);
  const fileMs: Record<string, number> = {};
  for (const f of lane.files) {
    const key = Object.keys(after).find((k) => k === f || k.endsWith(`/${f}`) || k === `./${f}`);
    if (key !== undefined && after[key] !== before[key]) fileMs[f] = after[key]!;
  }
  return {
    name: lane.name,
    passed,
    failed,
    seconds,
    fileMs,
    output,
    passedNames: namesOf(output, 'pass'),
    skippedNames: namesOf(output, 'skip'),
    failedNames: namesOf(output, 'fail'),
  };
}

/** The bun test lanes of a run: every file on PGlite, the database files again on Postgres when there is one. */
export function bunLanes(workers: number): Lane[] {
  const files = testFiles();
  const lanes: Lane[] = [{ name: 'pglite', files, env: { DATABASE_URL: undefined, TEST_BACKEND: 'pglite' }, workers }];
  if (process.env.DATABASE_URL) {
    // Only the tests named for Postgres ("… on postgres", "(Postgres)", describeOnPostgres): the rest of these files
    // (pure checks, PGlite's own) ran in the PGlite lane already. runNowhere() catches a name this misses.
    lanes.push({
      name: 'postgres',
      files: postgresFiles(files),
      env: { TEST_BACKEND: 'postgres' },
      workers,
      names: '[Pp]ostgres',
    });
  }
  return lanes;
}
