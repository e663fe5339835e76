// The launch rows of the faces (./faces.mjs) as the bench's table rows and notes, shared by
// `npm run bench` and scripts/bench/launch-faces.mjs.

import { ms } from '../stats.mjs';
import { measureFaces, measureProxied } from './faces.mjs';
import { firstFrameLoads } from './firstFrameLoads.mjs';

const x = (v) => `${v.toFixed(2)}×`;

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
  // The deck's own first frame (it answers keys), after the pre-painted rows: the same baseline, no goal.
  for (const f of faces) {
    rows.push({
      figure: `launch to the deck's first frame (keys answered): ${f.name} (pty, median of ${runs})`,
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
  return { rows, notes, faces, inks, proxied: p };
}
