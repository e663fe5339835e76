import { createClient } from '../../src/api';
import type { Client } from '../../src/api/types';
import { startEmulator, type Emulator, type EmulatorOptions, type FaultRule } from '../../src/emulator';
import { startEffects, type Effects, type EffectsOptions } from '../../src/state/effects';
import { initialState, type InitOptions } from '../../src/state/reducer';
import { createStore, type Store } from '../../src/state/store';
import type { JumpClock } from './clock';
import { sharedPaceIn } from './stateDb';

export interface DeckHarness {
  emulator: Emulator;
  client: Client;
  store: Store;
  effects: Effects;
  /** List and write requests the emulator received (GET /…/websites etc.). */
  apiHits(): { host: string; method: string; path: string; query: Record<string, string>; body: Record<string, string>; status: number }[];
  close(): Promise<void>;
}

/** The deck's state + effects on a real emulator over loopback HTTP, no UI. */
export async function startDeckHarness(
  opts: {
    emulator?: EmulatorOptions;
    init?: InitOptions;
    effects?: Partial<EffectsOptions>;
    retries?: number;
    faults?: FaultRule[];
    /** One clock for the emulator's rate windows and the client's waits (see helpers/clock.ts). */
    clock?: JumpClock;
    /** The pacer's state in files in this directory, shared as every sitedeck process shares it (else in memory). */
    paceDir?: string;
    /** Runs once the emulator is up, before the deck sends anything (to plant files that name its address). */
    beforeStart?: (emulator: Emulator) => void;
  } = {},
): Promise<DeckHarness> {
  const { clock } = opts;
  const emulator = await startEmulator({ seed: 40, rateLimit: 0, port: 0, seoPort: 0, ...(clock ? { now: clock.date } : {}), ...opts.emulator });
  const shared = opts.paceDir ? sharedPaceIn(opts.paceDir) : {};
  const timing = clock ? { now: clock.now, sleep: clock.sleep, pace: { sleep: clock.sleep, ...shared } } : { pace: shared };
  const client = createClient({
    baseUrl: emulator.baseUrl,
    seoBaseUrl: emulator.seoBaseUrl,
    apiKey: emulator.apiKey,
    retries: opts.retries ?? 0,
    timeoutMs: 5000,
    ...timing,
  });
  for (const f of opts.faults ?? []) emulator.addFault(f);
  opts.beforeStart?.(emulator);
  const store = createStore(initialState(opts.init));
  const effects = startEffects({ client, store, ...opts.effects });
  return {
    emulator,
    client,
    store,
    effects,
    apiHits: () => emulator.hits.filter((h) => !h.path.startsWith('/__emulator')),
    async close() {
      effects.stop();
      await emulator.close();
    },
  };
}
