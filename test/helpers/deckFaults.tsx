// The real App on one shared emulator, reached through a loopback proxy that can refuse
// connections (the "network error" fault the emulator itself cannot make). Each case gets a fresh
// store, effects and render; the emulator, proxy and client policy stay.
import { createServer, type Server, type Socket, connect } from 'node:net';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createClient } from '../../src/api';
import type { Client, ClientOptions } from '../../src/api/types';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator';
import { startEffects, type Effects } from '../../src/state/effects';
import { initialState } from '../../src/state/reducer';
import { createStore, type Store } from '../../src/state/store';
import { App } from '../../src/ui/App';
import { makeTheme } from '../../src/ui/themes/theme';
import { renderInk, type InkHarness } from './ink';

/** A TCP proxy to `target` that can stop listening (connection refused) and listen again on its port. */
interface SwitchableProxy {
  readonly port: number;
  refuse(): Promise<void>;
  accept(): Promise<void>;
  close(): Promise<void>;
}

async function startProxy(targetPort: number): Promise<SwitchableProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(targetPort, '127.0.0.1');
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      for (const so of sockets) so.destroy();
      sockets.clear();
      if (!s) return resolve();
      s.close(() => resolve());
    });
  await listen();
  return {
    get port() {
      return port;
    },
    refuse: stop,
    accept: async () => {
      if (!server) await listen();
    },
    close: stop,
  };
}

export interface DeckBench {
  emulator: Emulator;
  proxy: SwitchableProxy;
  /** The analytics host as the client sees it (through the proxy). */
  analyticsBase: string;
  close(): Promise<void>;
}

async function startDeckBench(opts: EmulatorOptions = {}): Promise<DeckBench> {
  const emulator = await startEmulator({ port: 0, seoPort: 0, seed: 30, rateLimit: 0, ...opts });
  const proxy = await startProxy(Number(new URL(emulator.baseUrl).port));
  return {
    emulator,
    proxy,
    analyticsBase: `http://127.0.0.1:${proxy.port}`,
    close: async () => {
      await proxy.close();
      await emulator.close();
    },
  };
}

export interface OpenDeck {
  ui: InkHarness;
  store: Store;
  client: Client;
  effects: Effects;
  exits: number[];
  written: string[];
  close(): void;
}

/** Renders the App (fresh store and effects) with the given client policy and terminal size. */
export function openDeck(bench: DeckBench, opts: { client?: Partial<ClientOptions>; columns?: number; rows?: number } = {}): OpenDeck {
  const client = createClient({
    baseUrl: bench.analyticsBase,
    seoBaseUrl: bench.emulator.seoBaseUrl,
    apiKey: bench.emulator.apiKey,
    ...opts.client,
  });
  const store = createStore(initialState());
  const effects = startEffects({ client, store });
  const exits: number[] = [];
  const written: string[] = [];
  const ui = renderInk(
    <App
      store={store}
      info={{ profile: 'robust', hosts: client.hosts, demo: false }}
      theme={makeTheme({ NO_COLOR: '1' })}
      size={{ columns: opts.columns ?? 120, rows: opts.rows ?? 30 }}
      exit={(c) => exits.push(c)}
      write={(s) => written.push(s)}
    />,
  );
  return {
    ui,
    store,
    client,
    effects,
    exits,
    written,
    close() {
      ui.unmount();
      effects.stop();
    },
  };
}

/** Records every unhandled rejection and uncaught exception while installed. */
export function watchProcess(): { events: string[]; stop(): void } {
  const events: string[] = [];
  const onRejection = (reason: unknown) => events.push(`unhandledRejection: ${String((reason as Error)?.stack ?? reason)}`);
  const onException = (err: Error) => events.push(`uncaughtException: ${String(err?.stack ?? err)}`);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return {
    events,
    stop() {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}

/**
 * One bench per test file: the deck a test opened closes after it, faults clear, and no unhandled
 * rejection or uncaught exception may happen while the file runs.
 */
export function setUpDeckBench(opts: EmulatorOptions = {}) {
  let bench: DeckBench | undefined;
  let deck: OpenDeck | undefined;
  const proc = watchProcess();
  beforeAll(async () => {
    bench = await startDeckBench(opts);
  });
  afterEach(() => {
    deck?.close();
    deck = undefined;
    bench?.emulator.clearFaults();
  });
  afterAll(async () => {
    proc.stop();
    await bench?.close();
    expect(proc.events).toEqual([]);
  });
  return {
    get bench(): DeckBench {
      return bench!;
    },
    events: proc.events,
    open(o: Parameters<typeof openDeck>[1] = {}): OpenDeck {
      deck = openDeck(bench!, o);
      return deck;
    },
  };
}
