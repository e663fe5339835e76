// Figure: the deck's Audit view on 2 000 reports at the emulator's default rate limit (60 requests
// a minute). `:audit` with nothing read yet reads every report once at per_page=100 (the minimum,
// 20 requests); after the Projects view (3) it is built from that read and sends nothing. The time
// runs from the Enter of `:audit` to the whole table drawn: the status line says how many pages
// ("Audit of all reports · 1,704 pages": a page is a URL, whatever its number of reports) without
// the read's ", partial".
// Each run gets a fresh emulator and deck (the read is kept for the session).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { idle, openDeck } from '../session.mjs';
import { percentile } from '../stats.mjs';

/** The status line once every report is read (while reading, " · reading reports 600/2,000, partial" follows the pages). */
const WHOLE = /Audit of all reports · [\d,]+ pages?(?= {2}|\r|\n|$)/;

async function auditRun({ startEmulator, reports, projectsFirst }) {
  const emu = await startEmulator({ seed: 10, seedReports: reports });
  const configDir = mkdtempSync(join(tmpdir(), 'sitedeck-bench-audit-'));
  const { pty } = await openDeck({ emu, configDir, cols: 160, rows: 40 });
  const all = reports.toLocaleString('en-US');
  try {
    await idle(pty, emu, 150);
    if (projectsFirst) {
      pty.write('3');
      await pty.waitForText(`projects from ${all} reports`, 60_000);
      await idle(pty, emu, 100);
    }
    const before = emu.hits.length;
    pty.write(':audit');
    await idle(pty, emu, 50);
    const t0 = performance.now();
    pty.write('\r');
    await pty.waitForText(WHOLE, 60_000);
    const ms = performance.now() - t0;
    await idle(pty, emu, 100);
    const hits = emu.hits.slice(before);
    return {
      ms,
      requests: hits.length,
      list: hits.filter((h) => h.host === 'seo' && h.query.per_page === '100').length,
      limited: hits.filter((h) => h.status === 429).length,
    };
  } finally {
    await pty.close();
    await emu.close();
    rmSync(configDir, { recursive: true, force: true });
  }
}

export async function measureDeckAudit({ startEmulator, reports = 2000, runs = 3 }) {
  const cold = [];
  const warm = [];
  for (let i = 0; i < runs; i++) {
    cold.push(await auditRun({ startEmulator, reports, projectsFirst: false }));
    warm.push(await auditRun({ startEmulator, reports, projectsFirst: true }));
  }
  return {
    reports,
    minimum: Math.ceil(reports / 100),
    cold,
    warm,
    medianMs: {
      cold: percentile(
        cold.map((r) => r.ms),
        50,
      ),
      warm: percentile(
        warm.map((r) => r.ms),
        50,
      ),
    },
  };
}
