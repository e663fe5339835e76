// On the bundle: each test needs a terminal (a pty).
// An empty list through the bundled CLI on the emulator: on a terminal (a pty) it says what was
// asked and --json stays valid empty JSON (piped: ./in-process/empty-answers.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInPty, startFixture, type Fixture } from './helpers';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture({ seed: 5 });
});
afterAll(() => fx.cleanup());

const onTerminal = async (args: string[]) => {
  const pty = runInPty(['--no-color', ...args], fx.env);
  expect(await pty.done).toBe(0);
  return pty.output().replace(/\r/g, '');
};

describe('empty answers', () => {
  it('on a terminal: the search asked, in words, and no header row', async () => {
    const out = await onTerminal(['websites', 'list', '--search', 'no-such-site']);
    expect(out.trim()).toBe('No websites match "no-such-site".');
    const all = await onTerminal(['websites', 'list', '--all', '--search', 'no-such-site']);
    // The progress line (stderr, same pty) is erased before the answer.
    expect(all.split('\x1b[2K').pop()!.trim()).toBe('No websites match "no-such-site".');
    const filtered = await onTerminal(['reports', 'list', '--search', 'nothing-here', '--result', 'bad']);
    expect(filtered.trim()).toBe('No reports match "nothing-here", result bad.');
    const far = await onTerminal(['websites', 'list', '--page', '99']);
    expect(far.trim()).toMatch(/^page 99 of 1: empty \(\d+ websites in all; --page 1 is the last\)$/);
  });

  it('on a terminal, --json is valid empty JSON', async () => {
    const pty = await onTerminal(['websites', 'list', '--search', 'no-such-site', '--json']);
    expect((JSON.parse(pty) as { data: unknown[] }).data).toEqual([]);
  });
});
