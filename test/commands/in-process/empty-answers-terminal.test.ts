// An empty list through the commands on the emulator: on a terminal (stdout and stderr one,
// in-process) it says what was asked and --json stays valid empty JSON (piped: ./empty-answers.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 5 });
});
afterAll(() => fx.cleanup());

const onTerminal = async (args: string[]) => {
  const r = await runCommand(['--no-color', ...args], { env: fx.env, terminal: { columns: 120 } });
  expect(r.code).toBe(0);
  return r.screen;
};

describe('empty answers', () => {
  it('on a terminal: the search asked, in words, and no header row', async () => {
    const out = await onTerminal(['websites', 'list', '--search', 'no-such-site']);
    expect(out.trim()).toBe('No websites match "no-such-site".');
    const all = await onTerminal(['websites', 'list', '--all', '--search', 'no-such-site']);
    // The progress line (stderr, same terminal) is erased before the answer.
    expect(all.split('\x1b[2K').pop()!.trim()).toBe('No websites match "no-such-site".');
    const filtered = await onTerminal(['reports', 'list', '--search', 'nothing-here', '--result', 'bad']);
    expect(filtered.trim()).toBe('No reports match "nothing-here", result bad.');
    const far = await onTerminal(['websites', 'list', '--page', '99']);
    expect(far.trim()).toMatch(/^page 99 of 1: empty \(\d+ websites in all; --page 1 is the last\)$/);
  });

  it('on a terminal, --json is valid empty JSON', async () => {
    const shown = await onTerminal(['websites', 'list', '--search', 'no-such-site', '--json']);
    expect((JSON.parse(shown) as { data: unknown[] }).data).toEqual([]);
  });
});
