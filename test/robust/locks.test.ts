// files/lock.ts: the lock beside a state file is looked at only as sitedeck makes it. Something else
// planted at its name (a FIFO, a link to /dev/zero, a directory, another user's file) is refused at
// once in words naming it, and left exactly as it was; a lock whose holder is gone is taken over,
// even when a new process has the holder's pid (this one, as in a container); a live holder is
// waited on for the timeout and no longer, and an aborted signal ends the wait at once. The planted
// kinds run in a child process (fixtures/lockProbe.ts): a read of a FIFO would hang the test itself.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chownSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, symlinkSync, writeFileSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { updateFile, updateFileSync } from '../../src/files';
import { startOf } from '../../src/files/processId';
import { removeDir } from '../helpers/dirs';

const ROOT = resolve(__dirname, '../..');
const PROBE = join(__dirname, 'fixtures', 'lockProbe.ts');
/** Not a wait: only a probe that never answers (the lock read hangs) is ended here, and fails. */
const PROBE_BOUND_MS = 20_000;

interface Try {
  form: 'sync' | 'async';
  ok: boolean;
  kind?: string;
  message?: string;
  ms: number;
}

/** Runs the probe on `file`: both tries' outcomes, each willing to wait 60 s for the lock. */
function probe(file: string): Promise<Try[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', PROBE, file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const bound = setTimeout(() => child.kill('SIGKILL'), PROBE_BOUND_MS);
  return new Promise((res, rej) =>
    child.on('close', (code, signal) => {
      clearTimeout(bound);
      if (code !== 0) rej(new Error(`the probe of ${file} never finished (${signal ?? code}): ${out}${err}`));
      else
        res(
          out
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l) as Try),
        );
    }),
  );
}

/** A process that stays alive until killed, and its pid. */
function liveProcess(): ChildProcess & { pid: number } {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  children.push(child);
  return child as ChildProcess & { pid: number };
}

/** The pid of a process that has ended, and the start it had. */
async function deadProcess(): Promise<{ pid: number; start: string }> {
  const child = liveProcess();
  const start = startOf(child.pid)!;
  const ended = new Promise((r) => child.on('exit', r));
  child.kill('SIGKILL');
  await ended;
  return { pid: child.pid, start };
}

/** What must not change of a planted thing. */
const shape = (st: Stats) => ({ ino: st.ino, mode: st.mode, uid: st.uid, size: st.size, mtimeMs: st.mtimeMs });

let dir: string;
let file: string;
let lock: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitedeck-locks-'));
  file = join(dir, 'config.json');
  lock = `${file}.lock`;
  writeFileSync(file, 'as it was', { mode: 0o600 });
});
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  removeDir(dir);
});

describe('something planted at a lock’s name', () => {
  const planted: Record<string, { plant: () => Promise<void> | void; kind: string; words: () => string; untouched: () => void }> = {
    'a FIFO': {
      plant: () => void execFileSync('mkfifo', ['-m', '600', lock]),
      kind: 'notRegular',
      words: () => `${lock} is a FIFO, not a lock file`,
      untouched: () => expect(lstatSync(lock).isFIFO()).toBe(true),
    },
    'a symbolic link to /dev/zero': {
      plant: () => symlinkSync('/dev/zero', lock),
      kind: 'notRegular',
      words: () => `${lock} is a symbolic link, not a lock file`,
      untouched: () => expect(readlinkSync(lock)).toBe('/dev/zero'),
    },
    'a directory': {
      plant: () => {
        mkdirSync(lock);
        writeFileSync(join(lock, 'inside'), 'kept');
      },
      kind: 'notRegular',
      words: () => `${lock} is a directory, not a lock file`,
      untouched: () => expect(readdirSync(lock)).toEqual(['inside']),
    },
    'another user’s file naming a dead process': {
      plant: async () => {
        // Its holder is gone: were it read as ours, it would be taken over and removed.
        const dead = await deadProcess();
        writeFileSync(lock, `${dead.pid} ${dead.start}\n`, { mode: 0o600 });
        chownSync(lock, 12345, 12345);
      },
      kind: 'notOurs',
      words: () => `${lock} is owned by another user (uid 12345), not this user's lock`,
      untouched: () => expect(lstatSync(lock).uid).toBe(12345),
    },
  };

  for (const [name, t] of Object.entries(planted)) {
    it(`${name}: refused at once by both forms, in words naming it; left as it was`, async () => {
      await t.plant();
      const before = shape(lstatSync(lock));
      const tries = await probe(file);
      expect(tries.map((x) => x.form)).toEqual(['sync', 'async']);
      for (const x of tries) {
        // Refused, not timed out: each try would have waited 60 s for a lock held by another process.
        expect(x, JSON.stringify(x)).toMatchObject({ ok: false, kind: t.kind });
        expect(x.message).toContain(t.words());
        expect(x.message).toContain('sitedeck neither waits on it nor removes it, and nothing was changed');
        expect(x.message).toContain(`rm ${lock}`);
      }
      t.untouched();
      expect(shape(lstatSync(lock))).toEqual(before);
      expect(readFileSync(file, 'utf8')).toBe('as it was');
      expect(readdirSync(dir).sort()).toEqual(['config.json', 'config.json.lock']);
    });
  }
});

describe('a lock whose holder is gone is taken over at once', () => {
  // timeoutMs 0: a lock that is waited on at all fails the update.
  const NO_WAIT = { timeoutMs: 0 };

  it('left by a dead process with this process’s pid (another start): taken over, by both forms', async () => {
    writeFileSync(lock, `${process.pid} p00000000-1\n`, { mode: 0o600 });
    expect(updateFileSync(file, () => 'sync', NO_WAIT)).toBe('sync');
    writeFileSync(lock, `${process.pid} p00000000-1\n`, { mode: 0o600 });
    expect(await updateFile(file, () => 'async', NO_WAIT)).toBe('async');
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('left by an older sitedeck with this process’s pid ("pid time"): taken over', () => {
    writeFileSync(lock, `${process.pid} ${Date.now()}\n`, { mode: 0o600 });
    expect(updateFileSync(file, () => 'new', NO_WAIT)).toBe('new');
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('naming a live process that started after the holder (the pid taken again): taken over', () => {
    const other = liveProcess();
    const [boot] = startOf(process.pid)!.slice(1).split('-');
    writeFileSync(lock, `${other.pid} p${boot}-1\n`, { mode: 0o600 });
    expect(updateFileSync(file, () => 'new', NO_WAIT)).toBe('new');
  });

  it('left by a dead process with another pid: taken over', async () => {
    const dead = await deadProcess();
    writeFileSync(lock, `${dead.pid} ${dead.start}\n`, { mode: 0o600 });
    expect(updateFileSync(file, () => 'new', NO_WAIT)).toBe('new');
  });
});

describe('a lock held by a live process', () => {
  let held: string;
  beforeEach(() => {
    const other = liveProcess();
    held = `${other.pid} ${startOf(other.pid)!}\n`;
    writeFileSync(lock, held, { mode: 0o600 });
  });

  it('is waited on for the timeout, then refused in words naming the holder; nothing changed', async () => {
    const pid = held.split(' ')[0];
    const words = `${file} is being changed by another sitedeck process (process ${pid} holds lock ${lock}, waited 0.1 s); nothing was changed, try again`;
    expect(() => updateFileSync(file, () => 'new', { timeoutMs: 100 })).toThrow(words);
    await expect(updateFile(file, () => 'new', { timeoutMs: 100 })).rejects.toThrow(words);
    expect(readFileSync(lock, 'utf8')).toBe(held);
    expect(readFileSync(file, 'utf8')).toBe('as it was');
  });

  it('an aborted signal ends the wait at once (a 60 s timeout), before and during it', async () => {
    const stopped = { kind: 'stopped', message: `${file} was not changed: stopped while waiting for another sitedeck process's lock ${lock}` };
    await expect(updateFile(file, () => 'new', { timeoutMs: 60_000, signal: AbortSignal.abort() })).rejects.toMatchObject(stopped);
    const ctrlC = new AbortController();
    const waiting = updateFile(file, () => 'new', { timeoutMs: 60_000, signal: ctrlC.signal });
    setTimeout(() => ctrlC.abort(), 50);
    await expect(waiting).rejects.toMatchObject(stopped);
    expect(readFileSync(lock, 'utf8')).toBe(held);
    expect(readFileSync(file, 'utf8')).toBe('as it was');
  }, 20_000);
});
