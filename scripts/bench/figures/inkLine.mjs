// What Ink itself costs: a one-line Ink app bundled with the deck's own esbuild options, launched in
// the same pty wrapper, timed from spawn to its line on screen.

import { build } from 'esbuild';
import { join, resolve } from 'node:path';
import { esbuildPatches } from '../../build-patches.mjs';
import { bundleOptions } from '../../bundle-options.mjs';
import { DeckPty } from '../pty.mjs';
import { ROOT } from '../session.mjs';
import { median } from '../stats.mjs';

export const INK_LINE = 'sitedeck bench: one line';

export async function buildInkLine(outdir) {
  await build({
    ...bundleOptions,
    entryPoints: { line: resolve(ROOT, 'scripts/bench/ink-line.tsx') },
    // The same patches to Ink as the deck's build, unchecked: some patch packages this app never loads (ofetch).
    plugins: [esbuildPatches({ check: false })],
    outdir,
    minify: true,
  });
  return join(outdir, 'line.js');
}

export async function measureInkLine({ configDir, runs = 10 }) {
  const file = await buildInkLine(join(configDir, 'ink-line'));
  const once = async () => {
    const pty = DeckPty.spawn({ argv: ['node', file], cwd: ROOT });
    try {
      const at = await pty.waitForText(INK_LINE, 10_000);
      return at - pty.startedAt;
    } finally {
      await pty.close();
    }
  };
  await once(); // warm-up (file cache)
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await once());
  return { lineMs: median(times), runs: times };
}
