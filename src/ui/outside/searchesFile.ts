// The profile's earlier searches (`/` then ↑), kept in its state database beside the score history
// (src/files/db/searches.ts): at most SEARCH_HISTORY_MAX, the oldest going first.
import { addSearch, importOnce, oldStateFile, profileDatabase, readSearches, type StateDatabase } from '../../files/db';
import { parseSearches, remember, SEARCH_HISTORY_MAX } from '../../state/searchHistory';
import type { Store } from '../../state/store';

type Env = Readonly<Record<string, string | undefined>>;

/** Where a profile's searches are kept: its database, and the file an earlier sitedeck kept them in. */
export interface SearchesAt {
  database: () => StateDatabase;
  oldFile: string;
}

export const searchesAt = (env: Env, profile: string): SearchesAt => ({
  database: profileDatabase(env, profile),
  oldFile: oldStateFile(env, 'searches', profile),
});

/** The searches kept, oldest first; none when the database cannot be used (they are only a convenience: the history says why). */
export function loadSearches(at: SearchesAt): readonly string[] {
  try {
    const sdb = at.database();
    importOnce(sdb, 'searches.json', at.oldFile, (text) => {
      for (const s of parseSearches(JSON.parse(text))) addSearch(sdb, s, SEARCH_HISTORY_MAX);
    });
    return readSearches(sdb).reduce<readonly string[]>(remember, []);
  } catch {
    return [];
  }
}

/** Writes each search the deck adds to the profile's database; returns the stop. */
export function followSearches(store: Store, at: SearchesAt): () => void {
  let last = store.getState().searches;
  let warned = false;
  return store.subscribe((state) => {
    if (state.searches === last) return;
    last = state.searches;
    const latest = last[last.length - 1];
    if (latest === undefined) return;
    try {
      addSearch(at.database(), latest, SEARCH_HISTORY_MAX);
    } catch (e) {
      if (warned) return;
      warned = true;
      store.dispatch({ type: 'flash/show', kind: 'error', text: `Earlier searches not kept: ${(e as Error).message}` });
    }
  });
}
