// Figure 5: resident memory of the deck's node process over 1 000 page turns and tab switches.

import { readFileSync } from 'node:fs';
import { BUNDLE, idle, openDeck, perPageOf, selectedRow, stepTo } from '../session.mjs';
import { median } from '../stats.mjs';

/**
 * Every fifth action switches tab (Tab); the others turn a page of the current tab, forward until
 * its last page, then back (so both new and cached pages are shown).
 */
export async function measureMemory({ emu, configDir, argv = BUNDLE, actions = 1000, sampleEvery = 100 }) {
  const opened = emu.hits.length;
  const { pty } = await openDeck({ emu, configDir, argv });
  try {
    await idle(pty, emu, 150);
    const startRss = pty.rssBytes();
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
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpuPerAction = (pty.cpuMs() - cpu0) / actions;
    const peak = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pty.deckPid()}/status`, 'utf8'))[1]) * 1024;
    return { startRss, samples, final: median(late), growth: median(late) - median(early), peak, seconds, cpuPerAction };
  } finally {
    await pty.close();
  }
}
