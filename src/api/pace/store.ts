// Where a host's PaceState lives. In memory for one process; in a small file per host for every
// sitedeck process on the machine, since the hosts count per client IP, not per process: a
// read-modify-write under an exclusive lock file, the new state renamed into place (atomic).
// The directory: $XDG_RUNTIME_DIR/sitedeck (per login session, in RAM, gone at logout: the state
// is only ever useful for a minute or two), else $XDG_STATE_HOME/sitedeck or ~/.local/state/sitedeck.

import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { PaceState } from './state';

export interface PaceStore {
  read(): PaceState;
  /** Applies `fn` atomically; `fn` returns the new state (or undefined to leave it) and a result. */
  update<T>(fn: (s: PaceState) => { state?: PaceState; result: T }): T;
}

export function memoryStore(): PaceStore {
  let state: PaceState = {};
  return {
    read: () => state,
    update(fn) {
      const out = fn(state);
      if (out.state) state = out.state;
      return out.result;
    },
  };
}

export function paceDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.XDG_RUNTIME_DIR) return join(env.XDG_RUNTIME_DIR, 'sitedeck');
  const state = env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state');
  return join(state, 'sitedeck');
}

const LOCK_STALE_MS = 2000;
const pause = new Int32Array(new SharedArrayBuffer(4));

function readState(file: string): PaceState {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as PaceState) : {};
  } catch {
    return {};
  }
}

/** The shared store of `origin`, or undefined when its directory cannot be made. */
export function fileStore(origin: string, dir = paceDir()): PaceStore | undefined {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch {
    return undefined;
  }
  const name = `pace-${createHash('sha256').update(origin).digest('hex').slice(0, 16)}`;
  const file = join(dir, `${name}.json`);
  const lock = join(dir, `${name}.lock`);

  const withLock = <T>(body: () => T): T => {
    // Held for a read and a write of a few hundred bytes; a holder that died leaves a stale lock.
    for (;;) {
      try {
        closeSync(openSync(lock, 'wx', 0o600));
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return body();
        try {
          if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) unlinkSync(lock);
        } catch {
          // gone meanwhile
        }
        Atomics.wait(pause, 0, 0, 2);
      }
    }
    try {
      return body();
    } finally {
      try {
        unlinkSync(lock);
      } catch {
        // removed as stale by another process
      }
    }
  };

  return {
    read: () => readState(file),
    update(fn) {
      return withLock(() => {
        const out = fn(readState(file));
        if (out.state) {
          const tmp = `${file}.${process.pid}.tmp`;
          writeFileSync(tmp, JSON.stringify(out.state), { mode: 0o600 });
          renameSync(tmp, file);
        }
        return out.result;
      });
    },
  };
}
