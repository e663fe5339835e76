// One deck session in a pty against the in-process emulator, and the ways to advance it.

import { join, resolve } from 'node:path';
import { allAnswered, deckEnv } from './emulator.mjs';
import { DeckPty } from './pty.mjs';
import { until } from './stats.mjs';

export const ROOT = resolve(import.meta.dirname, '../..');
/** Extra node flags for the deck (experiments: BENCH_NODE_FLAGS="--max-semi-space-size=1"). */
export const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
export const BUNDLE = ['node', ...NODE_FLAGS, resolve(ROOT, 'dist/cli.js')];
export const SOURCES = ['node', ...NODE_FLAGS, '--import', 'tsx', resolve(ROOT, 'src/cli.tsx')];

/** Domain of the first row of the default Websites list (newest first). */
export function firstDomain(emu) {
  let best = null;
  for (const w of emu.websites()) if (!best || w.id > best.id) best = w;
  if (!best) throw new Error('the emulator has no websites');
  return String(best.domain);
}

let cacheDirs = 0;
let stateDirs = 0;

/**
 * Starts the deck and resolves once the first row of the list is on screen. Each deck gets an
 * empty warm-start cache of its own (so its first list is the server's) unless `cacheDir` names one,
 * and an empty state directory.
 */
export async function openDeck({
  emu,
  configDir,
  argv = BUNDLE,
  cols = 200,
  rows = 50,
  timeoutMs = 15_000,
  cacheDir = join(configDir, `cache-${cacheDirs++}`),
}) {
  // The state too (score history, pace files): the machine's own would make each launch read what
  // every earlier run left there (3.7 MB of history after a day of benches), not what a user has.
  const stateDir = join(configDir, `state-${stateDirs++}`);
  const pty = DeckPty.spawn({ argv, env: { ...deckEnv(emu, configDir), XDG_CACHE_HOME: cacheDir, XDG_STATE_HOME: stateDir }, cols, rows, cwd: ROOT });
  try {
    const hitsBefore = emu.hits.length;
    const at = await pty.waitForText(firstDomain(emu), timeoutMs);
    // Milestones of the start, in ms from spawn: first byte on screen, first request received.
    const request = emu.hits[hitsBefore];
    const requestMs = request ? request.at - performance.timeOrigin - pty.startedAt : NaN;
    let cpuMs = NaN;
    try {
      cpuMs = pty.cpuMs();
    } catch {
      /* exited already */
    }
    return { pty, launchMs: at - pty.startedAt, firstByteMs: pty.firstChunkAt - pty.startedAt, requestMs, cpuMs };
  } catch (e) {
    await pty.close();
    throw e;
  }
}

/**
 * Presses a key and waits until its effects are over: the first answer on screen, every request
 * it caused answered, the answer drawn, then `quietMs` without output. Resolves false when the
 * screen did not change within `answerMs` (a key may leave the frame as it was).
 */
export async function step(pty, emu, key, { quietMs = 12, timeoutMs = 5000, answerMs = 2000 } = {}) {
  const before = emu.hits.length;
  const answer = pty.nextChunk(answerMs);
  pty.write(key);
  const answered = (await answer) !== null;
  await settleRequests(pty, emu, before, { quietMs, timeoutMs });
  return answered;
}

/**
 * Presses a key and waits for the frame that shows `expected` (a RegExp on the screen text since
 * the key), then for every request answered and `quietMs` without output. Unlike `step`, it cannot
 * be fooled by a request that reaches the emulator after the first frame went quiet.
 */
export async function stepTo(pty, emu, key, expected, { quietMs = 4, timeoutMs = 5000 } = {}) {
  const before = emu.hits.length;
  pty.mark();
  pty.write(key);
  await pty.waitForText(expected, timeoutMs);
  await settleRequests(pty, emu, before, { quietMs, timeoutMs });
}

/** The selected row of the list shows record `id` (the cursor marker, then the id column). */
export const selectedRow = (id) => new RegExp(`›\\s*${id}\\s`);

const answeredSince = (emu, from) => {
  for (let i = from; i < emu.hits.length; i++) if (emu.hits[i].status === 0) return false;
  return true;
};

/** Waits for every request since hit number `before` to be answered and drawn, then quiet. */
export async function settleRequests(pty, emu, before, { quietMs = 12, timeoutMs = 5000 } = {}) {
  for (;;) {
    if (!answeredSince(emu, before)) {
      await until(() => answeredSince(emu, before), { timeoutMs, everyMs: 2, what: 'the emulator to answer' });
      // The answer's frame: the output after the emulator replied (or nothing, after a while).
      const answeredAt = performance.now();
      if (pty.lastChunkAt <= answeredAt) await pty.nextChunk(250);
    }
    await pty.quiet(quietMs);
    if (answeredSince(emu, before)) return;
  }
}

/** Waits until the deck sent nothing new and drew nothing for `quietMs`. */
export async function idle(pty, emu, quietMs = 300, timeoutMs = 10_000) {
  let count = emu.hits.length;
  let since = performance.now();
  await until(
    () => {
      if (emu.hits.length !== count || !allAnswered(emu)) {
        count = emu.hits.length;
        since = performance.now();
        return false;
      }
      const quietFor = performance.now() - Math.max(since, pty.lastChunkAt);
      return quietFor >= quietMs;
    },
    { timeoutMs, everyMs: 5, what: 'the deck to go idle' },
  );
}

/**
 * The page sizes the deck asks for at open, by tab, read from its first requests (the deck fits
 * them to the terminal's height unless one was chosen). Opens and closes one deck.
 */
export async function perPageAtOpen({ emu, configDir, cols = 200, rows = 50 }) {
  const before = emu.hits.length;
  const { pty } = await openDeck({ emu, configDir, cols, rows });
  try {
    await idle(pty, emu, 200);
  } finally {
    await pty.close();
  }
  return perPageOf(emu.hits.slice(before));
}

/** The page size of the first list request of each tab among `hits`. */
export function perPageOf(hits) {
  const of = (host) => {
    const h = hits.find((x) => x.host === host && x.method === 'GET' && !x.query.result);
    if (!h) throw new Error(`the deck sent no ${host} list at open`);
    return Number(h.query.per_page);
  };
  return { websites: of('analytics'), reports: of('seo') };
}
