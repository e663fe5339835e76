import { openJournal, type Journal } from '../../api/cover/journal';
import type { Client } from '../../api/types';
import { profileDatabase } from '../../files/db';
import { openDeckCache } from '../../cache/deckCache';
import { nameSources } from '../../config/resolve';
import type { ResolvedConfig } from '../../config/types';
import { fileViews, memoryViews, type ViewStore } from '../../config/views';
import { historyFor, withHistory, type HistoryStore } from '../../history';
import { messageTimes } from '../../state/chrome/effects';
import { startEffects, type Effects } from '../../state/effects';
import { initialState } from '../../state/reducer';
import { createStore, type Store } from '../../state/store';
import type { Io } from '../../terminal/io';
import type { DeckInfo } from '../components/Header';
import { computeLayout, listRowsByTab } from '../layout/layout';
import { followSearches, loadSearches, searchesAt as searchesOf } from '../outside/searchesFile';
import { screenReaderOn } from '../../terminal/env';
import { sourceOf } from '../../api/cover/gather';

export type CompleteConfig = ResolvedConfig & { baseUrl: string; seoBaseUrl: string; apiKey: string };
export type MakeClient = (config: CompleteConfig) => Client;

export interface SessionStart {
  /** A success flash to open with (the setup screen's "saved"). */
  flash?: string;
  /** Called once the cached pages are in the store, before any request is sent (the pre-paint). */
  warmed?(store: Store): void;
}

/** One deck on one account: its store, the effects that feed it (requests, the warm-start cache). */
export interface Session {
  store: Store;
  effects: Effects;
  client: Client;
  info: DeckInfo;
  /** Score history of the reports this deck reads (the list's ↑/↓, the detail's trend). */
  history: HistoryStore;
  /** The profile's saved views (in memory for the demo). */
  views: ViewStore;
}

/**
 * Starts the store and its effects, so the first list request is already on its way. Light on
 * purpose (no Ink, no React): runDeck calls it before loading the view.
 */
/** What a session reads of the deck's I/O: the environment (the profile's files) and the terminal's size. */
export type SessionIo = Pick<Io, 'env' | 'cwd'> & { readonly stdout: { readonly columns?: number; readonly rows?: number } };

export function startSession(config: CompleteConfig, demo: boolean, makeClient: MakeClient, io: SessionIo, opts: SessionStart = {}): Session {
  const { flash } = opts;
  const raw = makeClient(config);
  // The first pages fill the screen the deck is about to draw (the view is not loaded yet).
  const screen = computeLayout({ columns: io.stdout.columns || 80, rows: io.stdout.rows || 24 });
  // Earlier searches (`/` then ↑) are the profile's, kept as its score history is (the demo writes nothing).
  const searchesAt = demo ? null : searchesOf(io.env, config.profile);
  const store = createStore(initialState({ readOnly: config.readOnly, fitRows: listRowsByTab(screen) }));
  const cache = config.cache ? openDeckCache({ ...config, env: io.env }) : null;
  // The last session's pages first: drawn at once, replaced when the server answers.
  cache?.warm(store);
  opts.warmed?.(store);
  if (flash) store.dispatch({ type: 'flash/show', kind: 'success', text: flash });
  else if (cache?.warning) store.dispatch({ type: 'flash/show', kind: 'info', text: cache.warning });
  const history = historyFor(config, {
    host: raw.hosts.seo,
    demo,
    env: io.env,
    onWarning: (text) => store.dispatch({ type: 'flash/show', kind: 'error', text }),
  });
  const client = withHistory(raw, history);
  // Messages stay message_seconds (errors twice that); for a screen reader, until the next key.
  // A cover's journal is the profile's, as `reports cover` keeps it (the demo's stays in memory).
  const coverJournal = demo ? undefined : coverJournalOf(io.env, config.profile, (text) => store.dispatch({ type: 'flash/show', kind: 'error', text }));
  const requests = startEffects({
    client,
    store,
    flashMs: messageTimes(config.messageMs, screenReaderOn(config, io.env)),
    ...(coverJournal ? { coverJournal } : {}),
    coverSource: (text) => sourceOf(text, io.cwd, demo ? new URL(raw.hosts.seo).origin : undefined),
  });
  const stopCache = cache?.follow(store);
  // Read a turn after the first requests left: opening the state database is not on their way.
  let stopSearches: (() => void) | undefined;
  let stopped = false;
  if (searchesAt) {
    const at = searchesAt;
    setImmediate(() => {
      if (stopped) return;
      store.dispatch({ type: 'searches/kept', searches: loadSearches(at) });
      stopSearches = followSearches(store, at);
    });
  }
  const effects = {
    stop() {
      stopped = true;
      requests.stop();
      stopCache?.();
      stopSearches?.();
    },
  };
  const views = demo ? memoryViews() : fileViews(config);
  return {
    store,
    effects,
    client,
    history,
    views,
    info: { profile: demo ? 'demo' : config.profile, hosts: client.hosts, demo, words: (text: string) => nameSources(text, config) },
  };
}

/** The profile's cover journal, opened on the first :cover (then once); in memory, said on `warn`, when its database cannot be opened. */
function coverJournalOf(env: NodeJS.ProcessEnv, profile: string, warn: (text: string) => void): () => Journal {
  let journal: Journal | undefined;
  return () => (journal ??= openJournal(profileDatabase(env, profile), warn));
}
