// A password given to a command is never printed, even by a host that repeats it in its refusal: the
// commands in-process against the emulator, one update, one create and one bulk update (--json), each
// answered 422 with the password in the message and the field's words. Nothing it writes under its
// home holds the password either.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/commands/exitCodes';
import { emulatorFixture, type Fixture, type RunResult } from '../helpers';
import { runCommand } from '../inProcess';

const PW = 'Tr0ub4dor&3-horse';
let fx: Fixture;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 5 });
});
afterAll(() => fx.cleanup());
beforeEach(() => fx.emulator.clearFaults());

/** A host that repeats what it was sent, as some validation messages do. */
const echoing = (method: string) =>
  fx.emulator.addFault({
    method,
    fault: {
      type: 'status',
      status: 422,
      body: { message: { password: [`The password ${PW} appeared in a data leak.`] }, errors: { password: [`${PW} is too common.`] } },
    },
  });

const run = (args: string[], input?: string): Promise<RunResult> => runCommand(args, { env: fx.env, input });

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe('a password given to a command is never printed', () => {
  it('update --password --json, refused by a host that echoes it: the refusal names it', async () => {
    echoing('PUT');
    const r = await run(['websites', 'update', '1', '--privacy', 'password', '--password', PW, '--json']);
    expect(r.code).toBe(EXIT.validation);
    expect(r.stdout + r.stderr).not.toContain(PW);
    expect(r.stderr).toContain('‹the password you set›');
  });

  it('create --password-stdin, refused the same way', async () => {
    echoing('POST');
    const r = await run(['websites', 'create', 'fresh.example.com', '--privacy', 'password', '--password-stdin', '--json'], `${PW}\n`);
    expect(r.code).toBe(EXIT.validation);
    expect(r.stdout + r.stderr).not.toContain(PW);
    expect(r.stderr).toContain('‹the password you set›');
  });

  it('a bulk update with --json: each failed line names it', async () => {
    echoing('PUT');
    const r = await run(['websites', 'update', '--ids', '1,2', '--privacy', 'password', '--password-stdin', '--json'], `${PW}\n`);
    expect(r.stdout + r.stderr).not.toContain(PW);
    const failed = r.stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { status: string; error?: { message: string } });
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((l) => l.status === 'failed' && l.error!.message.includes('‹the password you set›'))).toBe(true);
    // Nor is it in anything the commands wrote (the pace file, the history, the config).
    for (const f of filesUnder(fx.configDir)) expect(readFileSync(f, 'utf8'), f).not.toContain(PW);
  });
});
