// What the deck has loaded by its first frame (the one with the footer's key hints, which answers
// keys): the program's files (the entry, the deck's one script or ES chunks) and Node's built-in
// modules it compiled on demand (their public names). One launch of a `node …` face with a small preload that reads
// `process.moduleLoadList` when the bench ends the deck (its SIGTERM listener runs before the deck's).

import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { openDeck, ROOT } from '../session.mjs';

const PRELOAD = `
const { writeFileSync } = require('node:fs');
const before = new Set(process.moduleLoadList);
const files = [];
// Every file the program resolves, ES modules and CommonJS alike (Node 22.15 and later).
require('node:module').registerHooks({
  resolve(specifier, context, next) {
    const r = next(specifier, context);
    if (r.url.startsWith('file:')) files.push(require('node:url').fileURLToPath(r.url));
    return r;
  },
});
process.on('SIGTERM', () => writeFileSync(process.env.SITEDECK_BENCH_LOADS, JSON.stringify({
  builtins: process.moduleLoadList
    .filter((m) => m.startsWith('NativeModule ') && !before.has(m))
    .map((m) => m.slice(13))
    .filter((m) => !m.startsWith('internal/')),
  files,
})));
`;

/** The built-ins (public names) and program files `argv` (['node', …flags, entry]) has loaded by the deck's first frame. */
export async function firstFrameLoads({ emu, configDir, argv }) {
  if (argv[0] !== 'node') throw new Error('firstFrameLoads: a node face only');
  const preload = join(configDir, 'first-frame-preload.cjs');
  const out = join(configDir, 'first-frame-loads.json');
  writeFileSync(preload, PRELOAD);
  const { pty } = await openDeck({ emu, configDir, argv: ['env', `SITEDECK_BENCH_LOADS=${out}`, 'node', '--require', preload, ...argv.slice(1)] });
  try {
    await pty.waitForText(/\? help/, 10_000);
  } finally {
    await pty.close();
  }
  const { builtins, files } = JSON.parse(readFileSync(out, 'utf8'));
  return { builtins: [...new Set(builtins)], files: [...new Set(files.map((f) => relative(ROOT, f)))] };
}
