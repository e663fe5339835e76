// The single file (`npm run build:sea`): built here into a directory of its own (a build of the
// bundle empties dist/), then run with PATH emptied, so no Node of the machine can stand in for
// the one inside it: the commands, the emulator (`serve`) and the deck in a real terminal.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { ROOT } from '../helpers/e2eFixture';
import { startTmux, type TmuxSession } from '../helpers/tmux';
import { waitFor } from '../helpers/wait';
import { removeDir } from '../helpers/dirs';

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

let dir: string;
let sea: string;
let emulator: Emulator;
let tmux: TmuxSession | undefined;
let served: ChildProcess | undefined;

/** The single file run with nothing on PATH (and no config of the machine's). */
function runSea(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(sea, args, { env: { PATH: '', HOME: dir, SITEDECK_CONFIG_DIR: join(dir, 'config'), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sitedeck-sea-test-'));
  sea = join(dir, 'sitedeck');
  // Carries the pinned Node 24 that npm install linked (scripts/runtime).
  // postject's notes on the binary's sections go to stderr: shown only when the build fails.
  execFileSync(process.execPath, ['scripts/build-sea.mjs', '--out', sea], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  emulator = await startEmulator({ seed: 12, rateLimit: 0, port: 0, seoPort: 0 });
}, 300_000);

afterAll(async () => {
  tmux?.kill();
  served?.kill('SIGKILL');
  await emulator?.close();
  if (dir) removeDir(dir);
});

describe('dist/sitedeck, the single file, with PATH emptied', () => {
  it('is one executable file that prints its version', async () => {
    expect(statSync(sea).mode & 0o111).not.toBe(0);
    const r = await runSea(['--version']);
    expect(r).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('lists websites as JSON from the emulator with one request', async () => {
    emulator.clearHits();
    const r = await runSea(['websites', 'list', '--json', '--per-page', '50'], {
      SITEDECK_BASE_URL: emulator.baseUrl,
      SITEDECK_SEO_BASE_URL: emulator.seoBaseUrl,
      SITEDECK_API_KEY: emulator.apiKey,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { data: { domain: string }[]; meta: { total: number } };
    expect(body.meta.total).toBe(12);
    expect(body.data.map((w) => w.domain).sort()).toEqual(
      emulator
        .websites()
        .map((w) => w.domain)
        .sort(),
    );
    expect(emulator.hits.map((h) => `${h.method} ${h.path}`)).toEqual(['GET /public/api/v1/websites']);
  });

  it('runs doctor: every check of both hosts passes with one request each, the key never printed', async () => {
    emulator.clearHits();
    const r = await runSea(['doctor', '--json'], {
      SITEDECK_BASE_URL: emulator.baseUrl,
      SITEDECK_SEO_BASE_URL: emulator.seoBaseUrl,
      SITEDECK_API_KEY: emulator.apiKey,
      LANG: 'C.UTF-8',
    });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { ok: boolean; checks: { id: string; status: string }[] };
    expect(out.ok).toBe(true);
    expect(out.checks.filter((c) => c.id.startsWith('analytics.') || c.id.startsWith('seo.')).every((c) => c.status === 'ok')).toBe(true);
    expect(emulator.hits.map((h) => `${h.method} ${h.path}`).sort()).toEqual(['GET /api/v1/reports', 'GET /public/api/v1/websites']);
    expect(r.stdout + r.stderr).not.toContain(emulator.apiKey);
  });

  it('runs the emulator (`serve`), which answers its own commands, and stops on SIGTERM with 0', async () => {
    served = spawn(sea, ['serve', '--port', '0', '--seo-port', '0', '--seed', '7', '--rate-limit', '0'], {
      env: { PATH: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    served.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
    const exited = new Promise<number | null>((resolve) => served!.on('close', resolve));
    const line = await waitFor(() => out.split('\n').find((l) => l.startsWith('{')), 'the JSON line of serve');
    const hosts = JSON.parse(line) as { base_url: string; seo_base_url: string; api_key: string };
    expect(hosts.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const r = await runSea(['websites', 'list', '--json', '--per-page', '50'], {
      SITEDECK_BASE_URL: hosts.base_url,
      SITEDECK_SEO_BASE_URL: hosts.seo_base_url,
      SITEDECK_API_KEY: hosts.api_key,
    });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { meta: { total: number } }).meta.total).toBe(7);

    served.kill('SIGTERM');
    expect(await exited).toBe(0);
    served = undefined;
  });

  it('opens the deck in a real terminal on its first list and quits with q', async () => {
    tmux = startTmux({
      command: [sea, '--base-url', emulator.baseUrl, '--seo-base-url', emulator.seoBaseUrl],
      env: { PATH: '', SITEDECK_API_KEY: emulator.apiKey, SITEDECK_CONFIG_DIR: join(dir, 'config'), TERM: 'xterm-256color', LANG: 'C.UTF-8' },
      columns: 120,
      rows: 30,
    });
    const screen = await tmux.waitFor(/1 Websites 12\b.*2 Reports/, { what: 'the deck' });
    expect(screen).toMatch(/page 1\/1\s+12 total/);
    for (const w of emulator.websites().slice(0, 5)) expect(screen).toContain(w.domain);
    tmux.sendKeys('q');
    await tmux.waitFor('[exit 0]', { what: 'the deck to quit with 0' });
  });
});
