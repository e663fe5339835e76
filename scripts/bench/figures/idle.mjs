// Zero idle cost: a deck left open with nothing pending, its CPU time and resident memory over a window.

import { idle, openDeck } from '../session.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function measureIdle({ emu, configDir, seconds = 60 }) {
  const { pty } = await openDeck({ emu, configDir });
  try {
    await idle(pty, emu, 500);
    const hits = emu.hits.length;
    const bytes = pty.totalBytes;
    const cpu0 = pty.cpuMs();
    const rss0 = pty.rssBytes();
    const rss = [rss0];
    for (let s = 0; s < seconds; s += 10) {
      await sleep(Math.min(10, seconds - s) * 1000);
      rss.push(pty.rssBytes());
    }
    return {
      seconds,
      cpuMs: pty.cpuMs() - cpu0,
      rssStart: rss0,
      rssEnd: rss.at(-1),
      rssMax: Math.max(...rss),
      rss,
      requests: emu.hits.length - hits,
      outputBytes: pty.totalBytes - bytes,
    };
  } finally {
    await pty.close();
  }
}
