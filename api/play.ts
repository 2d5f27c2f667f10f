/**
 * `bun run play`: installs exactly what the lockfile says, builds, then runs the production server (api/server.ts) as
 * its child and stays with it until it ends: SIGTERM and SIGINT are passed on, SIGHUP as SIGTERM (a graceful stop),
 * and it exits with the server's code (128 + the signal's number when a signal ended it).
 *
 * The launchers above may pass nothing on: `npx -y bun@1.4 run play` runs `sh -c 'bun' run play`, and SIGTERM to npx
 * ends npm and that shell but reaches no process below them, which left the server running on its own. So this
 * process also watches the launchers it was started by (its parent and, above it, every `bun`, `node`, `npm`, `npx`
 * or `sh -c` in a row, read from /proc): when one of them ends, the server is stopped as if by SIGTERM.
 *
 * `--skip-build` starts the server at once (tests: api/play.test.ts).
 */
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { basename, resolve } from 'node:path';
import type { Subprocess } from 'bun';

const root = resolve(import.meta.dir, '..');
const bun = process.execPath;
const WATCH_MS = 250;

/** The process that now runs: an install or build step, then the server. */
let child: Subprocess | null = null;
/** The signal that asked us to stop, passed to the child; set once. */
let stopSignal: NodeJS.Signals | null = null;

function say(line: string) {
  try {
    process.stderr.write(`[play] ${line}\n`);
  } catch {
    // the terminal may be gone with the launcher
  }
}

function stop(signal: NodeJS.Signals, why: string) {
  const first = stopSignal === null;
  stopSignal ??= signal;
  if (first) say(`${why}: stopping the server`);
  // Passed on every time: a second Ctrl-C reaches the server as the first one did.
  if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
  else if (!child) process.exit(128 + (constants.signals[signal] ?? 15));
}

process.on('SIGTERM', () => stop('SIGTERM', 'SIGTERM'));
process.on('SIGINT', () => stop('SIGINT', 'SIGINT'));
process.on('SIGHUP', () => stop('SIGTERM', 'SIGHUP'));

interface ProcInfo {
  ppid: number;
  /** Start time since boot (clock ticks): a pid reused by another process has another. */
  start: string;
  argv: string[];
}

function procInfo(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid … starttime …": comm may hold spaces and parentheses, so count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return null; // a zombie has ended
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return { ppid: Number(fields[1]), start: fields[19]!, argv };
  } catch {
    return null;
  }
}

const LAUNCHERS = new Set(['bun', 'bunx', 'node', 'nodejs', 'npm', 'npx']);
const SHELLS = new Set(['sh', 'dash', 'bash', 'zsh', 'ash']);

/** A process that only launches another command: a package runner, or a shell given one command line with -c. */
function isLauncher(argv: string[]): boolean {
  // npm sets its title to "npm exec bun@1.4 run play": one string in place of argv.
  const program = basename((argv[0] ?? '').split(' ')[0] ?? '');
  if (LAUNCHERS.has(program)) return true;
  return SHELLS.has(program) && argv.slice(1).includes('-c');
}

/**
 * Our parent, then every launcher above it up to the first process that is not one (the user's shell, a supervisor,
 * init): those are the command that was started. Empty where /proc is not there.
 */
function launcherChain(from = process.ppid): { pid: number; start: string; argv: string[] }[] {
  const chain: { pid: number; start: string; argv: string[] }[] = [];
  for (let pid = from; pid > 1; ) {
    const info = procInfo(pid);
    if (!info) break;
    if (chain.length > 0 && !isLauncher(info.argv)) break;
    chain.push({ pid, start: info.start, argv: info.argv });
    pid = info.ppid;
  }
  return chain;
}

function watchLaunchers() {
  const chain = launcherChain();
  if (chain.length === 0) return;
  const timer = setInterval(() => {
    const gone = chain.find((p) => procInfo(p.pid)?.start !== p.start);
    if (!gone) return;
    clearInterval(timer);
    stop('SIGTERM', `the command that started it ended (pid ${gone.pid}, ${gone.argv.join(' ')})`);
  }, WATCH_MS);
  timer.unref();
}

async function run(cmd: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  child = Bun.spawn(cmd, { cwd: root, env, stdin: 'inherit', stdout: 'inherit', stderr: 'inherit' });
  const code = await child.exited;
  const signal = child.signalCode;
  return signal ? 128 + (constants.signals[signal as NodeJS.Signals] ?? 0) : code;
}

const signalled = () => 128 + (constants.signals[stopSignal ?? 'SIGTERM'] ?? 15);

watchLaunchers();
if (!process.argv.includes('--skip-build')) {
  for (const step of [
    [bun, 'install', '--frozen-lockfile'],
    [bun, 'run', 'build'],
  ]) {
    const code = await run(step);
    if (stopSignal) process.exit(signalled());
    if (code !== 0) process.exit(code);
  }
}
process.exit(stopSignal ? signalled() : await run([bun, 'api/server.ts']));
