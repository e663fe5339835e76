// Hostile server strings in the aligned table on a terminal, in-process (piped, --json, deep values: ./hostile.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';
import { insertHostile, RAW } from '../hostileRecords';

let fx: Fixture;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 0 });
  insertHostile(fx.emulator);
});
afterAll(() => fx.cleanup());

describe('hostile server strings', () => {
  it('come out inert in the aligned table on a terminal', async () => {
    const r = await runCommand(['--no-color', 'websites', 'list'], { env: fx.env, terminal: { columns: 120 } });
    expect(r.code).toBe(0);
    const out = r.screen;
    expect(out).toContain('DOMAIN');
    expect(out).toContain('evil');
    expect(RAW.test(out)).toBe(false);
  });
});

describe('invisible characters', () => {
  it('are shown by name in the table', async () => {
    fx.emulator.insertRaw('websites', { domain: 'exam\u200bple.com', privacy: 0, email: 0, exclude_bots: 1 });
    const r = await runCommand(['--no-color', 'websites', 'list'], { env: fx.env, terminal: { columns: 120 } });
    expect(r.code).toBe(0);
    expect(r.screen).toContain('exam⟨U+200B⟩ple.com');
  });
});
