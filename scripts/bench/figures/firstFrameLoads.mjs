// What the deck's first frame loads: the built-in modules Node has loaded when the first row of the
// list is written, read in the deck's own process by a preload, for the bench's notes.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { NODE_FLAGS, ROOT, firstDomain, openDeck } from '../session.mjs';

/** `{ count, public }`: how many built-ins (internal ones included), and the public ones by name. */
export async function firstFrameLoads({ emu, configDir }) {
  const dir = mkdtempSync(join(tmpdir(), 'sitedeck-bench-loads-'));
  const out = join(dir, 'loads.json');
  const preload = join(dir, 'preload.cjs');
  writeFileSync(
    preload,
    `const { writeFileSync } = require('node:fs');
const stdout = process.stdout;
const write = stdout.write;
let done = false;
stdout.write = function (chunk, ...rest) {
  if (!done && String(chunk).includes(${JSON.stringify(firstDomain(emu))})) {
    done = true;
    const all = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13));
    writeFileSync(${JSON.stringify(out)}, JSON.stringify({ count: all.length, public: all.filter((m) => !m.startsWith('internal/')) }));
  }
  return write.call(this, chunk, ...rest);
};
`,
  );
  try {
    const { pty } = await openDeck({ emu, configDir, argv: ['node', ...NODE_FLAGS, '--require', preload, resolve(ROOT, 'dist/cli.js')] });
    await pty.close();
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
