// Figure 5: resident memory of the deck's node process over 1 000 page turns and tab switches.

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUNDLE, idle, openDeck, perPageOf, selectedRow, stepTo } from '../session.mjs';
import { median, until } from '../stats.mjs';

const PROBE = pathToFileURL(resolve(import.meta.dirname, '../memory-probe.mjs')).href;
const kB = (text, field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) * 1024;

/**
 * What the deck's memory is made of now: RSS split into anonymous and file-backed pages
 * (/proc/<pid>/smaps_rollup), and, with the probe loaded, the JavaScript heap, external memory and
 * V8's young generation as the deck itself reads them.
 */
async function partsOf(pid, probed) {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const parts = { rss: kB(rollup, 'Rss'), anonymous: kB(rollup, 'Anonymous'), file: kB(rollup, 'Rss') - kB(rollup, 'Anonymous') };
  if (!probed) return parts;
  const out = `/tmp/sitedeck-memory-${pid}.json`;
  rmSync(out, { force: true });
  process.kill(pid, 'SIGUSR2');
  await until(() => existsSync(out) && readFileSync(out, 'utf8').endsWith('}'), { timeoutMs: 5000, everyMs: 5, what: 'the memory probe' });
  const { usage, spaces } = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(out, { force: true });
  const young = (spaces.new_space?.size ?? 0) + (spaces.new_large_object_space?.size ?? 0);
  return {
    ...parts,
    heapTotal: usage.heapTotal,
    heapUsed: usage.heapUsed,
    young,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    // Neither V8's heap nor the buffers it counts: malloc's main heap and thread arenas (V8's compilers and collector), Yoga's WebAssembly memory.
    outside: parts.anonymous - usage.heapTotal - usage.external,
  };
}

/**
 * Every fifth action switches tab (Tab); the others turn a page of the current tab, forward until
 * its last page, then back (so both new and cached pages are shown).
 */
export async function measureMemory({ emu, configDir, argv = BUNDLE, actions = 1000, sampleEvery = 100, probe = false }) {
  const opened = emu.hits.length;
  // With `probe`, the deck loads ../memory-probe.mjs and the result has `parts` at 0, 200 and `actions`.
  const { pty } = await openDeck({ emu, configDir, argv: probe ? [argv[0], '--import', PROBE, ...argv.slice(1)] : argv });
  const parts = [];
  try {
    await idle(pty, emu, 150);
    const startRss = pty.rssBytes();
    parts.push({ action: 0, ...(await partsOf(pty.deckPid(), probe)) });
    // Newest first, as the deck lists them by default; a turn is over when the page's first row is
    // selected on screen (the cursor goes to the top of a new page; each tab keeps its own).
    // The page sizes the deck asked for at open (it fits them to the terminal's height).
    const perPage = perPageOf(emu.hits.slice(opened));
    const ids = {
      websites: emu
        .websites()
        .map((r) => r.id)
        .sort((a, b) => b - a),
      reports: emu
        .reports()
        .map((r) => r.id)
        .sort((a, b) => b - a),
    };
    const pages = { websites: Math.ceil(ids.websites.length / perPage.websites), reports: Math.ceil(ids.reports.length / perPage.reports) };
    const top = (tab) => selectedRow(ids[tab][(at[tab] - 1) * perPage[tab]]);
    const at = { websites: 1, reports: 1 };
    const dir = { websites: 1, reports: 1 };
    let tab = 'websites';
    const samples = [];
    // RSS swings by tens of MB with the garbage collector's cycle: each figure is the median of
    // the 20 readings up to that action, not one reading.
    const WINDOW = 20;
    const inWindow = (i, end) => i > end - WINDOW && i <= end;
    const early = [];
    const late = [];
    const t0 = performance.now();
    const cpu0 = pty.cpuMs();
    for (let i = 1; i <= actions; i++) {
      if (i % 5 === 0) {
        tab = tab === 'websites' ? 'reports' : 'websites';
        // By the tab's number: Tab goes on to Projects after Reports.
        await stepTo(pty, emu, tab === 'websites' ? '1' : '2', top(tab));
      } else {
        if (at[tab] + dir[tab] < 1 || at[tab] + dir[tab] > pages[tab]) dir[tab] = -dir[tab];
        at[tab] += dir[tab];
        await stepTo(pty, emu, dir[tab] > 0 ? ']' : '[', top(tab));
      }
      const rss = i % sampleEvery === 0 || inWindow(i, 200) || inWindow(i, actions) ? pty.rssBytes() : 0;
      if (i % sampleEvery === 0) samples.push({ action: i, rss });
      if (inWindow(i, 200)) early.push(rss);
      if (inWindow(i, actions)) late.push(rss);
      if (i === 200 || i === actions) parts.push({ action: i, ...(await partsOf(pty.deckPid(), probe)) });
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpuPerAction = (pty.cpuMs() - cpu0) / actions;
    const peak = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pty.deckPid()}/status`, 'utf8'))[1]) * 1024;
    return { startRss, parts, samples, final: median(late), growth: median(late) - median(early), peak, seconds, cpuPerAction };
  } finally {
    await pty.close();
  }
}
