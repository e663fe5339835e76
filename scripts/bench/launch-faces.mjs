// Launch of each face to its first list, beside the one-line Ink app, and through a slow proxy:
// the launch figures of `npm run bench` alone (a minute instead of many). Prints the table.
//
//   npm run build && npm run build:sea && node scripts/bench/launch-faces.mjs [--runs 10] [--delay 150]

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from './emulator.mjs';
import { facesRows } from './figures/facesRows.mjs';
import { machine, textTable } from './report.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

const configDir = mkdtempSync(join(tmpdir(), 'sitedeck-faces-'));
const emu = await startEmulator({ seed: 2000, rateLimit: 0 });
try {
  const { rows, notes } = await facesRows({ emu, configDir, runs: arg('runs', 10), delayMs: arg('delay', 150) });
  const m = machine();
  process.stdout.write(
    `${m.date} · commit ${m.commit} · ${m.nproc} cores (${m.cpu}) · load ${m.load}\n\n${textTable(rows)}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`,
  );
} finally {
  await emu.close();
  rmSync(configDir, { recursive: true, force: true });
}
