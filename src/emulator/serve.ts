// `sitedeck serve`: the emulator as a process. Prints one JSON line with the URLs and key once
// both hosts listen, then runs until SIGINT, SIGTERM or SIGHUP, closing cleanly (the data file
// flushed) and exiting 0.

import { EXIT } from '../domain/exitCodes';
import { startEmulator } from './index';

export interface ServeOptions {
  port?: number;
  seoPort?: number;
  host?: string;
  key?: string;
  seed?: number;
  data?: string;
  rateLimit?: number;
  rateWindow?: number;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export async function runServe(opts: ServeOptions): Promise<void> {
  const emu = await startEmulator({
    port: opts.port ?? 0,
    seoPort: opts.seoPort ?? 0,
    hostname: opts.host,
    key: opts.key,
    seed: opts.seed,
    dataFile: opts.data,
    rateLimit: opts.rateLimit,
    rateWindow: opts.rateWindow,
    // A server left running for days keeps a bounded request log.
    maxHits: 100_000,
  });
  process.stdout.write(JSON.stringify({ base_url: emu.baseUrl, seo_base_url: emu.seoBaseUrl, api_key: emu.apiKey }) + '\n');

  await new Promise<void>((resolve) => {
    const stop = () => {
      for (const s of SIGNALS) process.off(s, stop);
      resolve();
    };
    for (const s of SIGNALS) process.on(s, stop);
  });
  await emu.close();
  process.exit(EXIT.ok);
}
