// Figures 2 and 3: key to frame. A key's latency is the time from writing it to the pty to the
// last byte of the output it caused, the output counting as over once it stayed quiet for
// `quietMs` (longer than one 60 fps frame, so a throttled second frame still counts).

import { BUNDLE, idle, openDeck, step } from '../session.mjs';
import { percentile } from '../stats.mjs';

const QUIET_MS = 20;

async function timeKeys(pty, keys) {
  const last = [];
  const first = [];
  let silent = 0;
  const cpu0 = pty.cpuMs();
  for (const k of keys) {
    const r = await pty.press(k, { quietMs: QUIET_MS, timeoutMs: 2000 });
    if (!r) {
      silent++;
      continue;
    }
    last.push(r.last);
    first.push(r.first);
    pty.mark();
  }
  const cpuPerKey = (pty.cpuMs() - cpu0) / keys.length;
  return {
    cpuPerKey,
    p50: percentile(last, 50),
    p95: percentile(last, 95),
    max: percentile(last, 100),
    firstP95: percentile(first, 95),
    samples: last.length,
    silent,
  };
}

/** Cursor moves on a 100-row page (down to the bottom and back up), and tab switches with both tabs cached. */
export async function measureKeys({ emu, configDir, argv = BUNDLE, cursorKeys = 500, tabSwitches = 100 }) {
  const { pty } = await openDeck({ emu, configDir, argv, cols: 200, rows: 50 });
  try {
    await idle(pty, emu, 150);
    for (const c of ':per 100') await step(pty, emu, c, { quietMs: 5 });
    await step(pty, emu, '\r');
    await pty.waitForText('100/page');
    await idle(pty, emu, 150);
    const rows = emu.hits.at(-1)?.query.per_page === '100' ? 100 : 0;
    if (!rows) throw new Error('the deck did not load a 100-row page');

    // 99 moves reach the last row; then back up, so every key moves the cursor.
    const moves = Array.from({ length: cursorKeys }, (_, i) => (Math.floor(i / 99) % 2 === 0 ? 'j' : 'k'));
    pty.mark();
    const cursor = await timeKeys(pty, moves);

    // Visit Reports once (its list and distribution load), back to Websites, then switch to and fro.
    await step(pty, emu, '2');
    await idle(pty, emu, 200);
    await step(pty, emu, '1');
    await idle(pty, emu, 100);
    const hitsBefore = emu.hits.length;
    const switches = Array.from({ length: tabSwitches }, (_, i) => (i % 2 === 0 ? '2' : '1'));
    pty.mark();
    const tabs = await timeKeys(pty, switches);
    tabs.requests = emu.hits.length - hitsBefore;
    return { cursor, tabs };
  } finally {
    await pty.close();
  }
}
