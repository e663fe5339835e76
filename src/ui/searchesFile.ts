// The profile's earlier searches (`/` then ↑), one small file per profile beside the score history
// ($XDG_STATE_HOME/sitedeck/searches-PROFILE.json, mode 0600), changed under the shared lock and
// replaced atomically (src/files) as every state file is. At most SEARCH_HISTORY_MAX entries.
import { join } from 'node:path';
import { readStateFileSync, updateFile } from '../files';
import { stateDirFrom, type Env } from '../history/file';
import { parseSearches, remember } from '../state/searchHistory';
import type { Store } from '../state/store';

export function searchesPath(env: Env, profile: string): string {
  return join(stateDirFrom(env), `searches-${encodeURIComponent(profile)}.json`);
}

/** The searches on disk, oldest first; none when the file is missing or unreadable (it is only a convenience). */
export function loadSearches(path: string): readonly string[] {
  try {
    const text = readStateFileSync(path);
    return text === undefined ? [] : parseSearches(JSON.parse(text));
  } catch {
    return [];
  }
}

/** Adds one search as the latest, to what is on disk now (another deck of the profile may have added its own). */
export async function saveSearch(path: string, text: string): Promise<void> {
  await updateFile(path, (now) => {
    let onDisk: readonly string[];
    try {
      onDisk = now === undefined ? [] : parseSearches(JSON.parse(now));
    } catch {
      onDisk = [];
    }
    return JSON.stringify({ searches: remember(onDisk, text) });
  });
}

/** Writes each search the deck adds to its history; returns the stop. */
export function followSearches(store: Store, path: string): () => void {
  let last = store.getState().searches;
  let warned = false;
  return store.subscribe((state) => {
    if (state.searches === last) return;
    last = state.searches;
    const latest = last[last.length - 1];
    if (latest === undefined) return;
    saveSearch(path, latest).catch((e: unknown) => {
      if (warned) return;
      warned = true;
      store.dispatch({ type: 'flash/show', kind: 'error', text: `Earlier searches not kept: ${(e as Error).message}` });
    });
  });
}
