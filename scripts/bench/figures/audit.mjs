// Figure: `sitedeck reports audit` on 2 000 reports at the emulator's default rate limit (60
// requests a minute). Every report is read once at per_page=100, so the minimum is 20 list
// requests; the time runs from the command's start to its exit with the whole document written
// (json to stdout, html to a file). Each run gets a fresh emulator, config and state (no history).

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deckEnv } from '../emulator.mjs';
import { BUNDLE } from '../session.mjs';
import { percentile } from '../stats.mjs';

function run(argv, env) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(argv[0], argv.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    let stderr = '';
    child.stdout.on('data', (d) => (bytes += d.length));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ ms: performance.now() - t0, bytes }) : reject(new Error(`audit exited ${code}: ${stderr}`))));
  });
}

export async function measureAudit({ startEmulator, reports = 2000, runs = 3 }) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    for (const format of ['json', 'html']) {
      const emu = await startEmulator({ seed: 10, seedReports: reports });
      const dir = mkdtempSync(join(tmpdir(), 'sitedeck-bench-audit-'));
      const env = { PATH: process.env.PATH, LANG: 'C.UTF-8', HOME: dir, XDG_STATE_HOME: join(dir, 'state'), ...deckEnv(emu, join(dir, 'config')) };
      const file = join(dir, 'audit.html');
      try {
        const argv = [...BUNDLE, 'reports', 'audit', '--format', format, ...(format === 'html' ? ['--output', file] : [])];
        const r = await run(argv, env);
        const hits = emu.hits.filter((h) => h.host === 'seo');
        results.push({
          format,
          ms: r.ms,
          bytes: format === 'html' ? statSync(file).size : r.bytes,
          requests: emu.hits.length,
          list: hits.filter((h) => h.query.per_page === '100').length,
          limited: emu.hits.filter((h) => h.status === 429).length,
        });
      } finally {
        await emu.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  const of = (format) => results.filter((r) => r.format === format);
  return {
    reports,
    minimum: Math.ceil(reports / 100),
    results,
    medianMs: {
      json: percentile(
        of('json').map((r) => r.ms),
        50,
      ),
      html: percentile(
        of('html').map((r) => r.ms),
        50,
      ),
    },
  };
}
