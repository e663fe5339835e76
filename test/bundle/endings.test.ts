// Every ending of a real process (src/cli.tsx → src/commands/ending.ts): a reader that goes away
// (`| head -1`), SIGTERM while a request is out, and a full disk (`> /dev/full`); each with its
// exit code, the ending said once, the summary and resume line, and never a stack.
// (Endings × commands in-process: ../commands/in-process/endings.test.ts.)
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/commands/exitCodes';
import { waitFor } from '../helpers/wait';
import { ROOT, baseEnv, startCli, startFixture, type Fixture } from '../commands/helpers';

const WEB = '/public/api/v1/websites';
const CLI = `"${process.execPath}" "${join(ROOT, 'dist', 'cli.js')}"`;

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture({ seed: 30, seedReports: 0 });
});
afterAll(() => fx.cleanup());

/** A bash pipeline with pipefail: what a script's shell sees of sitedeck in it. */
function shell(script: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile('bash', ['-c', `set -o pipefail; ${script}`], { env: baseEnv(fx.env) }, (err, stdout, stderr) =>
      done({ code: err ? Number(err.code) : 0, stdout, stderr }),
    );
  });
}

const putsOf = () => fx.emulator.hits.filter((h) => h.method === 'PUT').map((h) => h.path);
const noStack = (stderr: string) => expect(stderr).not.toMatch(/\n\s+at |Error:|node:internal/);

describe('the endings of a real process', () => {
  // bundle: EPIPE is what a real process gets when its reader closes the pipe
  it('| head -1 on a bulk update: the rest is not sent, exit 141, the summary and resume line on stderr', async () => {
    fx.emulator.clearHits();
    const ids = fx.emulator
      .websites()
      .slice(0, 6)
      .map((w) => w.id as number);
    // The second answer is held a moment, so head has read its line and gone before the second line comes.
    fx.emulator.addFault({ method: 'PUT', path: `${WEB}/${ids[1]}`, times: 1, fault: { type: 'delay', ms: 500 } });
    const r = await shell(`printf '${ids.join('\\n')}\\n' | ${CLI} websites update --ids - --email enabled | head -1`);
    expect(r.code, r.stderr).toBe(EXIT.readerGone);
    expect(r.stdout.split('\n')[0]).toMatch(new RegExp(`^${ids[0]}\tdone\t`));
    expect(r.stderr).toContain('sitedeck: the reader of stdout went away (the pipe was closed)\n');
    const done = /Updated (\d) of 6 websites: \1 done, 0 failed, 0 may have been applied, (\d) not started/.exec(r.stderr);
    expect(done, r.stderr).not.toBeNull();
    const n = Number(done![1]);
    expect(n).toBeLessThan(6);
    expect(r.stderr).toContain(`To resume: sitedeck websites update --ids ${ids.slice(n).join(',')} --email enabled\n`);
    expect(putsOf()).toEqual(ids.slice(0, n).map((id) => `${WEB}/${id}`));
    noStack(r.stderr);
  });

  // bundle: SIGTERM is a signal to a real process, turned into the seam's ending by the entry
  it('SIGTERM while a PUT is out: that write is finished, the rest not sent, exit 143, the resume line', async () => {
    fx.emulator.clearHits();
    const ids = fx.emulator
      .websites()
      .slice(6, 12)
      .map((w) => w.id as number);
    fx.emulator.addFault({ method: 'PUT', path: `${WEB}/${ids[1]}`, times: 1, fault: { type: 'delay', ms: 1000 } });
    const { child, result } = startCli(['websites', 'update', '--ids', ids.join(','), '--email', 'enabled'], { env: fx.env });
    await waitFor(() => putsOf().includes(`${WEB}/${ids[1]}`), 'the second PUT');
    child.kill('SIGTERM');
    const r = await result;
    expect(r.code, r.stderr).toBe(EXIT.terminated);
    expect(r.stderr).toContain('sitedeck: terminated (SIGTERM)\n');
    expect(r.stderr).toContain('Updated 2 of 6 websites: 2 done, 0 failed, 0 may have been applied, 4 not started\n');
    expect(r.stderr).toContain(`To resume: sitedeck websites update --ids ${ids.slice(2).join(',')} --email enabled\n`);
    expect(putsOf()).toEqual(ids.slice(0, 2).map((id) => `${WEB}/${id}`));
    noStack(r.stderr);
  });

  // bundle: SIGTERM is a signal to a real process (what `timeout` sends)
  it('SIGTERM during list --all: the page out is abandoned, exit 143, "stopped after"', async () => {
    fx.emulator.clearHits();
    fx.emulator.addFault({ method: 'GET', path: WEB, times: 1, fault: { type: 'delay', ms: 0 } });
    fx.emulator.addFault({ method: 'GET', path: WEB, times: 1, fault: { type: 'delay', ms: 1000 } });
    const { child, result } = startCli(['websites', 'list', '--all', '--per-page', '10'], { env: fx.env });
    await waitFor(() => fx.emulator.hits.filter((h) => h.method === 'GET').length >= 2, 'the second page');
    child.kill('SIGTERM');
    const r = await result;
    expect(r.code, r.stderr).toBe(EXIT.terminated);
    expect(r.stderr).toBe(
      'sitedeck: terminated (SIGTERM)\nsitedeck: stopped after 10 of 30 websites (page 1 of 3); the 10 written above are complete records\n',
    );
    expect(r.stdout.trim().split('\n')).toHaveLength(10);
  });

  // bundle: ENOSPC is what a real process's write to /dev/full gets
  it('> /dev/full: exit 11 with the reason in words, for a list and after a bulk update’s summary', async () => {
    const list = await shell(`${CLI} websites list --json > /dev/full`);
    expect(list).toEqual({ code: EXIT.writeFailed, stdout: '', stderr: 'sitedeck: stdout could not be written (ENOSPC: no space left on device)\n' });
    fx.emulator.clearHits();
    const id = fx.emulator.websites()[12].id as number;
    const bulk = await shell(`${CLI} websites update --ids ${id} --email enabled > /dev/full`);
    expect(bulk.code, bulk.stderr).toBe(EXIT.writeFailed);
    expect(bulk.stderr).toContain('Updated 1 of 1 websites: 1 done');
    expect(bulk.stderr).toContain('sitedeck: stdout could not be written (ENOSPC: no space left on device)\n');
    expect(putsOf()).toEqual([`${WEB}/${id}`]);
    noStack(bulk.stderr);
  });
});
