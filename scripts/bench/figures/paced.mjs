// Figures 7 and 8: `list --all` under the rate limit, and its memory on a long export; and a run
// that fits what the host says is left, which goes at full speed.
//
// Paced throughput: the bundled CLI reads k windows' worth of pages plus one (per_page=100) from an
// emulator limiting L requests per W seconds. Between the first request and the first request of
// the last window, the server lets through k·L pages, so the records read in that span per minute,
// set against the server's ceiling (L·100 per W), are the share of the budget the pacer uses.
// Whatever 429s it met (it learns the window from its first) are counted; a failure would end the
// run with a non-zero exit.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deckEnv } from '../emulator.mjs';
import { BUNDLE } from '../session.mjs';

function runList(emu, env, onPid, perPage = 100) {
  return new Promise((resolve, reject) => {
    const [cmd, ...args] = BUNDLE;
    const child = spawn(cmd, [...args, 'websites', 'list', '--all', '--per-page', String(perPage), '--format', 'ndjson'], {
      env: {
        PATH: process.env.PATH,
        ...deckEnv(emu, env.configDir),
        XDG_RUNTIME_DIR: env.runtimeDir,
        ...(env.stateHome ? { XDG_STATE_HOME: env.stateHome } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let lines = 0;
    let stderr = '';
    child.stdout.on('data', (d) => {
      for (let i = d.indexOf(10); i !== -1; i = d.indexOf(10, i + 1)) lines++;
    });
    child.stderr.on('data', (d) => (stderr += d));
    onPid?.(child.pid);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, lines, stderr }));
  });
}

export async function measurePaced({ startEmulator, limit = 60, windowSec = 60, windows = 2 }) {
  const pages = windows * limit + 1;
  const emu = await startEmulator({ seed: pages * 100, seedReports: 0, rateLimit: limit, rateWindow: windowSec });
  const configDir = mkdtempSync(join(tmpdir(), 'sitedeck-bench-paced-'));
  try {
    const t0 = performance.now();
    const run = await runList(emu, { configDir, runtimeDir: configDir });
    const seconds = (performance.now() - t0) / 1000;
    if (run.code !== 0) throw new Error(`list --all exited ${run.code}: ${run.stderr.trim().split('\n').pop()}`);
    const ok = emu.hits.filter((h) => h.status === 200);
    const limited = emu.hits.filter((h) => h.status === 429).length;
    const failed = emu.hits.filter((h) => h.status !== 200 && h.status !== 429).length;
    const span = (ok[ok.length - 1].at - ok[0].at) / 60_000;
    const perMinute = ((ok.length - 1) * 100) / span;
    const ceiling = (limit * 100 * 60) / windowSec;
    return { records: run.lines, pages: ok.length, perMinute, ceiling, share: perMinute / ceiling, limited, failed, seconds, limit, windowSec };
  } finally {
    await emu.close();
    rmSync(configDir, { recursive: true, force: true });
  }
}

/**
 * A run that fits the budget: the host's window learnt (a row of the profile's state database, as a
 * 429 leaves it: `windowMs`), one `list --all --per-page 10` spends `limit - left` requests, then
 * the measured one needs exactly the `left` the host says are left. It goes at full speed: the
 * span from its first request to its last answer is its round trips, not the rest of the window
 * (before, the last tenth of the budget was spread over it: 51.7 s for 30 requests at 60 a minute).
 * Requests and 429s are the emulator's own count; the times are the emulator's clock for each hit.
 */
export async function measureFitsBudget({ startEmulator, left = 30, windowSec = 60, perPage = 10 }) {
  // The host allows twice what is left: the first run spends half, the measured one needs the other half.
  const limit = 2 * left;
  const emu = await startEmulator({ seed: left * perPage, seedReports: 0, rateLimit: limit, rateWindow: windowSec });
  const dir = mkdtempSync(join(tmpdir(), 'sitedeck-bench-fits-'));
  const env = { configDir: join(dir, 'config'), runtimeDir: dir, stateHome: join(dir, 'state') };
  try {
    const { databasePath, openStateDatabase, readPace, updatePace } = await import('../../../src/files/db/index.ts');
    const db = openStateDatabase(databasePath({ XDG_STATE_HOME: env.stateHome }, 'default'));
    const origin = new URL(emu.baseUrl).origin;
    updatePace(db, origin, () => JSON.stringify({ windowMs: windowSec * 1000 }));
    const first = await runList(emu, env, undefined, perPage);
    if (first.code !== 0) throw new Error(`the first list --all exited ${first.code}: ${first.stderr.trim().split('\n').pop()}`);
    const spent = emu.hits.length;
    const t0 = performance.now();
    const run = await runList(emu, env, undefined, perPage);
    const seconds = (performance.now() - t0) / 1000;
    if (run.code !== 0) throw new Error(`list --all exited ${run.code}: ${run.stderr.trim().split('\n').pop()}`);
    const hits = emu.hits.slice(spent);
    const limited = emu.hits.filter((h) => h.status === 429).length;
    const spanMs = hits[hits.length - 1].at - hits[0].at;
    const stored = JSON.parse(readPace(db, origin) ?? '{}');
    return { limit, windowSec, left, perPage, spent, requests: hits.length, limited, spanMs, seconds, records: run.lines, windowMs: stored.windowMs };
  } finally {
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Peak RSS (VmHWM) of `list --all --format ndjson` over `records` websites, no rate limit. */
export async function measureExportMemory({ startEmulator, records = 20_000 }) {
  const emu = await startEmulator({ seed: records, seedReports: 0, rateLimit: 0 });
  const configDir = mkdtempSync(join(tmpdir(), 'sitedeck-bench-export-'));
  let peak = 0;
  let timer;
  try {
    const run = await runList(emu, { configDir, runtimeDir: configDir }, (pid) => {
      timer = setInterval(() => {
        try {
          const kb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
          peak = Math.max(peak, kb * 1024);
        } catch {
          // exited
        }
      }, 20);
    });
    if (run.code !== 0) throw new Error(`list --all exited ${run.code}`);
    return { peak, records: run.lines };
  } finally {
    clearInterval(timer);
    await emu.close();
    rmSync(configDir, { recursive: true, force: true });
  }
}
