// Ctrl+C to the bundle while a request is out (the other exit codes: ../commands/in-process/exit-codes.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/commands/exitCodes';
import { waitFor } from '../helpers/wait';
import { startCli, startFixture, type Fixture } from '../commands/helpers';

const KEY = 'sd_test_SECRETKEY_9f8e7d6c5b4a';
let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture({ seed: 5, key: KEY });
});
afterAll(() => fx.cleanup());

describe('exit codes', () => {
  // bundle: Ctrl+C is a SIGINT to a real process, turned into the seam's signal by the entry
  it('130 when interrupted while a request is out', async () => {
    fx.emulator.addFault({ fault: { type: 'delay', ms: 8000 } });
    const { child, result } = startCli(['websites', 'list'], { env: fx.env });
    await waitFor(() => fx.emulator.hits.length > 0 || child.exitCode !== null, 'the request to arrive');
    child.kill('SIGINT');
    const r = await result;
    expect(r.code).toBe(EXIT.interrupted);
    expect(r.stderr).toBe('sitedeck: interrupted\n');
    expect(r.stdout).not.toContain(KEY);
  });
});
