// Shared pieces of the commands' fault matrix: one emulator per case (so cases run concurrently),
// the five operations as command lines, and what "one clear stderr line" means.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type Emulator, type Hit } from '../../src/emulator';

export type Op = 'list' | 'show' | 'create' | 'update' | 'delete';
export const OPS: readonly Op[] = ['list', 'show', 'create', 'update', 'delete'];

/** A key distinctive enough that any leak of it into output is found by a substring search. */
export const SECRET_KEY = 'sd_robust_SECRET_7c1e9a44b2d0f83e';

export type Resource = 'websites' | 'reports';

const API_PATH: Record<Resource, string> = { websites: '/public/api/v1/websites', reports: '/api/v1/reports' };

/** The request each operation's fault is aimed at (delete reads the record first, to name it). */
export function target(resource: Resource, op: Op, id: number): { method: string; path: string } {
  const coll = API_PATH[resource];
  switch (op) {
    case 'list':
      return { method: 'GET', path: coll };
    case 'show':
      return { method: 'GET', path: `${coll}/${id}` };
    case 'create':
      return { method: 'POST', path: coll };
    case 'update':
      return { method: 'PUT', path: `${coll}/${id}` };
    case 'delete':
      return { method: 'DELETE', path: `${coll}/${id}` };
  }
}

/** The command line of each operation. */
export function argsFor(resource: Resource, op: Op, id: number, tag: string): string[] {
  const name = resource === 'websites' ? `${tag}.example.com` : `https://${tag}.example.com/`;
  switch (op) {
    case 'list':
      return [resource, 'list'];
    case 'show':
      return [resource, 'get', String(id)];
    case 'create':
      return [resource, 'create', name];
    case 'update':
      return [resource, 'update', String(id), '--privacy', 'public'];
    case 'delete':
      return [resource, 'delete', String(id), '--yes'];
  }
}

export function hitsOf(emulator: Emulator, t: { method: string; path: string }): Hit[] {
  return emulator.hits.filter((h) => h.method === t.method && h.path === t.path);
}

export interface CaseServer {
  emulator: Emulator;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A private emulator (3 websites, 3 reports, no rate limit) and an env pointing the CLI at it. */
export async function caseServer(): Promise<CaseServer> {
  const emulator = await startEmulator({ port: 0, seoPort: 0, seed: 3, rateLimit: 0, key: SECRET_KEY });
  const dir = mkdtempSync(join(tmpdir(), 'sitedeck-robust-'));
  return {
    emulator,
    env: {
      HOME: dir,
      SITEDECK_CONFIG_DIR: join(dir, 'sd'),
      SITEDECK_BASE_URL: emulator.baseUrl,
      SITEDECK_SEO_BASE_URL: emulator.seoBaseUrl,
      SITEDECK_API_KEY: SECRET_KEY,
    },
    close: async () => {
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A loopback port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  // Port 1: below the range a listen(0) is given, so no server a concurrent test starts can take it
  // (a port taken and let go could be, and the request then reached that test's emulator).
  return 1;
}

/** Lines of stderr that are not the detail lines of a 422 (indented "  field: message"). */
export function headlines(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l.trim() !== '' && !/^ {2}\S/.test(l));
}

/** Signs of a stack trace or an internal error leaking to the user. */
export const STACK = /^\s+at |\n\s+at |Error: |unexpected error|node:internal|\.ts:\d+|\.js:\d+/;
