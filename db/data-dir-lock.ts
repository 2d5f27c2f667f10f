import { closeSync, fstatSync, ftruncateSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'wasteland.lock';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number | null) {
    super(
      `The data directory ${dir} is in use by another Wasteland process (pid ${pid ?? 'unknown'}). ` +
        `Stop that process or set DATA_DIR to another directory.`,
    );
    this.name = 'DataDirLockedError';
  }
}

const LOCK_EX = 2;
const LOCK_NB = 4;

interface Flock {
  /** flock(2): 0 on success, -1 with errno set. */
  flock(fd: number, operation: number): number;
  errno(): number;
  /** The errno of "somebody else holds the lock". */
  wouldBlock: number;
}

let flockFns: Flock | null | undefined;

/** flock(2) from the C library through bun:ffi; null where no C library can be opened (then there is no lock). */
async function loadFlock(): Promise<Flock | null> {
  if (flockFns !== undefined) return flockFns;
  const { dlopen, FFIType, read } = await import('bun:ffi');
  const darwin = process.platform === 'darwin';
  const names = darwin
    ? ['libc.dylib', '/usr/lib/libSystem.B.dylib']
    : ['libc.so.6', `libc.musl-${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}.so.1`, 'libc.so'];
  const errnoSymbol = darwin ? '__error' : '__errno_location';
  for (const name of names) {
    try {
      const lib = dlopen(name, {
        flock: { args: [FFIType.i32, FFIType.i32], returns: FFIType.i32 },
        [errnoSymbol]: { args: [], returns: FFIType.ptr },
      });
      const errnoLocation = lib.symbols[errnoSymbol] as () => number | null;
      flockFns = {
        flock: (fd, op) => lib.symbols.flock(fd, op) as number,
        errno: () => {
          const p = errnoLocation();
          return p ? read.i32(p as never, 0) : -1;
        },
        wouldBlock: darwin ? 35 : 11,
      };
      return flockFns;
    } catch {
      // try the next name
    }
  }
  flockFns = null;
  return flockFns;
}

function recordedPid(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * PGlite has no inter-process lock: two processes on one directory corrupt it. This takes an exclusive flock(2)
 * on `<dir>/wasteland.lock`: the kernel drops it when the process dies however it dies (kill -9, crash, OOM), so a
 * crash never leaves the directory locked, and a recycled pid (pid 1 in a container) cannot fake an owner.
 * The pid written into the file only serves the error message. A second open in the same process is refused too
 * (flock locks belong to the open file, not to the process). Answers the release function.
 */
export async function lockDataDir(dir: string): Promise<() => void> {
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, LOCK_FILE);
  const lib = await loadFlock();
  if (!lib) {
    console.warn(`[db] no flock(2) on this platform: nothing stops a second process from opening ${dir}`);
    return () => {};
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const fd = openSync(lockPath, 'a+');
    if (lib.flock(fd, LOCK_EX | LOCK_NB) !== 0) {
      const errno = lib.errno();
      closeSync(fd);
      if (errno === lib.wouldBlock) throw new DataDirLockedError(dir, recordedPid(lockPath));
      throw new Error(`Could not lock the data directory ${dir}: flock failed with errno ${errno}`);
    }
    // The previous holder removes the file when it lets go: if it did so between our open and our flock, we
    // locked an orphaned file that nobody else can see. Start again on the file that is there now.
    const onDisk = statSync(lockPath, { throwIfNoEntry: false });
    if (!onDisk || onDisk.ino !== fstatSync(fd).ino) {
      closeSync(fd);
      continue;
    }
    ftruncateSync(fd, 0);
    writeSync(fd, String(process.pid));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      rmSync(lockPath, { force: true });
      closeSync(fd);
    };
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}
