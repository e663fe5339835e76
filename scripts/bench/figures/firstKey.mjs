// The first key: launch → a key typed the moment the first list is on screen → its effect on
// screen, per face, beside the one-line Ink app launched in the same run (issue 59). `j` moves the
// cursor to row 2; `2` shows the Reports tab (its newest report selected, with its score). A sweep
// types the key 0–150 ms after the list instead: none may be lost, and none shown late (the deck's
// first live frame, the first synchronized update with the footer's key hints, which the terminal
// draws whole, shows every key written before it: those typed while it was drawn too).

import { openDeck } from '../session.mjs';
import { median } from '../stats.mjs';
import { DECK_FRAME, faceList, inkLineOnce } from './faces.mjs';
import { buildInkLine } from './inkLine.mjs';
import { join } from 'node:path';

const SYNC_START = '\x1b[?2026h';
const ANSI = /\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78NOMDEHc]/g;

/** The keys timed, each with what shows its effect (nothing on screen before the key matches it). */
function keysFor(emu) {
  const ids = emu
    .websites()
    .map((w) => w.id)
    .sort((a, b) => b - a);
  // The Reports tab with its rows: the newest report selected, its score beside its URL (the
  // column header alone is drawn while the tab is still loading).
  const newest = emu.reports().reduce((a, b) => (Number(b.id) > Number(a.id) ? b : a));
  const score = newest.result === null || newest.result === undefined ? '—' : `[●◐○]\\s*${newest.result}\\b`;
  return [
    { key: 'j', what: 'cursor on row 2', effect: new RegExp(`›\\s*${ids[1]}\\s`) },
    { key: '2', what: 'the Reports tab', effect: new RegExp(`›\\s*${newest.id}\\s+\\S+\\s+${score}`) },
  ];
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A key's way in and its frame's way out at this moment, once the deck is quiet: `j` to the first
 * bytes of its frame. Both cross `script`'s relay, a process of its own on a busy machine; a key
 * written less than this before a frame reached the bench met that frame on its way (the deck's
 * part, a cursor move drawn, is in it too: a few milliseconds of leeway).
 */
async function roundTrip(pty) {
  await pty.quiet(40);
  const next = pty.nextChunk(2000);
  const sent = performance.now();
  pty.write('j');
  const at = await next;
  return at === null ? null : at - sent;
}

/**
 * One launch: `k.key` written `delayMs` after the first list; from spawn, when it was written and
 * when its effect was on screen (null: never, within the timeout), and whether the deck's first
 * live frame already showed it.
 */
async function onceWithKey({ emu, configDir, argv, k, delayMs }) {
  const { pty, launchMs } = await openDeck({ emu, configDir, argv });
  try {
    // The first live frame's arrival, watched from the list on (after the key it would be the last chunk's).
    const frame = pty.waitForText(DECK_FRAME, 10_000);
    if (delayMs) await wait(delayMs);
    const keyAt = performance.now() - pty.startedAt;
    pty.write(k.key);
    let effectMs = null;
    try {
      effectMs = (await pty.waitForText(k.effect, 5000)) - pty.startedAt;
    } catch {
      /* lost: counted */
    }
    const frameAt = (await frame) - pty.startedAt;
    const frames = pty.raw.split(SYNC_START).map((f) => f.replace(ANSI, ''));
    const firstLive = frames.find((f) => DECK_FRAME.test(f)) ?? '';
    return { launchMs, keyAt, effectMs, frameAt, inFirstFrame: k.effect.test(firstLive), relayMs: effectMs === null ? null : await roundTrip(pty) };
  } finally {
    await pty.close();
  }
}

/**
 * Each face and the Ink line, interleaved run by run: the key typed at the first list (`runs`
 * launches per key and face), then the sweep of delays (`sweepRuns` each).
 */
export async function measureFirstKey({ emu, configDir, runs = 10, sweepRuns = 3, delays = [0, 20, 50, 100, 150], list = faceList() }) {
  const inkFile = await buildInkLine(join(configDir, 'ink-line'));
  const inkArgv = ['node', inkFile];
  const keys = keysFor(emu);
  // Warm-up: the compile cache and the file cache, as in the launch figures.
  for (const f of list) await onceWithKey({ emu, configDir, argv: f.argv, k: keys[0], delayMs: 0 });
  await inkLineOnce(inkArgv);
  const at = new Map(list.flatMap((f) => keys.map((k) => [`${f.name} ${k.key}`, []])));
  const ink = [];
  for (let r = 0; r < runs; r++) {
    for (const f of list) for (const k of keys) at.get(`${f.name} ${k.key}`).push(await onceWithKey({ emu, configDir, argv: f.argv, k, delayMs: 0 }));
    ink.push(await inkLineOnce(inkArgv));
  }
  const sweep = [];
  for (let r = 0; r < sweepRuns; r++)
    for (const delayMs of delays)
      for (const f of list)
        for (const k of keys) sweep.push({ face: f.name, key: k.key, delayMs, ...(await onceWithKey({ emu, configDir, argv: f.argv, k, delayMs })) });
  const all = [...[...at.values()].flat(), ...sweep];
  return {
    inkMs: median(ink),
    inkRuns: ink,
    keys: keys.map((k) => ({ key: k.key, what: k.what })),
    faces: list.map((f) => ({
      name: f.name,
      byKey: keys.map((k) => {
        const runsOf = at.get(`${f.name} ${k.key}`);
        const shown = runsOf.filter((x) => x.effectMs !== null);
        return {
          key: k.key,
          what: k.what,
          ms: median(shown.map((x) => x.effectMs)),
          runs: runsOf.map((x) => x.effectMs),
          // From the list to the effect, launch by launch: what the key cost beyond the list, less swayed by the machine's load.
          afterList: runsOf.map((x) => (x.effectMs === null ? null : x.effectMs - x.launchMs)),
          listMs: median(runsOf.map((x) => x.launchMs)),
          frameMs: median(runsOf.map((x) => x.frameAt)),
          lost: runsOf.length - shown.length,
        };
      }),
    })),
    sweep,
    // Lost: never on screen. Written before the deck's first live frame arrived: in it, or (typed
    // while it was being drawn) how long after it the key's own frame came.
    lost: all.filter((x) => x.effectMs === null).length,
    beforeFrame: all.filter((x) => x.keyAt < x.frameAt).length,
    inFrame: all.filter((x) => x.keyAt < x.frameAt && x.inFirstFrame).length,
    relayMs: median(all.map((x) => x.relayMs).filter((v) => v !== null)),
    // How long before the frame reached the bench each was written (the frame crosses `script`'s
    // relay on its way: a key written in the last milliseconds may have met a frame already sent),
    // and how long after it the key's own frame came.
    late: all
      .filter((x) => x.keyAt < x.frameAt && !x.inFirstFrame && x.effectMs !== null)
      .map((x) => ({
        key: x.key,
        delayMs: x.delayMs ?? 0,
        beforeMs: x.frameAt - x.keyAt,
        afterMs: x.effectMs - x.frameAt,
        relayMs: x.relayMs,
        crossed: x.relayMs !== null && x.frameAt - x.keyAt < x.relayMs,
      })),
    launches: all.length,
  };
}
