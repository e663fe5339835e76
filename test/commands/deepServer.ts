// A host whose websites list holds one record 10 000 levels deep, and a folder per run for the
// files sitedeck keeps: the size-at-the-door tests, in a process and in-process alike.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listAnswer, startHostileServer, type HostileServer } from '../helpers/hostile';

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

export interface DeepServer {
  server: HostileServer;
  /** The environment of a run whose files live under `dir`. */
  envIn(dir: string): Record<string, string>;
  /** A new folder for one run, its config folder made. */
  fresh(): string;
  close(): Promise<void>;
}

export async function startDeepServer(): Promise<DeepServer> {
  const root = mkdtempSync(join(tmpdir(), 'sd-limits-'));
  const server = await startHostileServer((req) => ({
    body: req.path.includes('/reports') ? listAnswer([]) : listAnswer([`{"id":1,"domain":"deep.example","x":${nested(10_000)}}`]),
  }));
  let n = 0;
  return {
    server,
    envIn: (dir) => ({
      SITEDECK_CONFIG_DIR: join(dir, 'config'),
      XDG_STATE_HOME: join(dir, 'state'),
      XDG_CACHE_HOME: join(dir, 'cache'),
      SITEDECK_BASE_URL: server.base,
      SITEDECK_SEO_BASE_URL: server.base,
      SITEDECK_API_KEY: 'k',
    }),
    fresh: () => {
      const dir = join(root, String(++n));
      mkdirSync(join(dir, 'config'), { recursive: true });
      return dir;
    },
    close: async () => {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
