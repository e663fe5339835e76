// On the bundle: stdin's size limits are proved on a real pipe into a real process.
// Size at the door, in real processes: stdin of any size (an answer 10 000 levels deep and the state
// files: ./in-process/limits.test.ts).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAnswer, startHostileServer, type HostileServer } from '../helpers/hostile';
import { ensureBuilt, runCli } from './helpers';

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

let server: HostileServer;
let root: string;
const envIn = (dir: string): Record<string, string> => ({
  SITEDECK_CONFIG_DIR: join(dir, 'config'),
  XDG_STATE_HOME: join(dir, 'state'),
  XDG_CACHE_HOME: join(dir, 'cache'),
  SITEDECK_BASE_URL: server.base,
  SITEDECK_SEO_BASE_URL: server.base,
  SITEDECK_API_KEY: 'k',
});
let n = 0;
const fresh = () => {
  const dir = join(root, String(++n));
  mkdirSync(join(dir, 'config'), { recursive: true });
  return dir;
};

beforeAll(async () => {
  ensureBuilt();
  root = mkdtempSync(join(tmpdir(), 'sd-limits-'));
  server = await startHostileServer((req) => ({
    body: req.path.includes('/reports') ? listAnswer([]) : listAnswer([`{"id":1,"domain":"deep.example","x":${nested(10_000)}}`]),
  }));
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('standard input', () => {
  it('past max_stdin_mb is refused in words, and nothing is sent', async () => {
    const before = server.seen.length;
    const r = await runCli(['websites', 'delete', '--ids', '-', '--yes'], { env: { ...envIn(fresh()), SITEDECK_MAX_STDIN_MB: '1' }, input: '1\n'.repeat(600_000) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('standard input holds more than 1 MB, the most sitedeck reads from it (max_stdin_mb); nothing was sent');
    expect(server.seen.length).toBe(before);
  });

  it('a 10 MB bad token is quoted by at most 80 characters', async () => {
    const r = await runCli(['websites', 'delete', '--ids', '-', '--yes'], { env: envIn(fresh()), input: `1 ${'x'.repeat(10_000_000)}\n` });
    expect(r.code).toBe(2);
    expect(r.stderr.length).toBeLessThan(400);
    expect(r.stderr).toContain(`"${'x'.repeat(79)}…"`);
  });
});
