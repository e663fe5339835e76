// Where a host's PaceState lives. In memory for one process; in the profile's state database for
// every sitedeck process on the profile, since the hosts count per client, not per process: one
// IMMEDIATE transaction reads the state, applies the change and writes it (src/files/db/pace.ts).

import { readPace, updatePace, type StateDatabase } from '../../files/db';
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

function parseState(text: string | undefined): PaceState {
  if (text === undefined) return {};
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/**
 * The shared store of `origin` in the database `open` gives (opened on the first request). When the
 * database cannot be used (refused, busy past its timeout, full), the store paces in this process
 * alone from then on and says so once through `onWarning`.
 */
export function databaseStore(origin: string, open: () => StateDatabase, onWarning?: (text: string) => void): PaceStore {
  let alone: PaceStore | undefined;
  let sdb: StateDatabase | undefined;
  const goAlone = (e: unknown) => {
    alone = memoryStore();
    onWarning?.(`pacing shared with other sitedeck processes is off (${(e as Error).message}); pacing this process alone`);
    return alone;
  };
  const database = () => (sdb ??= open());

  return {
    read() {
      if (alone) return alone.read();
      try {
        return parseState(readPace(database(), origin));
      } catch (e) {
        return goAlone(e).read();
      }
    },
    update(fn) {
      if (alone) return alone.update(fn);
      let result: ReturnType<typeof fn>['result'] | undefined;
      let ran = false;
      try {
        updatePace(database(), origin, (text) => {
          const out = fn(parseState(text));
          result = out.result;
          ran = true;
          return out.state ? JSON.stringify(out.state) : undefined;
        });
        return result as ReturnType<typeof fn>['result'];
      } catch (e) {
        // The change is made once: here when it did not run in the transaction, else its result stands.
        const local = goAlone(e);
        return ran ? (result as ReturnType<typeof fn>['result']) : local.update(fn);
      }
    },
  };
}
