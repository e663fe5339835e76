// Figure: opening the Projects view (3) on 2 000 reports at the emulator's default rate limit
// (60 requests a minute). Every report is read once at per_page=100, so the minimum is 20 list
// requests; the time runs from the key to the last row drawn ("N projects from 2,000 reports").
// Each run gets a fresh emulator and deck (the view is cached for the session).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { idle, openDeck } from '../session.mjs';
import { percentile } from '../stats.mjs';

export async function measureProjects({ startEmulator, reports = 2000, runs = 3 }) {
  const times = [];
  const counts = [];
  for (let i = 0; i < runs; i++) {
    const emu = await startEmulator({ seed: 10, seedReports: reports });
    const configDir = mkdtempSync(join(tmpdir(), 'sitedeck-bench-projects-'));
    const { pty } = await openDeck({ emu, configDir, cols: 160, rows: 40 });
    try {
      await idle(pty, emu, 150);
      const before = emu.hits.length;
      const t0 = performance.now();
      pty.write('3');
      await pty.waitForText(`projects from ${reports.toLocaleString('en-US')} reports`, 60_000);
      times.push(performance.now() - t0);
      await idle(pty, emu, 100);
      const hits = emu.hits.slice(before);
      counts.push({
        requests: hits.length,
        list: hits.filter((h) => h.host === 'seo' && h.query.per_page === '100').length,
        limited: hits.filter((h) => h.status === 429).length,
      });
    } finally {
      await pty.close();
      await emu.close();
      rmSync(configDir, { recursive: true, force: true });
    }
  }
  return { reports, minimum: Math.ceil(reports / 100), medianMs: percentile(times, 50), times, counts };
}
