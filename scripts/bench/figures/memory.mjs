// Figure 5: resident memory of the deck's node process over 1 000 page turns and tab switches.

import { BUNDLE, idle, openDeck, step } from '../session.mjs';

/**
 * Every fifth action switches tab (Tab); the others turn a page of the current tab, forward until
 * its last page, then back (so both new and cached pages are shown).
 */
export async function measureMemory({ emu, configDir, argv = BUNDLE, actions = 1000, sampleEvery = 100 }) {
  const { pty } = await openDeck({ emu, configDir, argv });
  try {
    await idle(pty, emu, 150);
    const startRss = pty.rssBytes();
    const pages = { websites: Math.ceil(emu.websites().length / 10), reports: Math.ceil(emu.reports().length / 25) };
    const at = { websites: 1, reports: 1 };
    const dir = { websites: 1, reports: 1 };
    let tab = 'websites';
    const samples = [];
    const t0 = performance.now();
    const cpu0 = pty.cpuMs();
    for (let i = 1; i <= actions; i++) {
      if (i % 5 === 0) {
        tab = tab === 'websites' ? 'reports' : 'websites';
        await step(pty, emu, '\t', { quietMs: 2 });
      } else {
        if (at[tab] + dir[tab] < 1 || at[tab] + dir[tab] > pages[tab]) dir[tab] = -dir[tab];
        at[tab] += dir[tab];
        await step(pty, emu, dir[tab] > 0 ? ']' : '[', { quietMs: 2 });
      }
      pty.mark();
      if (i % sampleEvery === 0 || i === 200) samples.push({ action: i, rss: pty.rssBytes() });
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpuPerAction = (pty.cpuMs() - cpu0) / actions;
    const rssAt = (n) => samples.find((s) => s.action === n).rss;
    return { startRss, samples, final: rssAt(actions), growth: rssAt(actions) - rssAt(200), seconds, cpuPerAction };
  } finally {
    await pty.close();
  }
}
