// Launch of each face to its first list, beside the one-line Ink app, and through a slow proxy:
// the launch figures of `npm run bench` alone (a minute instead of many), with the first key's
// (launch → a key typed at the first list → its effect). Prints the table. `--only first-key`
// measures that figure alone.
//
//   npm run build && npm run build:sea && node scripts/bench/launch-faces.mjs [--runs 10] [--delay 150] [--only first-key]

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from './emulator.mjs';
import { facesRows, firstKeyRows } from './figures/facesRows.mjs';
import { machine, textTable } from './report.mjs';

const word = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const arg = (name, fallback) => (word(name) === undefined ? fallback : Number(word(name)));
const only = word('only');
if (only !== undefined && only !== 'first-key') throw new Error(`--only ${only}: the one figure measured alone is first-key`);

const configDir = mkdtempSync(join(tmpdir(), 'sitedeck-faces-'));
const emu = await startEmulator({ seed: 2000, rateLimit: 0 });
try {
  const { rows, notes } =
    only === 'first-key'
      ? await firstKeyRows({ emu, configDir, runs: arg('runs', 10) })
      : await facesRows({ emu, configDir, runs: arg('runs', 10), delayMs: arg('delay', 150) });
  const m = machine();
  process.stdout.write(
    `${m.date} · commit ${m.commit} · ${m.nproc} cores (${m.cpu}) · load ${m.load}\n\n${textTable(rows)}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`,
  );
} finally {
  await emu.close();
  rmSync(configDir, { recursive: true, force: true });
}
