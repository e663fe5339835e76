// The root of the deck's effects: it sends no request itself. Each slice's effects subscribe to the
// store in the order of SLICE_EFFECTS (the lists first: they answer the deck's opening) and stop
// together. A new slice is one line in SLICE_EFFECTS.
import type { Journal } from '../api/cover/journal';
import type { Client } from '../api/types';
import { startAutoRefresh } from './autoRefresh';
import { startChromeEffects } from './chrome/effects';
import { startCoverEffects } from './coverEffects';
import { startListEffects } from './list/effects';
import { startMarksEffects } from './marks/effects';
import { startProjectsEffects } from './projectsEffects';
import type { EffectsContext, StartSliceEffects } from './sliceEffects';
import type { Store } from './store';
import { startWritesEffects } from './writes/effects';
import { sourceOf, type Source } from '../api/cover/gather';

export interface EffectsOptions {
  client: Client;
  store: Store;
  /** Quiet time after the last search keystroke before the request goes out. */
  debounceMs?: number;
  /** How long a flash stays, by kind. */
  flashMs?: EffectsContext['flashMs'];
  /** Pages kept per tab for instant back/forth. */
  cacheSize?: number;
  /** The covers' journal; default: one in memory for this session (the demo's). */
  coverJournal?: () => Journal;
  /** What a `:cover` source's words name; default: sourceOf with files relative to the working directory. */
  coverSource?: (text: string) => Source;
}

export interface Effects {
  stop(): void;
}

const DEFAULT_FLASH = { success: 4000, info: 4000, error: 8000 };

const SLICE_EFFECTS: readonly StartSliceEffects[] = [
  startListEffects,
  startAutoRefresh,
  startWritesEffects,
  startMarksEffects,
  startChromeEffects,
  startProjectsEffects,
  startCoverEffects,
];

/**
 * Turns state changes into API calls: one list request per query change (none for cursor moves,
 * none for a cached page), search debounced, a superseded request aborted and its answer
 * ignored; writes sent once per operation; flashes cleared after a while.
 */
export function startEffects(opts: EffectsOptions): Effects {
  const ctx: EffectsContext = {
    client: opts.client,
    store: opts.store,
    debounceMs: opts.debounceMs ?? 200,
    flashMs: opts.flashMs ?? DEFAULT_FLASH,
    // Enough to page back and forth and switch tabs; more only costs memory (reports carry their checks).
    cacheSize: opts.cacheSize ?? 12,
    ...(opts.coverJournal ? { coverJournal: opts.coverJournal } : {}),
    // path.resolve reads a relative '.' as the working directory.
    coverSource: opts.coverSource ?? ((text) => sourceOf(text, '.')),
  };
  const running = SLICE_EFFECTS.map((start) => start(ctx));
  return {
    stop() {
      for (const r of running) r.stop();
    },
  };
}
