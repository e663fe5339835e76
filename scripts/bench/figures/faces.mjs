// Launch to the first list of each way sitedeck is started, in the same run, beside the one-line Ink
// app: `node dist/cli.js` (the Node the npm scripts run on: the pinned Node 24), and the single file
// dist/sitedeck (Node 24 inside, with its V8 code cache). And the fastest of them through an HTTP
// proxy on loopback that holds every request back by a fixed delay (the slow link, one extra hop).

import { existsSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join, resolve } from 'node:path';
import { DeckPty } from '../pty.mjs';
import { BUNDLE, openDeck, ROOT } from '../session.mjs';
import { median } from '../stats.mjs';
import { buildInkLine, INK_LINE } from './inkLine.mjs';

const SEA = resolve(ROOT, 'dist/sitedeck');

/** The faces measured: those whose files exist (build:sea makes the single file). */
export function faceList() {
  const all = [
    { name: 'node dist/cli.js', argv: BUNDLE, node: process.version },
    { name: 'dist/sitedeck (single file)', argv: [SEA], node: 'v24', needs: SEA },
  ];
  return all.filter((f) => !f.needs || existsSync(f.needs));
}

export async function inkLineOnce(argv) {
  const pty = DeckPty.spawn({ argv, cwd: ROOT });
  try {
    const at = await pty.waitForText(INK_LINE, 10_000);
    return at - pty.startedAt;
  } finally {
    await pty.close();
  }
}

/**
 * Each face and the Ink line, interleaved run by run so a
 * busy moment of the machine falls on all of them alike. Medians of `runs`, after one warm-up each.
 * `list` may name other builds (the with/without builds of scripts/bench/patches.mjs).
 */
export async function measureFaces({ emu, configDir, runs = 10, list = faceList() }) {
  const inkFile = await buildInkLine(join(configDir, 'ink-line'));
  const inks = [{ name: 'one-line Ink app', argv: ['node', inkFile] }];
  // The first list may be the pre-paint (src/ui/start/prepaint.ts); the deck's own first live frame, the
  // one with the footer's key hints, is timed beside it (what a key typed at the list costs is
  // ./firstKey.mjs).
  const frames = new Map(list.map((f) => [f.name, []]));
  // The deck's CPU time by its first frame: what a face costs, less swayed by a busy machine than the wall clock.
  const cpus = new Map(list.map((f) => [f.name, []]));
  const launch = async (f) => {
    const { pty, launchMs } = await openDeck({ emu, configDir, argv: f.argv });
    try {
      frames.get(f.name)?.push((await pty.waitForText(DECK_FRAME, 10_000)) - pty.startedAt);
      let cpu = NaN;
      try {
        cpu = pty.cpuMs();
      } catch {
        /* exited already */
      }
      cpus.get(f.name)?.push(cpu);
    } finally {
      await pty.close();
    }
    return launchMs;
  };
  for (const f of list) await launch(f);
  for (const f of list) frames.get(f.name).length = cpus.get(f.name).length = 0;
  for (const i of inks) await inkLineOnce(i.argv);
  const times = new Map([...list, ...inks].map((f) => [f.name, []]));
  for (let r = 0; r < runs; r++) {
    for (const f of list) times.get(f.name).push(await launch(f));
    for (const i of inks) times.get(i.name).push(await inkLineOnce(i.argv));
  }
  const result = (f) => ({
    name: f.name,
    argv: f.argv,
    ms: median(times.get(f.name)),
    runs: times.get(f.name),
    ...(frames.has(f.name)
      ? { frameMs: median(frames.get(f.name)), frameRuns: frames.get(f.name), frameCpuMs: median(cpus.get(f.name)), frameCpuRuns: cpus.get(f.name) }
      : {}),
  });
  return { faces: list.map(result), inks: inks.map(result) };
}

/** The footer's first key hint, which only the deck's own frame draws (a pre-paint stops at the rows). */
export const DECK_FRAME = /\? help/;

/**
 * An HTTP proxy on loopback (absolute-form requests, as HTTP_PROXY sends them) that holds each
 * request back by `delayMs` before forwarding it: the round trip of a distant proxy. It stands in
 * for name resolution too (`hosts`: a name → the loopback origin it stands for), since sitedeck
 * reaches loopback directly whatever HTTP_PROXY says.
 */
async function startSlowProxy(delayMs, hosts) {
  let forwarded = 0;
  const server = createServer((req, res) => {
    const asked = new URL(req.url ?? '/');
    const to = hosts[asked.hostname];
    if (!to) return void res.writeHead(502).end();
    const target = new URL(asked.pathname + asked.search, to);
    setTimeout(() => {
      forwarded++;
      const out = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on('error', () => res.writeHead(502).end());
      req.pipe(out);
    }, delayMs);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    forwarded: () => forwarded,
    close: () => new Promise((r) => (server.closeAllConnections(), server.close(r))),
  };
}

/** One GET of `url` through the proxy, timed (ms). */
function viaProxy(proxyUrl, url, headers) {
  return new Promise((resolvePromise, reject) => {
    const p = new URL(proxyUrl);
    const t0 = performance.now();
    const req = request({ host: p.hostname, port: p.port, path: url, method: 'GET', headers: { ...headers, host: new URL(url).host }, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolvePromise(performance.now() - t0));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * `face` launched straight to the emulator and through the slow proxy, interleaved; the proxy's
 * round trip measured with one request of the deck's first list through it.
 */
export async function measureProxied({ emu, configDir, face, delayMs = 150, runs = 5 }) {
  const names = { analytics: 'stats.example.com', seo: 'seo.example.com' };
  const proxy = await startSlowProxy(delayMs, { [names.analytics]: emu.baseUrl, [names.seo]: emu.seoBaseUrl });
  try {
    const direct = { NO_PROXY: '', no_proxy: '', HTTP_PROXY: '', http_proxy: '', HTTPS_PROXY: '', https_proxy: '' };
    // The hosts by name, as a user's would be: only then does a request go through the proxy.
    const proxied = { ...direct, HTTP_PROXY: proxy.url, SITEDECK_BASE_URL: `http://${names.analytics}`, SITEDECK_SEO_BASE_URL: `http://${names.seo}` };
    const launch = async (env) => {
      const argv = ['env', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...face.argv];
      const { pty, launchMs } = await openDeck({ emu, configDir, argv });
      await pty.close();
      return launchMs;
    };
    await launch(direct);
    emu.clearHits();
    const before = proxy.forwarded();
    await launch(proxied);
    const deckRequests = proxy.forwarded() - before;
    if (deckRequests === 0) throw new Error('the deck sent nothing through HTTP_PROXY');
    const first = emu.hits.find((h) => h.method === 'GET');
    const listUrl = `http://${names[first.host]}${first.path}?${new URLSearchParams(first.query)}`;
    const headers = { Authorization: `Bearer ${emu.apiKey}`, Accept: 'application/json' };
    const d = [];
    const p = [];
    const rtt = [];
    for (let r = 0; r < runs; r++) {
      d.push(await launch(direct));
      p.push(await launch(proxied));
      rtt.push(await viaProxy(proxy.url, listUrl, headers));
    }
    return { delayMs, directMs: median(d), proxiedMs: median(p), rttMs: median(rtt), directRuns: d, proxiedRuns: p, requestsAtOpen: deckRequests };
  } finally {
    await proxy.close();
  }
}
