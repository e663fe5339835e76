// Where a host's PaceState lives. In memory for one process; in a small file per host for every
// sitedeck process on the machine, since the hosts count per client IP, not per process: a
// read-modify-write under the lock every sitedeck process takes (src/files), renamed into place.
// The directory: $XDG_RUNTIME_DIR/sitedeck (per login session, in RAM, gone at logout: the state
// is only ever useful for a minute or two), else $XDG_STATE_HOME/sitedeck or ~/.local/state/sitedeck.

import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { homeFrom } from '../../files/home';
import { join } from 'node:path';
import { readStateFileSync, updateFileSync } from '../../files';
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

export function paceDir(env: Readonly<Record<string, string | undefined>>): string {
  if (env.XDG_RUNTIME_DIR) return join(env.XDG_RUNTIME_DIR, 'sitedeck');
  const state = env.XDG_STATE_HOME || join(homeFrom(env), '.local', 'state');
  return join(state, 'sitedeck');
}

/** The file that holds `origin`'s state in `dir`. */
export function paceFile(origin: string, dir: string): string {
  return join(dir, `pace-${createHash('sha256').update(origin).digest('hex').slice(0, 16)}.json`);
}

function parseState(text: string | undefined): PaceState {
  if (text === undefined) return {};
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

function readState(file: string): PaceState {
  try {
    return parseState(readStateFileSync(file) ?? '');
  } catch {
    return {};
  }
}

/** Lock waits are short here: the state is a few hundred bytes, changed in microseconds. */
const LOCK_TIMEOUT_MS = 2_000;

/**
 * The shared store of `origin`, or undefined when its directory cannot be made. When the file
 * cannot be changed after all (a directory that is not writable, a lock never freed), the store
 * paces in this process alone from then on and says so once through `onWarning`.
 */
export function fileStore(origin: string, dir: string, onWarning?: (text: string) => void): PaceStore | undefined {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch {
    return undefined;
  }
  const file = paceFile(origin, dir);
  let alone: PaceStore | undefined;

  return {
    read: () => (alone ? alone.read() : readState(file)),
    update(fn) {
      if (alone) return alone.update(fn);
      let result: ReturnType<typeof fn>['result'] | undefined;
      let ran = false;
      try {
        // Under the lock every sitedeck process takes (src/files); the state is read from disk now.
        updateFileSync(
          file,
          (text) => {
            const out = fn(parseState(text));
            result = out.result;
            ran = true;
            return out.state ? JSON.stringify(out.state) : undefined;
          },
          { timeoutMs: LOCK_TIMEOUT_MS },
        );
        return result as ReturnType<typeof fn>['result'];
      } catch (e) {
        alone = memoryStore();
        onWarning?.(`pacing shared with other sitedeck processes is off (${(e as Error).message}); pacing this process alone`);
        // The change is made once: here when it did not run under the lock, else its result stands.
        return ran ? (result as ReturnType<typeof fn>['result']) : alone.update(fn);
      }
    },
  };
}
