// The deck's warm start: at open, the last pages shown for the same profile, hosts and key are drawn
// at once (marked cached) while the fresh ones load; afterwards every page shown is kept, written
// off the render path, one write at a time.
import { queryKey } from '../state/selectors';
import type { Store } from '../state/store';
import { TABS, type DeckState } from '../state/types';
import { cacheDirFrom, cacheFileIn, keyHashOf, readCacheText, updateCacheText } from './files';
import { decode, emptySnapshot, encode, lookupNear, withPage, type CacheEntry, type CacheIdentity, type Snapshot } from './snapshot';

export interface DeckCacheOptions {
  profile: string;
  baseUrl: string;
  seoBaseUrl: string;
  apiKey: string;
  env: Readonly<Record<string, string | undefined>>;
  now?: () => number;
}

export interface DeckCache {
  readonly path: string;
  /** One line when the file on disk was refused (damaged, or another account's); null otherwise. */
  readonly warning: string | null;
  /** Draws the kept pages of the state's queries (before the effects start, so they show at once). */
  warm(store: Store): void;
  /** Keeps every fresh page shown from now on; returns the function that stops it. */
  follow(store: Store): () => void;
}

export function openDeckCache(opts: DeckCacheOptions): DeckCache {
  const now = opts.now ?? Date.now;
  const dir = cacheDirFrom(opts.env);
  const path = cacheFileIn(dir, opts.profile);
  const id: CacheIdentity = { baseUrl: opts.baseUrl, seoBaseUrl: opts.seoBaseUrl, keyHash: keyHashOf(opts.apiKey) };
  let snapshot: Snapshot = emptySnapshot(id);
  let warning: string | null = null;
  try {
    const text = readCacheText(path, dir);
    if (text !== undefined) {
      const d = decode(text, id);
      if (d.kind === 'ok') snapshot = d.snapshot;
      else warning = `Cache ignored (${d.why}): ${path}`;
    }
  } catch (e) {
    warning = `Cache ignored (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): ${path}`;
  }

  return {
    path,
    warning,
    warm(store) {
      const s = store.getState();
      for (const tab of TABS) {
        const hit = lookupNear(snapshot, tab, queryKey(s.tabs[tab].query));
        if (hit) store.dispatch({ type: 'list/warm', tab, page: hit.page, savedAt: hit.savedAt });
      }
    },
    follow(store) {
      let dirty = false;
      let writing = false;
      let failed = false;
      // Pages shown since the last write, added to the file as it is then (another deck may have written).
      let fresh: { tab: (typeof TABS)[number]; entry: CacheEntry }[] = [];
      // A write under way at the end still finishes (the process waits for it); nothing new starts.
      const flush = async () => {
        while (dirty) {
          dirty = false;
          const mine = fresh;
          fresh = [];
          try {
            await updateCacheText(path, dir, (text) => {
              const d = text === undefined ? undefined : decode(text, id);
              let base = d?.kind === 'ok' ? d.snapshot : emptySnapshot(id);
              for (const { tab, entry } of mine) base = withPage(base, tab, entry);
              return encode(base) ?? undefined;
            });
          } catch (e) {
            // The deck works the same without it; say so once.
            if (!failed)
              store.dispatch({
                type: 'flash/show',
                kind: 'info',
                text: `Cache not kept (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): ${path}`,
              });
            failed = true;
          }
        }
        writing = false;
      };
      const onState = (state: DeckState, prev: DeckState) => {
        for (const tab of TABS) {
          const t = state.tabs[tab];
          if (!t.data || t.data === prev.tabs[tab].data || t.cachedAt !== null || t.loading) continue;
          const entry = { query: queryKey(t.query), savedAt: now(), page: t.data };
          snapshot = withPage(snapshot, tab, entry);
          fresh.push({ tab, entry });
          dirty = true;
        }
        if (dirty && !writing) {
          writing = true;
          // After the frame this state change draws; nothing waits for it, and flush catches its own failures.
          setImmediate(() => void flush());
        }
      };
      const unsubscribe = store.subscribe(onState);
      return unsubscribe;
    },
  };
}
