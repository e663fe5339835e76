// Monkey test, in-process, in the edit loop: two short seeded walks of random keys through the App
// with the emulator's faults changing (test/helpers/inkMonkey.tsx says what each batch checks).
// Short because the loop's whole budget is seconds; the volume is test/robust/monkey-volume.test.tsx,
// same walk, more seeds and keys. MONKEY_SEED=<n> (or "random") walks that seed alone.
import { describe, it } from 'vitest';
import { inkMonkey } from '../helpers/inkMonkey';
import { monkeySeed } from '../helpers/monkey';

const KEYS = 200;
const SEEDS = process.env.MONKEY_SEED ? [monkeySeed(process.env.MONKEY_SEED, 0)] : [1, 2];

describe('monkey: random keys never break the deck', () => {
  it.each(SEEDS)(
    `seed %i: ${KEYS} keys, the frame always fits and the deck still answers`,
    async (seed) => {
      await inkMonkey({ seed, keys: KEYS, file: 'test/ui/monkey.test.tsx' });
    },
    60_000,
  );
});
