// Figures 7 and 8: `list --all` under the rate limit, and its memory on a long export.
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

function runList(emu, env, onPid) {
  return new Promise((resolve, reject) => {
    const [cmd, ...args] = BUNDLE;
    const child = spawn(cmd, [...args, 'websites', 'list', '--all', '--per-page', '100', '--format', 'ndjson'], {
      env: { PATH: process.env.PATH, ...deckEnv(emu, env.configDir), XDG_RUNTIME_DIR: env.runtimeDir },
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
