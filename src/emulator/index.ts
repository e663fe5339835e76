// startEmulator(): both hosts on loopback (analytics and SEO), one shared store. Used by
// `sitedeck serve`, the demo and every test that needs a server. See control.ts for the HTTP
// control paths (/__emulator/…) and types.ts for the programmatic contract.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Faults } from './faults';
import { json } from './http';
import { Persister, loadSnapshot } from './persist';
import { RateLimiter } from './rate-limit';
import { REPORTS, WEBSITES } from '../domain';
import { seedRecords } from './seed';
import { makeHandler, type AppState } from './server';
import { Store } from './store';
import { DEMO_KEY, type Emulator, type EmulatorHost, type EmulatorOptions, type Hit } from './types';

export * from './types';

function listen(server: Server, port: number, hostname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function startEmulator(opts: EmulatorOptions = {}): Promise<Emulator> {
  const now = opts.now ?? (() => new Date());
  const hostname = opts.hostname ?? '127.0.0.1';
  const store = new Store();

  const saved = opts.dataFile ? loadSnapshot(opts.dataFile) : undefined;
  if (saved) store.load(saved);
  else {
    const seed = opts.seedRandom ?? 1;
    if (opts.seed) seedRecords(store, WEBSITES, opts.seed, seed, now());
    const reports = opts.seedReports ?? opts.seed;
    if (reports) seedRecords(store, REPORTS, reports, seed, now());
  }

  const persister = opts.dataFile ? new Persister(opts.dataFile, () => store.snapshot()) : undefined;
  if (persister && !saved) await persister.saveNow();

  const hits: Hit[] = [];
  const faults = new Faults();
  const rate = opts.rateLimit ?? 60;
  const windowSec = opts.rateWindow ?? 60;
  const limiter = () => new RateLimiter(rate, windowSec, () => now().getTime());
  const app: AppState = {
    key: opts.key ?? DEMO_KEY,
    store,
    faults,
    hits,
    maxHits: opts.maxHits ?? Infinity,
    limiters: rate > 0 ? { analytics: limiter(), seo: limiter() } : undefined,
    now,
    changed: () => persister?.schedule(),
  };

  const origins: Record<EmulatorHost, string> = { analytics: '', seo: '' };
  const makeServer = (host: EmulatorHost) => {
    const handler = makeHandler(app, host, () => origins[host]);
    return createServer((req, res) => {
      handler(req, res).catch(() => {
        if (res.headersSent || res.destroyed) return void res.destroy();
        const reply = json(500, { message: 'Server Error' });
        res.writeHead(500, { ...reply.headers, 'Content-Length': String(Buffer.byteLength(reply.body!)) });
        res.end(reply.body);
      });
    });
  };
  const analytics = makeServer('analytics');
  const seo = makeServer('seo');
  // A wildcard address listens everywhere; the URLs point at loopback, where it surely answers.
  const reachable = hostname === '0.0.0.0' ? '127.0.0.1' : hostname === '::' ? '::1' : hostname;
  const urlHost = reachable.includes(':') ? `[${reachable}]` : reachable;
  try {
    origins.analytics = `http://${urlHost}:${await listen(analytics, opts.port ?? 0, hostname)}`;
    origins.seo = `http://${urlHost}:${await listen(seo, opts.seoPort ?? 0, hostname)}`;
  } catch (e) {
    await Promise.all([closeServer(analytics), closeServer(seo)]);
    throw e;
  }

  let closed: Promise<void> | undefined;
  return {
    baseUrl: origins.analytics,
    seoBaseUrl: origins.seo,
    apiKey: app.key,
    hits,
    clearHits: () => void (hits.length = 0),
    addFault: (rule) => {
      const id = faults.add(rule);
      return () => void faults.remove(id);
    },
    clearFaults: () => faults.clear(),
    websites: () => store.websites.all(),
    reports: () => store.reports.all(),
    insertRaw: (resource, record) => {
      const row = store[resource].insert({ ...record });
      app.changed();
      return row.id;
    },
    close: () =>
      (closed ??= (async () => {
        await Promise.all([closeServer(analytics), closeServer(seo)]);
        await persister?.flush();
      })()),
  };
}
