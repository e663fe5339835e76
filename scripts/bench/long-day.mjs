// A long day, measured: the bundled deck in watch mode at its shortest interval (:watch 5) against
// the emulator failing 30 % of requests (500s, timeouts, 429s with Retry-After), seeded. Records
// the deck's RSS over time, requests against the budget (one list request per tick plus retries),
// the failures the deck showed and whether they cleared, and whether the deck still answers keys
// at the end. Not a test: a figure for docs/PERFORMANCE.md.
//
//   npm run build && node scripts/bench/long-day.mjs              # 3 minutes
//   node scripts/bench/long-day.mjs --minutes 30 [--seed 7] [--fail 0.3]

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from './emulator.mjs';
import { BUNDLE, openDeck } from './session.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const MINUTES = arg('minutes', 3);
const SEED = arg('seed', 1);
const FAIL = arg('fail', 0.3);
const WATCH_S = 5; // the shortest interval :watch takes (src/state/prompt.ts WATCH_MIN_S)
const TIMEOUT_S = 3; // --timeout: a "timeout" fault delays the answer past it

// The emulator's own seeded generator (loaded through tsx by ./emulator.mjs): the same fault sequence every run.
const { mulberry32: rng } = await import('../../src/emulator/prng.ts');
const random = rng(SEED);
const FAULTS = [
  { kind: '500', fault: { type: 'status', status: 500, body: { message: 'Server Error' } } },
  { kind: 'timeout', fault: { type: 'delay', ms: (TIMEOUT_S + 1) * 1000 } },
  { kind: '429', fault: { type: 'status', status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '1' } } },
];

const ERROR_TEXT = /server error|did not answer|limiting requests|Could not reach/;
const mb = (b) => Math.round((b / 1048576) * 10) / 10;

const emu = await startEmulator({ seed: 60, rateLimit: 0 });
const configDir = mkdtempSync(join(tmpdir(), 'sitedeck-longday-'));
const { pty } = await openDeck({ emu, configDir, argv: [...BUNDLE, '--timeout', String(TIMEOUT_S)], cols: 160, rows: 40 });

// One fault rule at a time, decided (seeded) for the next request each time one arrives.
const injected = { 500: 0, timeout: 0, 429: 0 };
let seen = -1;
const decide = () => {
  // Once per request: when one arrives, the next one's fate is drawn.
  if (emu.hits.length === seen) return;
  seen = emu.hits.length;
  if (random() < FAIL) {
    const f = FAULTS[Math.floor(random() * FAULTS.length)];
    emu.addFault({ host: 'analytics', path: /websites/, fault: f.fault, times: 1 });
    injected[f.kind]++;
  }
};
const injector = setInterval(decide, 5);

const hitsAtStart = emu.hits.length;
pty.write(`:watch ${WATCH_S}\r`);
const startedAt = Date.now();
const rss = [{ min: 0, mb: mb(pty.rssBytes()) }];
let shown = 0;
let cleared = 0;
let showing = false;
let lastError = '';

// Every second: is an error on the screen drawn since the last look? A failure shown then a
// later frame without it counts as shown and cleared.
const sampler = setInterval(() => {
  const text = pty.text();
  pty.mark();
  if (!text) return;
  const err = ERROR_TEXT.exec(text);
  if (err && !showing) {
    shown++;
    showing = true;
    lastError = err[0];
  } else if (!err && showing) {
    cleared++;
    showing = false;
  }
}, 1000);

for (let m = 1; m <= MINUTES; m++) {
  await new Promise((r) => setTimeout(r, 60_000));
  rss.push({ min: m, mb: mb(pty.rssBytes()) });
  process.stderr.write(`minute ${m}: rss ${rss.at(-1).mb} MB, ${emu.hits.length - hitsAtStart} requests\n`);
}
clearInterval(injector);
clearInterval(sampler);
emu.clearFaults();

const elapsedS = (Date.now() - startedAt) / 1000;
const requests = emu.hits.slice(hitsAtStart);
const ticks = Math.floor(elapsedS / WATCH_S);
// Budget: one request a tick, plus the client's two retries of a failed read.
const budget = ticks * 3;
const failedStatuses = requests.filter((h) => h.status >= 400 || h.status === 0).length;

// Still answering at the end: a key moves the cursor and draws.
pty.mark();
pty.write('j');
const answered = await pty.waitForText(/\S/, 5000).then(
  () => true,
  () => false,
);

const out = {
  minutes: MINUTES,
  seed: SEED,
  failRate: FAIL,
  rssMb: rss,
  rssGrowthMb: Math.round((rss.at(-1).mb - rss[1 <= rss.length - 1 ? 1 : 0].mb) * 10) / 10,
  ticks,
  requests: requests.length,
  budget,
  requestsPerTick: Math.round((requests.length / Math.max(ticks, 1)) * 100) / 100,
  injected,
  failedAnswers: failedStatuses,
  failuresShown: shown,
  failuresCleared: cleared,
  stillShowingAtEnd: showing ? lastError : null,
  answersKeysAtEnd: answered,
};
console.log(JSON.stringify(out, null, 2));
await pty.close();
await emu.close();
rmSync(configDir, { recursive: true, force: true });
