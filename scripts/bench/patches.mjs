// What each build patch (scripts/build-patches.mjs) is worth: the deck built with every patch and
// built without one (or a set), side by side on the bench figures the patch claims to move (its
// `moves`), the builds interleaved run by run so a busy moment of the machine falls on all alike.
// Prints a markdown table for docs/PERFORMANCE.md ("What each build patch is worth").
//
//   node scripts/bench/patches.mjs                          each patch left out on its own
//   node scripts/bench/patches.mjs --without a,b --without c   these sets left out instead
//   node scripts/bench/patches.mjs --compare before=/tmp/old/dist/cli.js   also another build (an
//            older commit's, say) on every figure, beside the build with every patch
//   options: --runs N (launches per build, 10), --keys N (cursor keys per session, 200),
//            --rounds N (key sessions per build, 2), --turns N (page turns per build, 8)
//
// Figures (as in `npm run bench`, docs/PERFORMANCE.md): `launch` — spawn to the first list and to
// the deck's own first frame (its key hints), beside the one-line Ink app bundled with every patch
// (figure 13's launches); `keys` — cursor moves on a 100-row page and tab switches, p95 key to
// frame and the deck's CPU per key (figures 2 and 3); `answer` — a page turn (]) on a 300 ms link,
// key to the frame with the answer, against one round trip + one frame (figure 10).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PATCHES, patchesWithout } from '../build-patches.mjs';
import { buildBundle } from '../one-file.mjs';
import { startEmulator } from './emulator.mjs';
import { measureFaces } from './figures/faces.mjs';
import { measureKeys } from './figures/keys.mjs';
import { FRAME_MS, keyTo } from './figures/slowLink.mjs';
import { machine } from './report.mjs';
import { idle, openDeck, perPageOf, selectedRow } from './session.mjs';
import { median, ms } from './stats.mjs';

const { values } = parseArgs({
  options: {
    without: { type: 'string', multiple: true, default: [] },
    compare: { type: 'string', multiple: true, default: [] },
    runs: { type: 'string', default: '10' },
    keys: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '2' },
    turns: { type: 'string', default: '8' },
  },
});
const RUNS = Number(values.runs);
const KEYS = Number(values.keys);
const ROUNDS = Number(values.rounds);
const TURNS = Number(values.turns);
const DELAY_MS = 300;
const GOAL_VS_INK = 1.3; // issue 41: the first list and the first frame that answers keys ≤ 1.3× the Ink line
const KEY_GOAL_MS = 16;

const log = (s) => process.stderr.write(`patches: ${s}\n`);
const x = (v) => `${v.toFixed(2)}×`;
const sets = values.without.length || values.compare.length ? values.without.map((w) => w.split(',').filter(Boolean)) : PATCHES.map((p) => [p.name]);
const movesOf = (names) => [...new Set(names.flatMap((n) => PATCHES.find((p) => p.name === n).moves))];

const work = mkdtempSync(join(tmpdir(), 'sitedeck-patches-bench-'));
const builds = [
  { name: 'with every patch', without: [], patches: PATCHES },
  ...sets.map((names) => ({ name: `without ${names.join(', ')}`, without: names, patches: patchesWithout(names), moves: movesOf(names) })),
];
for (const [i, b] of builds.entries()) {
  b.outdir = join(work, `build-${i}`);
  await buildBundle({ outdir: b.outdir, patches: b.patches });
  b.argv = ['node', join(b.outdir, 'cli.js')];
}
for (const c of values.compare) {
  const [label, file] = c.split('=');
  builds.push({ name: label, label, without: [], argv: ['node', file], moves: ['launch', 'keys', 'answer'] });
}
log(`${builds.length} builds in ${work}`);

const host = machine();
const configDir = join(work, 'config');
const emu = await startEmulator({ seed: 2000, rateLimit: 0 });
const [withAll, ...others] = builds;
const measuring = (figure) => others.filter((b) => b.moves.includes(figure));
const rows = [];
const notes = [];

try {
  // Launch: the builds and the Ink line, interleaved run by run.
  const launchers = measuring('launch');
  if (launchers.length) {
    log(`launch: ${launchers.length + 1} builds × ${RUNS} runs…`);
    const { faces, inks } = await measureFaces({ emu, configDir, runs: RUNS, list: [withAll, ...launchers] });
    const ink = inks[0].ms;
    const of = (b) => faces.find((f) => f.name === b.name);
    const base = of(withAll);
    for (const b of launchers) {
      const f = of(b);
      for (const [figure, key] of [
        ['first list', 'ms'],
        ["the deck's first live frame (footer drawn)", 'frameMs'],
      ]) {
        rows.push({
          build: b,
          figure: `${figure}, node dist/cli.js`,
          with: `${ms(base[key])} (${x(base[key] / ink)})`,
          without: `${ms(f[key])} (${x(f[key] / ink)})`,
          delta: f[key] - base[key],
          goal: `≤ ${GOAL_VS_INK}× Ink line (${ms(ink)})`,
          metWith: base[key] <= GOAL_VS_INK * ink,
          metWithout: f[key] <= GOAL_VS_INK * ink,
        });
      }
    }
    notes.push(`Ink line: ${ms(ink)} (runs ${inks[0].runs.map((v) => v.toFixed(0)).join(', ')}).`);
    for (const f of faces)
      notes.push(`${f.name}: first list ${f.runs.map((v) => v.toFixed(0)).join(', ')}; first frame ${f.frameRuns.map((v) => v.toFixed(0)).join(', ')}.`);
  }

  // Keys: one session per build and round, the builds alternating.
  const keyers = measuring('keys');
  if (keyers.length) {
    const byBuild = new Map([withAll, ...keyers].map((b) => [b, []]));
    for (let r = 0; r < ROUNDS; r++) {
      for (const b of byBuild.keys()) {
        log(`keys: round ${r + 1}, ${b.name}…`);
        byBuild.get(b).push(await measureKeys({ emu, configDir, argv: b.argv, cursorKeys: KEYS, tabSwitches: Math.max(20, Math.round(KEYS / 4)) }));
      }
    }
    // The worse p95 of the rounds (the goal must hold in each), the mean CPU per key.
    const worst = (b, k) => Math.max(...byBuild.get(b).map((m) => m[k].p95));
    const cpu = (b, k) => byBuild.get(b).reduce((a, m) => a + m[k].cpuPerKey, 0) / ROUNDS;
    for (const b of keyers) {
      for (const [k, what] of [
        ['cursor', 'cursor move, 100-row page, 200×50'],
        ['tabs', 'tab switch, both cached'],
      ]) {
        rows.push({
          build: b,
          figure: `key to frame p95: ${what}`,
          with: ms(worst(withAll, k)),
          without: ms(worst(b, k)),
          delta: worst(b, k) - worst(withAll, k),
          goal: `≤ ${KEY_GOAL_MS} ms`,
          metWith: worst(withAll, k) <= KEY_GOAL_MS,
          metWithout: worst(b, k) <= KEY_GOAL_MS,
        });
        rows.push({
          build: b,
          figure: `CPU per key: ${what}`,
          with: ms(cpu(withAll, k)),
          without: ms(cpu(b, k)),
          delta: cpu(b, k) - cpu(withAll, k),
          goal: '—',
        });
      }
    }
    for (const [b, ms_] of byBuild)
      notes.push(
        `${b.name}: cursor p95 ${ms_.map((m) => ms(m.cursor.p95)).join(', ')}, CPU ${ms_.map((m) => ms(m.cursor.cpuPerKey)).join(', ')}; ` +
          `tab switch p95 ${ms_.map((m) => ms(m.tabs.p95)).join(', ')}, CPU ${ms_.map((m) => ms(m.tabs.cpuPerKey)).join(', ')}.`,
      );
  }

  // A page turn's answer on a slow link: one deck per build, open side by side, turning in turn.
  const answerers = measuring('answer');
  if (answerers.length) {
    log(`answer: page turns at ${DELAY_MS} ms, ${answerers.length + 1} builds × ${TURNS}…`);
    const { rtt, turns } = await pageTurns([withAll, ...answerers]);
    const budget = rtt + FRAME_MS;
    const base = median(turns.get(withAll));
    for (const b of answerers) {
      const v = median(turns.get(b));
      rows.push({
        build: b,
        figure: `page turn (]) on a ${DELAY_MS} ms link, key to the answer's frame (median of ${TURNS})`,
        with: `${ms(base)} (${x(base / budget)})`,
        without: `${ms(v)} (${x(v / budget)})`,
        delta: v - base,
        goal: `≤ 1 round trip ${ms(rtt)} + 1 frame`,
        metWith: base <= budget,
        metWithout: v <= budget,
      });
    }
    for (const [b, t] of turns) notes.push(`${b.name}: page turns (ms) ${t.map((v) => v.toFixed(0)).join(', ')}; one round trip ${ms(rtt)}.`);
  }
} finally {
  await emu.close();
  rmSync(work, { recursive: true, force: true });
}

const met = (v) => (v === undefined ? '—' : v ? 'met' : 'missed');
const table = [
  '| left out | figure | with | without | without − with | goal | goal with / without |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.build.label ?? r.build.without.map((n) => `\`${n}\``).join(', ')} | ${r.figure} | ${r.with} | ${r.without} | ` +
      `${r.delta >= 0 ? '+' : ''}${r.delta.toFixed(1)} ms | ${r.goal} | ${met(r.metWith)} / ${met(r.metWithout)} |`,
  ),
].join('\n');
process.stdout.write(
  `${host.date} · commit ${host.commit} · ${host.nproc} cores (${host.cpu}) · Node ${host.node} · load average at start ${host.load}\n\n` +
    `${table}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`,
);

/**
 * Each build's deck opened side by side; then, on a link of DELAY_MS, `]` pressed in each in turn,
 * timed to the frame that shows the next page's first row selected with its request answered.
 */
async function pageTurns(list) {
  const decks = [];
  try {
    for (const b of list) {
      const before = emu.hits.length;
      const { pty } = await openDeck({ emu, configDir, argv: b.argv });
      decks.push({ b, pty });
      await idle(pty, emu, 200);
      b.perPage = perPageOf(emu.hits.slice(before)).websites;
    }
    const ids = emu
      .websites()
      .map((w) => w.id)
      .sort((a, b) => b - a);
    const removeDelay = emu.addFault({ fault: { type: 'delay', ms: DELAY_MS } });
    try {
      const url = `${emu.baseUrl}/public/api/v1/websites?page=1&per_page=10`;
      const rtts = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await (await fetch(url, { headers: { Authorization: `Bearer ${emu.apiKey}` } })).text();
        rtts.push(performance.now() - t0);
      }
      const turns = new Map(list.map((b) => [b, []]));
      for (let t = 2; t <= TURNS + 1; t++) {
        for (const { b, pty } of decks) {
          turns.get(b).push(await keyTo(pty, emu, ']', selectedRow(ids[(t - 1) * b.perPage])));
          await idle(pty, emu, 100);
        }
      }
      return { rtt: median(rtts), turns };
    } finally {
      removeDelay();
    }
  } finally {
    for (const { pty } of decks) await pty.close();
  }
}
