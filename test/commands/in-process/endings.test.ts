// Every ending of a run goes one way (src/commands/ending.ts), whatever the command: endings ×
// commands in-process on the emulator. A signal (Ctrl+C, SIGTERM, SIGHUP) is the seam's signal
// aborted with the ending the entry gives it, while a request is out; a closed reader and a failed
// write are a stdout that throws EPIPE, ENOSPC or EIO. Each row: the ending said once on stderr,
// the command's own summary, its exit code, the exact requests sent, never a stack.
// (The real process, `| head -1`, SIGTERM and /dev/full: ../../bundle/endings.test.ts.)
import { describe, expect, it } from 'vitest';
import type { Ending } from '../../../src/commands/ending';
import { EXIT } from '../../../src/commands/exitCodes';
import { waitFor } from '../../helpers/wait';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

const WEB = '/public/api/v1/websites';
const REP = '/api/v1/reports';

type Row = { name: string; code: number; words: string } & ({ by: 'signal'; reason: Ending } | { by: 'stdout'; errno: string });

const ENDINGS: Row[] = [
  { name: 'Ctrl+C', by: 'signal', reason: { kind: 'interrupted' }, code: EXIT.interrupted, words: 'interrupted' },
  { name: 'SIGTERM', by: 'signal', reason: { kind: 'terminated' }, code: EXIT.terminated, words: 'terminated (SIGTERM)' },
  { name: 'SIGHUP', by: 'signal', reason: { kind: 'hungUp' }, code: EXIT.hungUp, words: 'hung up (SIGHUP: the terminal went away)' },
  { name: 'a closed reader', by: 'stdout', errno: 'EPIPE', code: EXIT.readerGone, words: 'the reader of stdout went away (the pipe was closed)' },
  { name: 'a full disk', by: 'stdout', errno: 'ENOSPC', code: EXIT.writeFailed, words: 'stdout could not be written (ENOSPC: no space left on device)' },
  { name: 'an I/O error', by: 'stdout', errno: 'EIO', code: EXIT.writeFailed, words: 'stdout could not be written (EIO: input/output error)' },
];

interface Case {
  args: (fx: Fixture) => string[];
  /** A signal comes while this request is out (held by the emulator), or as this stdout write is made. */
  signalAt: { request: { method: string; path: string; nth: number } } | { write: number };
  /** The stdout write that fails. */
  failAt: number;
  /** What the command says of itself and sends, given the ending. */
  expect: (fx: Fixture, r: { stdout: string; stderr: string }, row: Row) => void;
}

const websiteIds = (fx: Fixture) => fx.emulator.websites().map((w) => w.id as number);
const hitsOf = (fx: Fixture, method: string, prefix: string) => fx.emulator.hits.filter((h) => h.method === method && h.path.startsWith(prefix));

const COMMANDS: Record<string, Case> = {
  'bulk update': {
    args: (fx) => ['websites', 'update', '--ids', websiteIds(fx).slice(0, 6).join(','), '--email', 'enabled'],
    // The second PUT is out when the signal comes: it is finished, the four after it never sent.
    signalAt: { request: { method: 'PUT', path: WEB, nth: 2 } },
    failAt: 1,
    expect: (fx, r) => {
      const ids = websiteIds(fx).slice(0, 6);
      expect(hitsOf(fx, 'PUT', WEB).map((h) => `${h.path} ${h.status}`)).toEqual(ids.slice(0, 2).map((id) => `${WEB}/${id} 200`));
      expect(r.stderr).toContain('Updated 2 of 6 websites: 2 done, 0 failed, 0 may have been applied, 4 not started\n');
      expect(r.stderr).toContain(`\nTo resume: sitedeck websites update --ids ${ids.slice(2).join(',')} --email enabled\n`);
    },
  },
  'list --all': {
    args: () => ['websites', 'list', '--all', '--per-page', '10'],
    // The second page is out when the signal comes: it is abandoned.
    signalAt: { request: { method: 'GET', path: WEB, nth: 2 } },
    // The second page's lines cannot be written.
    failAt: 1,
    expect: (fx, r, row) => {
      if (row.by === 'signal') {
        expect(r.stderr).toContain('sitedeck: stopped after 10 of 30 websites (page 1 of 3); the 10 written above are complete records\n');
        expect(r.stdout.trim().split('\n')).toHaveLength(10);
      } else {
        // What stdout took is not known to be whole: no promise of complete records.
        expect(r.stderr).toContain('sitedeck: stopped after 20 of 30 websites (page 2 of 3)\n');
      }
      expect(hitsOf(fx, 'GET', WEB)).toHaveLength(2);
    },
  },
  'reports audit': {
    args: () => ['reports', 'audit', '--format', 'json'],
    signalAt: { request: { method: 'GET', path: REP, nth: 2 } },
    // The audit is one document, written once.
    failAt: 0,
    expect: (fx, r, row) => {
      if (row.by === 'signal') {
        expect(r.stderr).toContain('sitedeck: stopped after 100 of 150 reports (page 1 of 2); no audit written\n');
        expect(r.stdout).toBe('');
        expect(hitsOf(fx, 'GET', REP)).toHaveLength(2);
      } else expect(hitsOf(fx, 'GET', REP)).toHaveLength(2);
    },
  },
  'list --watch': {
    args: () => ['websites', 'list', '--watch', '5'],
    // The ending comes as the first refresh is written: the wait for the next ends before it starts.
    signalAt: { write: 0 },
    failAt: 0,
    expect: (fx) => expect(hitsOf(fx, 'GET', WEB)).toHaveLength(1),
  },
};

/** The ending's code as an exit code and its words once, first of what stderr says of it; never a stack. */
function expectEnding(r: { code: number | null; stderr: string }, row: Row) {
  expect(r.code, r.stderr).toBe(row.code);
  expect(r.stderr.split(`sitedeck: ${row.words}\n`), r.stderr).toHaveLength(2);
  expect(r.stderr).not.toMatch(/\n\s+at |unexpected error|Error:/);
}

describe.each(Object.entries(COMMANDS))('%s', (_name, c) => {
  it.each(ENDINGS)('ends on $name: its code, said once, the summary, no request sent twice', async (row) => {
    const fx = await emulatorFixture({ seed: 30, seedReports: 150 });
    try {
      const ctrl = new AbortController();
      const hold = 'request' in c.signalAt && row.by === 'signal' ? c.signalAt.request : undefined;
      if (hold) {
        // The nth such request is held long enough for the signal to come while it is out.
        if (hold.nth > 1)
          fx.emulator.addFault({ method: hold.method, path: new RegExp(`^${hold.path}`), times: hold.nth - 1, fault: { type: 'delay', ms: 0 } });
        fx.emulator.addFault({ method: hold.method, path: new RegExp(`^${hold.path}`), times: 1, fault: { type: 'delay', ms: 1000 } });
      }
      const writeAt = 'write' in c.signalAt ? c.signalAt.write : undefined;
      const run = runCommand(c.args(fx), {
        env: fx.env,
        signal: ctrl.signal,
        beforeWrite: (stream, _text, n) => {
          if (stream !== 'stdout') return;
          if (row.by === 'stdout' && n === c.failAt) throw Object.assign(new Error(`write ${row.errno}`), { code: row.errno });
          if (row.by === 'signal' && n === writeAt) ctrl.abort(row.reason);
        },
      });
      if (hold) {
        await waitFor(() => fx.emulator.hits.filter((h) => h.method === hold.method && h.path.startsWith(hold.path)).length >= hold.nth, 'the request');
        ctrl.abort(row.by === 'signal' ? row.reason : undefined);
      }
      const r = await run;
      expectEnding(r, row);
      c.expect(fx, r, row);
    } finally {
      await fx.cleanup();
    }
  });
});

describe('an ending with nowhere to say it', () => {
  it('stdout full and stderr closed: exit 11 all the same, nothing thrown', async () => {
    const fx = await emulatorFixture({ seed: 3 });
    try {
      const r = await runCommand(['websites', 'list', '--json'], {
        env: fx.env,
        beforeWrite: (stream) => {
          throw Object.assign(new Error('write'), { code: stream === 'stdout' ? 'ENOSPC' : 'EPIPE' });
        },
      });
      expect(r).toEqual({ code: EXIT.writeFailed, stdout: '', stderr: '' });
    } finally {
      await fx.cleanup();
    }
  });
});
