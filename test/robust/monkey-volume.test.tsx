// Monkey test, in-process, the volume: seeded walks of random keys through the App with the
// emulator's faults changing every 15 batches (test/helpers/inkMonkey.tsx says what each batch
// checks). Most of the monkey's keys are here, where a key costs a few ms of CPU; the tmux walk
// (./monkey.test.ts) keeps the keys that need a real terminal. Not in the edit loop: the waits a
// person makes (a question is armed after 300 ms, a refusal is read for as long, a 429 asks for a
// second) make it seconds long.
// The seeds are fixed; MONKEY_SEED=<n> (or "random") walks that seed alone.
import { afterAll, describe, expect, it } from 'vitest';
import { inkMonkey } from '../helpers/inkMonkey';
import { monkeySeed } from '../helpers/monkey';

const KEYS = 1_200;
const SEEDS = process.env.MONKEY_SEED ? [monkeySeed(process.env.MONKEY_SEED, 0)] : [3, 4, 5];

let writes = 0;
afterAll(() => {
  // The bound on writes is only tested by a walk that saved something.
  if (!process.env.MONKEY_SEED) expect(writes, 'writes over the fixed seeds').toBeGreaterThan(0);
});

describe('monkey, the volume: random keys never break the deck', () => {
  it.each(SEEDS)(
    `seed %i: ${KEYS} keys, the frame always fits, every write was asked for, the deck still answers`,
    async (seed) => {
      writes += (await inkMonkey({ seed, keys: KEYS, file: 'test/robust/monkey-volume.test.tsx' })).writes;
    },
    120_000,
  );
});
