// An empty list through the commands on the emulator, piped: the table output stays empty; --json
// stays valid empty JSON (on a terminal: ./empty-answers-terminal.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 5 });
});
afterAll(() => fx.cleanup());

describe('empty answers', () => {
  it('piped: the table output stays empty; --json is valid empty JSON', async () => {
    const piped = await runCommand(['websites', 'list', '--search', 'no-such-site'], { env: fx.env });
    expect([piped.code, piped.stdout]).toEqual([0, '']);
    const json = await runCommand(['websites', 'list', '--search', 'no-such-site', '--json'], { env: fx.env });
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as { data: unknown[] }).data).toEqual([]);
  });
});
