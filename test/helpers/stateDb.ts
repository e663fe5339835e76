// The pacer's shared state in a test's own folder: the state database the commands and the deck
// keep per profile, here one file in `dir`.
import { join } from 'node:path';
import { openStateDatabase, readPace, updatePace } from '../../src/files/db';

export const stateDbIn = (dir: string) => openStateDatabase(join(dir, 'state.sqlite'));

/** A client's `pace` option sharing the budget through the database in `dir`. */
export const sharedPaceIn = (dir: string) => ({ shared: true as const, database: () => stateDbIn(dir) });

/** Puts a host's pacer state in the database at `path`, as an earlier run left it. */
export function plantPace(path: string, origin: string, state: object): void {
  updatePace(openStateDatabase(path), origin, () => JSON.stringify(state));
}

/** A host's pacer state as stored in the database at `path`. */
export function storedPace<T = Record<string, unknown>>(path: string, origin: string): T | undefined {
  const text = readPace(openStateDatabase(path), origin);
  return text === undefined ? undefined : (JSON.parse(text) as T);
}
