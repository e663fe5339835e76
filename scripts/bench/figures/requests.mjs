// Figure 4: HTTP requests per action, counted exactly from the emulator's hits, beside the
// fewest the action needs.

import { idle, openDeck, step } from '../session.mjs';

const SEARCH = 'meadows'; // seven letters that match seeded domains (meadow + shop/studio/…)
const TYPE_GAP_MS = 50; // 20 keys per second

// Generous quiet after each key: a request that reaches the emulator late must still be counted
// for its own action (only a dozen keys are counted this way).
const QUIET = { quietMs: 100 };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function measureRequests({ emu, configDir }) {
  const rows = [];
  const count = async (action, minimum, why, run) => {
    emu.clearHits();
    await run();
    await idle(pty, emu, 300);
    const hits = emu.hits.map((h) => `${h.method} ${h.path}?${new URLSearchParams(h.query)}`);
    rows.push({ action, requests: hits.length, minimum, why, hits });
  };

  let pty;
  // The first screens need the Websites list, the Reports list when the header shows the Reports
  // total (rather than … until its first visit; read from the screen, not from the requests), and
  // the three totals of the Reports distribution bar, which go out at open with the lists.
  const openRow = { action: 'open', requests: 0, minimum: 1, why: '', hits: [] };
  rows.push(openRow);
  emu.clearHits();
  ({ pty } = await openDeck({ emu, configDir }));
  await idle(pty, emu, 300);
  const totals = [...pty.text().matchAll(/2 Reports (\S+)/g)];
  const reportsTotalShown = /^\d/.test(totals.at(-1)?.[1] ?? '');
  openRow.minimum = (reportsTotalShown ? 2 : 1) + 3;
  openRow.why =
    `the Websites list${reportsTotalShown ? ', the Reports list for the total the header shows' : ''}, ` +
    'and one total per result class (good, decent, bad) for the Reports bar';
  openRow.hits = emu.hits.map((h) => `${h.method} ${h.path}?${new URLSearchParams(h.query)}`);
  openRow.requests = openRow.hits.length;
  try {
    await count('20 cursor moves', 0, 'the rows are on screen', async () => {
      for (let i = 0; i < 20; i++) await step(pty, emu, i % 2 ? 'k' : 'j', { quietMs: 5 });
    });
    await count(`search "${SEARCH}" typed at 20 keys/s, then Enter`, 1, 'one search, once typing pauses', async () => {
      pty.write('/');
      await sleep(TYPE_GAP_MS);
      const t0 = performance.now();
      for (let i = 0; i < SEARCH.length; i++) {
        pty.write(SEARCH[i]);
        // Keep to the schedule (i+1)·50 ms, whatever the write cost.
        await sleep(Math.max(0, t0 + (i + 1) * TYPE_GAP_MS - performance.now()));
      }
      pty.write('\r');
    });
    // Back to the unfiltered list (c clears search and filters; cached: not counted as an action of the figure).
    await step(pty, emu, 'c');
    await idle(pty, emu, 200);
    await count('3 sort changes (s, S, s)', 3, 'three new orders: domain ↓, domain ↑, id ↑', async () => {
      for (const k of ['s', 'S', 's']) await step(pty, emu, k, QUIET);
    });
    await count('5 page turns (])', 5, 'five new pages', async () => {
      for (let i = 0; i < 5; i++) await step(pty, emu, ']', QUIET);
    });
    await count('5 pages back ([), cached', 0, 'those pages were seen', async () => {
      for (let i = 0; i < 5; i++) await step(pty, emu, '[', QUIET);
    });
    const visitMin = reportsTotalShown ? 0 : 1;
    const visitWhy = `${reportsTotalShown ? 'its list came at open' : 'its list'}; its three result totals came at open`;
    await count('first visit to Reports', visitMin, visitWhy, async () => {
      await step(pty, emu, '2', QUIET);
    });
    await count('10 tab switches, both cached', 0, 'both tabs were seen', async () => {
      for (let i = 0; i < 10; i++) await step(pty, emu, i % 2 ? '2' : '1', QUIET);
    });
  } finally {
    await pty?.close();
  }
  return rows;
}
