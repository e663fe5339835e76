// The launch rows of the faces (./faces.mjs) as the bench's table rows and notes, shared by
// `npm run bench` and scripts/bench/launch-faces.mjs.

import { ms } from '../stats.mjs';
import { measureFaces, measureProxied } from './faces.mjs';
import { firstFrameLoads } from './firstFrameLoads.mjs';
import { measureFirstKey } from './firstKey.mjs';

const x = (v) => `${v.toFixed(2)}×`;

/** The goal of a key typed at the first list, against the Ink line, by face (issue 59). */
const KEY_GOALS = { 'node dist/cli.js': 2.2, 'dist/sitedeck (single file)': 2.0 };

/** The figure of record: launch → a key typed at the first list → its effect on screen, per face; and the sweep of delays. */
export async function firstKeyRows({ emu, configDir, runs = 10, sweepRuns = 3 }) {
  const rows = [];
  const notes = [];
  const k = await measureFirstKey({ emu, configDir, runs, sweepRuns });
  for (const f of k.faces)
    for (const byKey of f.byKey) {
      const ratio = byKey.ms / k.inkMs;
      const goal = KEY_GOALS[f.name];
      rows.push({
        figure: `launch → \`${byKey.key}\` typed at the first list → ${byKey.what} on screen: ${f.name} (pty, median of ${runs})`,
        value: ms(byKey.ms),
        baseline: `${ms(k.inkMs)} (one-line Ink app)`,
        ratio: x(ratio),
        goal: goal ? `≤ ${goal.toFixed(1)}×` : '—',
        pass: goal ? ratio <= goal && byKey.lost === 0 : undefined,
      });
      notes.push(
        `${f.name}, \`${byKey.key}\` at the first list: runs (ms) ${byKey.runs.map((v) => (v === null ? 'lost' : v.toFixed(0))).join(', ')}; ` +
          `medians of the same launches: the first list ${ms(byKey.listMs)}, the deck's first live frame ${ms(byKey.frameMs)}.`,
      );
    }
  // Written before the frame reached the bench, but less than the relay's round trip before: met it on the way.
  const crossed = k.late.filter((l) => l.crossed).length;
  const late = k.late.length - crossed;
  rows.push({
    figure: `keys typed 0, 20, 50, 100, 150 ms after the first list (${k.launches} launches, both keys, each face)`,
    value:
      `${k.lost} lost; ${k.inFrame} of ${k.beforeFrame - crossed} written before the first live frame shown in it` +
      (crossed ? ` (${crossed} more met it in the pty's relay)` : ''),
    goal: 'none lost, none late',
    pass: k.lost === 0 && late === 0,
  });
  notes.push(
    `One-line Ink app in the first-key runs: ${k.inkRuns.map((v) => v.toFixed(0)).join(', ')} ms. ` +
      `A key's round trip through the pty's relay (\`script\`) once the deck was quiet: median ${k.relayMs.toFixed(1)} ms. ` +
      (k.late.length
        ? 'Keys written before the first live frame reached the bench but not in it: ' +
          k.late
            .map(
              (l) =>
                `\`${l.key}\` at +${l.delayMs} ms, written ${l.beforeMs.toFixed(1)} ms before the frame arrived ` +
                `(the round trip then ${l.relayMs === null ? '—' : `${l.relayMs.toFixed(1)} ms`}: ${l.crossed ? 'met it on the way' : 'late'}), ` +
                `its own frame ${l.afterMs.toFixed(0)} ms after it`,
            )
            .join('; ') +
          '.'
        : 'Every key written before the first live frame was in it.'),
  );
  return { rows, notes, firstKey: k };
}

export async function facesRows({ emu, configDir, runs = 10, delayMs = 150 }) {
  const rows = [];
  const notes = [];
  const { faces, inks } = await measureFaces({ emu, configDir, runs });
  const ink = inks[0];
  const fastest = faces.reduce((a, b) => (b.ms < a.ms ? b : a));
  for (const f of faces) {
    const ratio = f.ms / ink.ms;
    const isFastest = f === fastest;
    rows.push({
      figure: `launch to first list: ${f.name} (pty, median of ${runs})`,
      value: ms(f.ms),
      baseline: `${ms(ink.ms)} (${ink.name})`,
      ratio: x(ratio),
      goal: isFastest ? '≤ 1.3× (the fastest face)' : '—',
      pass: isFastest ? ratio <= 1.3 : undefined,
    });
  }
  // The deck's own first live frame (the footer's key hints), after the pre-painted rows: the same
  // baseline, no goal. What a key typed at the list costs is the first-key figure.
  for (const f of faces) {
    rows.push({
      figure: `launch to the deck's first live frame (footer drawn): ${f.name} (pty, median of ${runs})`,
      value: ms(f.frameMs),
      baseline: `${ms(ink.ms)} (${ink.name})`,
      ratio: x(f.frameMs / ink.ms),
      goal: '—',
      pass: undefined,
    });
  }
  for (const i of inks) notes.push(`${i.name}: launch to its line ${ms(i.ms)} (runs ${i.runs.map((v) => v.toFixed(0)).join(', ')}).`);
  for (const f of faces)
    notes.push(
      `${f.name}: runs (ms) ${f.runs.map((v) => v.toFixed(0)).join(', ')}; its first frame ${f.frameRuns.map((v) => v.toFixed(0)).join(', ')}; ` +
        `its CPU time by that frame ${ms(f.frameCpuMs)} (median).`,
    );

  // What the first frame needs loaded, named: the program's files and Node's built-ins (one launch of each node face).
  for (const f of faces.filter((face) => face.argv[0] === 'node')) {
    const l = await firstFrameLoads({ emu, configDir, argv: f.argv });
    notes.push(
      `${f.name}: by its first frame it has loaded ${l.files.length} files of the program (${l.files.map((file) => `\`${file}\``).join(', ')}) ` +
        `and ${l.builtins.length} of Node's built-in modules (${l.builtins.join(', ')}).`,
    );
  }

  const p = await measureProxied({ emu, configDir, face: fastest, delayMs, runs: Math.max(3, Math.ceil(runs / 2)) });
  const goal = 1.2 * (p.directMs + p.rttMs);
  rows.push({
    figure: `launch to first list through an HTTP proxy holding each request ${delayMs} ms: ${fastest.name} (median of ${p.directRuns.length})`,
    value: ms(p.proxiedMs),
    baseline: `${ms(p.directMs)} direct + ${ms(p.rttMs)} (one request through the proxy)`,
    ratio: x(p.proxiedMs / (p.directMs + p.rttMs)),
    goal: '≤ 1.2×',
    pass: p.proxiedMs <= goal,
  });
  notes.push(
    `Through the proxy: launches (ms) direct ${p.directRuns.map((v) => v.toFixed(0)).join(', ')}, ` +
      `proxied ${p.proxiedRuns.map((v) => v.toFixed(0)).join(', ')}; ` +
      `${p.requestsAtOpen} requests through it by the first list.`,
  );
  const key = await firstKeyRows({ emu, configDir, runs });
  rows.push(...key.rows);
  notes.push(...key.notes);
  return { rows, notes, faces, inks, proxied: p, firstKey: key.firstKey };
}
