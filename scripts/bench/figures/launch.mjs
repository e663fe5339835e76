// Figure 1: launch to first list rendered, against `node -e 0` + one curl of the same list.

import { spawn } from 'node:child_process';
import { DeckPty } from '../pty.mjs';
import { openDeck, ROOT } from '../session.mjs';
import { median } from '../stats.mjs';
import { urlOfHit } from '../emulator.mjs';

/** Wall time of a process from spawn to exit. */
export function timeProcess(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { stdio: 'ignore', ...opts });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - t0) : reject(new Error(`${cmd} exited ${code}`))));
  });
}

/** Time of `node -e 0` started in the same pty wrapper as the deck, from spawn to exit. */
async function nodeInPty() {
  const pty = DeckPty.spawn({ argv: ['node', '-e', '0'], cwd: ROOT });
  const { code } = await pty.exited;
  if (code !== 0) throw new Error(`node -e 0 in a pty exited ${code}`);
  return performance.now() - pty.startedAt;
}

export async function measureLaunch({ emu, configDir, runs = 10 }) {
  // Warm-up (file cache) — it also tells us which list request the deck sends first.
  emu.clearHits();
  const warm = await openDeck({ emu, configDir });
  await warm.pty.close();
  const first = emu.hits.find((h) => h.method === 'GET');
  if (!first) throw new Error('the deck showed a list without a request');
  const url = urlOfHit(emu, first);

  const deck = [];
  const firstByte = [];
  const request = [];
  const cpu = [];
  for (let i = 0; i < runs; i++) {
    const { pty, launchMs, firstByteMs, requestMs, cpuMs } = await openDeck({ emu, configDir });
    cpu.push(cpuMs);
    deck.push(launchMs);
    firstByte.push(firstByteMs);
    request.push(requestMs);
    await pty.close();
  }

  const node = [];
  const curl = [];
  const curlArgs = ['-sf', '-o', '/dev/null', '-H', `Authorization: Bearer ${emu.apiKey}`, '-H', 'Accept: application/json', url];
  await nodeInPty();
  await timeProcess('curl', curlArgs);
  for (let i = 0; i < runs; i++) {
    node.push(await nodeInPty());
    curl.push(await timeProcess('curl', curlArgs));
  }
  const plainNode = [];
  for (let i = 0; i < 5; i++) plainNode.push(await timeProcess('node', ['-e', '0']));

  return {
    deckMs: median(deck),
    deckRuns: deck,
    firstByteMs: median(firstByte),
    requestMs: median(request),
    cpuMs: median(cpu),
    nodeMs: median(node),
    plainNodeMs: median(plainNode),
    curlMs: median(curl),
    baselineMs: median(node) + median(curl),
    listPath: `${first.path}?${new URLSearchParams(first.query)}`,
  };
}
