// Slow-link figures: the emulator holds every answer back by a fixed delay (its delay fault), as a
// distant API would, and the deck is timed against baselines taken through the same delay.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DeckPty } from '../pty.mjs';
import { firstDomain, idle, openDeck, perPageAtOpen, ROOT, selectedRow, settleRequests } from '../session.mjs';
import { median } from '../stats.mjs';
import { timeProcess } from './launch.mjs';

export const FRAME_MS = 1000 / 60;
/** The deck's search debounce (src/state/effects.ts). */
export const DEBOUNCE_MS = 200;
const SEARCH = 'meadows';
const TYPE_GAP_MS = 50; // 20 keys per second

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const headers = (emu) => ({ Authorization: `Bearer ${emu.apiKey}`, Accept: 'application/json' });
// The page sizes the deck asks for (it fits them to the terminal's height): set once per run.
const perPage = { websites: 10, reports: 25 };
const websitesUrl = (emu, q) =>
  `${emu.baseUrl}/public/api/v1/websites?${new URLSearchParams({
    search_by: 'domain',
    sort_by: 'id',
    sort: 'desc',
    per_page: String(perPage.websites),
    page: '1',
    ...q,
  })}`;
const reportsUrl = (emu, q) =>
  `${emu.seoBaseUrl}/api/v1/reports?${new URLSearchParams({
    search_by: 'url',
    sort_by: 'id',
    sort: 'desc',
    per_page: String(perPage.reports),
    page: '1',
    ...q,
  })}`;

async function firstId(emu, url) {
  const res = await fetch(url, { headers: headers(emu) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const body = await res.json();
  const id = body?.data?.[0]?.id;
  if (id === undefined) throw new Error(`${url} listed nothing`);
  return id;
}

/** The first row each action must show, read from the emulator before any delay. */
async function expectations(emu) {
  return {
    reportsTop: await firstId(emu, reportsUrl(emu, {})),
    page2Top: await firstId(emu, websitesUrl(emu, { page: '2' })),
    searchTop: await firstId(emu, websitesUrl(emu, { search: SEARCH })),
    domainDescTop: await firstId(emu, websitesUrl(emu, { sort_by: 'domain' })),
    goodTop: await firstId(emu, reportsUrl(emu, { result: 'good' })),
  };
}

/**
 * From writing `key` (the last of `keys`) to the output chunk after which `expected` is on screen
 * and, when the action needs a request, that request was answered: the frame drawn from the answer,
 * not one drawn before it.
 */
export function keyTo(pty, emu, key, expected, { request = true, timeoutMs = 15_000 } = {}) {
  const before = emu.hits.length;
  const answered = () => (!request || emu.hits.length > before) && emu.hits.slice(before).every((h) => h.status !== 0);
  pty.mark();
  return new Promise((resolve, reject) => {
    let t0 = 0;
    const fn = (t) => {
      if (!answered() || !expected.test(pty.text())) return;
      cleanup();
      resolve(t - t0);
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no ${expected} after ${JSON.stringify(key)} within ${timeoutMs} ms; screen ends with: ${JSON.stringify(pty.text().slice(-300))}`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      pty.listeners.delete(fn);
    };
    pty.listeners.add(fn);
    t0 = performance.now();
    pty.write(key);
  });
}

async function nodeInPty() {
  const pty = DeckPty.spawn({ argv: ['node', '-e', '0'], cwd: ROOT });
  const { code } = await pty.exited;
  if (code !== 0) throw new Error(`node -e 0 in a pty exited ${code}`);
  return performance.now() - pty.startedAt;
}

/** Every figure at one delay. */
export async function measureSlowLink({ emu, configDir, delayMs, runs = 5 }) {
  Object.assign(perPage, await perPageAtOpen({ emu, configDir }));
  const expect = await expectations(emu);
  const removeDelay = emu.addFault({ fault: { type: 'delay', ms: delayMs } });
  try {
    // Baselines through the same delay: node -e 0 in the pty wrapper, one curl of the deck's first
    // list request, and one round trip of it from this process (fetch to body).
    const url = websitesUrl(emu, {});
    const curlArgs = ['-sf', '-o', '/dev/null', '-H', `Authorization: Bearer ${emu.apiKey}`, '-H', 'Accept: application/json', url];
    const node = [];
    const curl = [];
    const rtt = [];
    await nodeInPty();
    for (let i = 0; i < runs; i++) {
      node.push(await nodeInPty());
      curl.push(await timeProcess('curl', curlArgs));
      const t0 = performance.now();
      await (await fetch(url, { headers: headers(emu) })).text();
      rtt.push(performance.now() - t0);
    }

    // Launch to the first fresh list: each deck with an empty cache of its own.
    const cold = [];
    for (let i = 0; i < runs; i++) {
      const { pty, launchMs } = await openDeck({ emu, configDir });
      cold.push(launchMs);
      await pty.close();
    }

    // Warm start: one deck fills a cache, the next ones draw from it before any answer.
    const cacheDir = join(configDir, `warm-${delayMs}`);
    mkdirSync(cacheDir, { recursive: true });
    const filler = await openDeck({ emu, configDir, cacheDir });
    await idle(filler.pty, emu, 300);
    await filler.pty.close();
    const warm = [];
    let warmMarked = true;
    for (let i = 0; i < runs; i++) {
      const { pty, launchMs } = await openDeck({ emu, configDir, cacheDir });
      warm.push(launchMs);
      warmMarked &&= /cached /.test(pty.text());
      await pty.close();
    }

    // One session: each action from its key to the frame that shows its answer.
    const { pty } = await openDeck({ emu, configDir });
    const actions = {};
    try {
      await idle(pty, emu, 300);
      actions.reports = await keyTo(pty, emu, '2', selectedRow(expect.reportsTop), { request: false });
      await keyTo(pty, emu, '1', selectedRow(firstIdOf(emu)), { request: false });
      await idle(pty, emu, 100);
      actions.page = await keyTo(pty, emu, ']', selectedRow(expect.page2Top));
      await idle(pty, emu, 100);

      // Typed at 20 keys/s; timed from the last key (the debounce starts there).
      pty.write('/');
      await sleep(TYPE_GAP_MS);
      const t0 = performance.now();
      for (let i = 0; i < SEARCH.length - 1; i++) {
        await sleep(Math.max(0, t0 + i * TYPE_GAP_MS - performance.now()));
        pty.write(SEARCH[i]);
      }
      await sleep(Math.max(0, t0 + (SEARCH.length - 1) * TYPE_GAP_MS - performance.now()));
      actions.search = await keyTo(pty, emu, SEARCH.at(-1), new RegExp(`/ ${SEARCH}[\\s\\S]*${selectedRow(expect.searchTop).source}`));
      pty.write('\r');
      await idle(pty, emu, 100);
      const before = emu.hits.length;
      pty.write('c'); // back to the unfiltered first page (cached)
      await settleRequests(pty, emu, before);
      await idle(pty, emu, 100);

      actions.sort = await keyTo(pty, emu, 's', selectedRow(expect.domainDescTop));
      await idle(pty, emu, 100);
      await keyTo(pty, emu, '2', selectedRow(expect.reportsTop), { request: false });
      await idle(pty, emu, 100);
      // f opens the result picker on the class in force (all); g narrows it to good; Enter applies it.
      pty.write('f');
      await idle(pty, emu, 100);
      pty.write('g');
      await idle(pty, emu, 100);
      actions.filter = await keyTo(pty, emu, '\r', selectedRow(expect.goodTop));
    } finally {
      await pty.close();
    }

    return {
      delayMs,
      nodeMs: median(node),
      curlMs: median(curl),
      rttMs: median(rtt),
      baselineMs: median(node) + median(curl),
      coldMs: median(cold),
      coldRuns: cold,
      warmMs: median(warm),
      warmRuns: warm,
      warmMarked,
      actions,
    };
  } finally {
    removeDelay();
  }
}

/** Id of the first row of the default Websites list. */
function firstIdOf(emu) {
  const domain = firstDomain(emu);
  return emu.websites().find((w) => String(w.domain) === domain).id;
}
