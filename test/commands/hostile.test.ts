// On the bundle: each test needs a terminal (a pty).
// Hostile server strings in the aligned table on a terminal (piped, --json, deep values: ./in-process/hostile.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInPty, startFixture, type Fixture } from './helpers';
import { insertHostile, RAW } from './hostileRecords';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture({ seed: 0 });
  insertHostile(fx.emulator);
});
afterAll(() => fx.cleanup());

describe('hostile server strings', () => {
  it('come out inert in the aligned table on a terminal', async () => {
    const pty = runInPty(['--no-color', 'websites', 'list'], fx.env);
    expect(await pty.done).toBe(0);
    const out = pty.output();
    expect(out).toContain('DOMAIN');
    expect(out).toContain('evil');
    expect(RAW.test(out)).toBe(false);
  });
});

describe('invisible characters', () => {
  it('are shown by name in the table', async () => {
    fx.emulator.insertRaw('websites', { domain: 'exam\u200bple.com', privacy: 0, email: 0, exclude_bots: 1 });
    const pty = runInPty(['--no-color', 'websites', 'list'], fx.env);
    expect(await pty.done).toBe(0);
    expect(pty.output()).toContain('exam⟨U+200B⟩ple.com');
  });
});
