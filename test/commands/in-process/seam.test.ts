// The seam itself: a run's output, exit code and Ctrl+C go through it and nowhere else, and one run
// leaves nothing behind for the next.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { version } from '../../../package.json';
import { EXIT } from '../../../src/commands/exitCodes';
import { waitFor } from '../../helpers/wait';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 12 });
});
afterAll(() => fx.cleanup());
beforeEach(() => {
  fx.emulator.clearHits();
  fx.emulator.clearFaults();
});

describe('a run on the seam', () => {
  it("keeps its config, state and cache under the HOME it is given, not the process's", async () => {
    const home = '/tmp/sitedeck-seam-home';
    const r = await runCommand(['config', 'path'], { env: { HOME: home } });
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout.trim()).toBe(join(home, '.config', 'sitedeck', 'config.json'));
  });

  it('answers help, --version and a typo on its own streams, with its exit code, and leaves process.exitCode alone', async () => {
    const before = process.exitCode;
    expect(await runCommand(['--version'])).toEqual({ code: EXIT.ok, stdout: `${version}\n`, stderr: '' });
    const help = await runCommand(['websites', '--help']);
    expect(help.code).toBe(EXIT.ok);
    expect(help.stdout).toContain('Usage: sitedeck websites');
    const typo = await runCommand(['websites', 'lst']);
    expect(typo).toMatchObject({ code: EXIT.usage, stdout: '' });
    expect(typo.stderr).toBe("sitedeck: unknown command 'lst': did you mean 'list'?\n");
    expect(process.exitCode).toBe(before);
  });

  it('reads its configuration from the seam’s environment only: runs one after the other share nothing', async () => {
    const first = await runCommand(['websites', 'list', '--per-page', '25', '--json'], { env: fx.env });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(EXIT.ok);
    expect((JSON.parse(first.stdout) as { data: unknown[] }).data).toHaveLength(12);
    // The next run has no --per-page (a program of its own) and no base URL (an environment of its own).
    const second = await runCommand(['websites', 'list', '--json'], { env: fx.env });
    expect((JSON.parse(second.stdout) as { data: unknown[] }).data).toHaveLength(10);
    const bare = await runCommand(['websites', 'list'], { env: { HOME: fx.env.HOME, SITEDECK_CONFIG_DIR: fx.env.SITEDECK_CONFIG_DIR } });
    expect(bare.code).toBe(EXIT.usage);
    expect(bare.stderr).toContain('missing the analytics base URL');
    expect(fx.emulator.hits).toHaveLength(2);
  });

  it('a relative --output is written in the seam’s directory, and named as given', async () => {
    const dir = fx.configDir;
    const r = await runCommand(['reports', 'audit', '--output', 'audit.md'], { env: fx.env, cwd: dir });
    expect(r.code).toBe(EXIT.ok);
    expect(r.stderr).toMatch(/^wrote audit\.md: /);
    expect(readFileSync(join(dir, 'audit.md'), 'utf8')).toContain('#');
    expect(existsSync(join(process.cwd(), 'audit.md'))).toBe(false);
    const refused = await runCommand(['reports', 'audit', '--output', 'no-such-folder/audit.md'], { env: fx.env, cwd: dir });
    expect(refused).toMatchObject({ code: EXIT.usage, stderr: 'sitedeck: --output no-such-folder/audit.md: cannot write in no-such-folder\n' });
  });

  it('doctor says the size of the seam’s terminal, not of the process running it', async () => {
    const size = async (terminalSize?: { columns: number; rows: number }) => {
      const r = await runCommand(['doctor', '--json'], { env: fx.env, terminalSize });
      return (JSON.parse(r.stdout) as { checks: { id: string; status: string; detail: string }[] }).checks.find((c) => c.id === 'terminal.size');
    };
    expect(await size({ columns: 132, rows: 43 })).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^132×43 /) });
    expect(await size({ columns: 50, rows: 15 })).toMatchObject({ status: 'warn', detail: expect.stringMatching(/^50×15: smaller/) });
    expect(await size()).toMatchObject({ status: 'warn', detail: expect.stringMatching(/^not a terminal/) });
  });

  it('the seam’s signal is Ctrl+C: the request in flight stops, "interrupted", exit 130', async () => {
    fx.emulator.addFault({ path: /\/websites$/, fault: { type: 'delay', ms: 30_000 }, times: 1 });
    const ctrlC = new AbortController();
    const run = runCommand(['websites', 'list'], { env: fx.env, signal: ctrlC.signal });
    await waitFor(() => fx.emulator.hits.length > 0, 'the request to reach the emulator');
    ctrlC.abort();
    expect(await run).toEqual({ code: EXIT.interrupted, stdout: '', stderr: 'sitedeck: interrupted\n' });
  });
});
