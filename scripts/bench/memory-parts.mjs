// The memory figure alone (figure 5 of scripts/bench.mjs), with what the deck's memory is made of at
// the first list, after 200 actions and after 1 000: RSS split into anonymous and file-backed pages,
// the JavaScript heap, V8's young generation, external memory and what is outside all of them
// (malloc's arenas, Yoga's WebAssembly memory). Variants run interleaved, round by round, so their
// ratios compare within one run on a shared machine. Not a test: figures for docs/PERFORMANCE.md.
//
//   npm run build && node scripts/bench/memory-parts.mjs [--rounds 2] [--actions 1000] \
//     [--variant "arenas 2:MALLOC_ARENA_MAX=2"] [--variant "semi 1:--max-semi-space-size=1"]
//
// A variant is `name:` then words: NAME=value goes into the deck's environment, anything else is a
// node flag for the deck. "as built" (no words) always runs.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from './emulator.mjs';
import { measureMemory } from './figures/memory.mjs';
import { BUNDLE } from './session.mjs';
import { mb } from './stats.mjs';

const values = (name) => process.argv.flatMap((a, i) => (process.argv[i - 1] === `--${name}` ? [a] : []));
const ROUNDS = Number(values('rounds')[0] ?? 1);
const ACTIONS = Number(values('actions')[0] ?? 1000);
const variants = [
  { name: 'as built', env: {}, flags: [] },
  ...values('variant').map((v) => {
    const at = v.indexOf(':');
    if (at < 1) throw new Error(`--variant ${v}: write it as "name:WORDS", e.g. "arenas 2:MALLOC_ARENA_MAX=2"`);
    const words = v
      .slice(at + 1)
      .split(/\s+/)
      .filter(Boolean);
    const env = Object.fromEntries(words.filter((w) => /^[A-Z_]+=/.test(w)).map((w) => w.split('=')));
    return { name: v.slice(0, at), env, flags: words.filter((w) => !/^[A-Z_]+=/.test(w)) };
  }),
];

const RECORDS = 2000; // as the bench: 2 000 websites and 2 000 reports
const emu = await startEmulator({ seed: RECORDS, rateLimit: 0 });
const configDir = mkdtempSync(join(tmpdir(), 'sitedeck-memory-parts-'));
const results = [];
try {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const v of variants) {
      // The pty passes this process's environment on to the deck (scripts/bench/pty.mjs).
      const saved = Object.fromEntries(Object.keys(v.env).map((k) => [k, process.env[k]]));
      Object.assign(process.env, v.env);
      try {
        const m = await measureMemory({ emu, configDir, argv: [BUNDLE[0], ...v.flags, ...BUNDLE.slice(1)], actions: ACTIONS, probe: true });
        results.push({ round, variant: v.name, ...m });
        const line = m.parts.map(
          (p) =>
            `${p.action}: rss ${mb(p.rss)} anon ${mb(p.anonymous)} heap ${mb(p.heapUsed)}/${mb(p.heapTotal)} young ${mb(p.young)} ` +
            `ext ${mb(p.external)} (ab ${mb(p.arrayBuffers)}) outside ${mb(p.outside)}`,
        );
        process.stderr.write(
          `round ${round} · ${v.name}: first list ${mb(m.startRss)}, after ${ACTIONS} ${mb(m.final)} (${(m.final / m.startRss).toFixed(2)}×), ` +
            `growth 200→${ACTIONS} ${mb(m.growth)}, CPU ${m.cpuPerAction.toFixed(1)} ms/action\n  ${line.join('\n  ')}\n`,
        );
      } finally {
        for (const [k, val] of Object.entries(saved))
          if (val === undefined) delete process.env[k];
          else process.env[k] = val;
      }
    }
  }
} finally {
  await emu.close();
  rmSync(configDir, { recursive: true, force: true });
}
console.log(
  JSON.stringify(
    results.map(({ samples: _samples, ...r }) => r),
    null,
    2,
  ),
);
