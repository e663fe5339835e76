// One deck session in a pty against the in-process emulator, and the ways to advance it.

import { resolve } from 'node:path';
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

/** Starts the deck and resolves once the first row of the list is on screen. */
export async function openDeck({ emu, configDir, argv = BUNDLE, cols = 200, rows = 50, timeoutMs = 15_000 }) {
  const pty = DeckPty.spawn({ argv, env: deckEnv(emu, configDir), cols, rows, cwd: ROOT });
  try {
    const hitsBefore = emu.hits.length;
    const at = await pty.waitForText(firstDomain(emu), timeoutMs);
    // Milestones of the start, in ms from spawn: first byte on screen, first request received.
    const request = emu.hits[hitsBefore];
    const requestMs = request ? request.at - performance.timeOrigin - pty.startedAt : NaN;
    return { pty, launchMs: at - pty.startedAt, firstByteMs: pty.firstChunkAt - pty.startedAt, requestMs };
  } catch (e) {
    await pty.close();
    throw e;
  }
}

/**
 * Presses a key and waits until its effects are over: the first answer on screen, every request
 * it caused answered, the answer drawn, then `quietMs` without output.
 */
export async function step(pty, emu, key, { quietMs = 12, timeoutMs = 5000 } = {}) {
  const before = emu.hits.length;
  const sawOutput = pty.lastChunkAt;
  pty.write(key);
  await until(() => pty.lastChunkAt > sawOutput, { timeoutMs, everyMs: 1, what: `an answer to ${JSON.stringify(key)}` });
  await settleRequests(pty, emu, before, { quietMs, timeoutMs });
}

/** Waits for every request since hit number `before` to be answered and drawn, then quiet. */
export async function settleRequests(pty, emu, before, { quietMs = 12, timeoutMs = 5000 } = {}) {
  await until(() => allAnswered(emu), { timeoutMs, everyMs: 1, what: 'the emulator to answer' });
  if (emu.hits.length > before) {
    const answeredAt = performance.now();
    // The answer's frame: the output after the emulator replied (or nothing, after a while).
    await until(() => pty.lastChunkAt > answeredAt || performance.now() - answeredAt > 250, { timeoutMs, everyMs: 1, what: 'the answer drawn' });
  }
  await until(() => performance.now() - pty.lastChunkAt >= quietMs && allAnswered(emu), { timeoutMs, everyMs: 1, what: 'quiet' });
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
