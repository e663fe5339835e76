// files/replace.ts and files/sweep.ts: a temporary file has an unpredictable name that says who
// wrote it (`<file>.<pid>.<start>.<random>.tmp`), made exclusively and 0600. One a dead sitedeck
// writer of this user left (killed between write and rename) is removed before the next write of
// the file, also when a new process has the dead one's pid (this one, as in a container); anything
// else at such a name (a link, another user's file, a live writer's file, a name of another form)
// is left as it was, and the sweep names it.
import { spawn } from 'node:child_process';
import { chownSync, lstatSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, utimesSync, writeFileSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceFile, sweepTempFilesSync, updateFile, updateFileSync } from '../../src/files';
import { me, startOf } from '../../src/files/processId';
import { removeDir } from '../helpers/dirs';

const ROOT = resolve(__dirname, '../..');
const WRITER = join(__dirname, 'fixtures', 'stateWriter.ts');

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitedeck-temps-'));
  file = join(dir, 'config.json');
  writeFileSync(file, 'as it was', { mode: 0o600 });
});
afterEach(() => removeDir(dir));

const RANDOM = '0123456789abcdef';
const temp = (pid: number, start: string) => `${file}.${pid}.${start}.${RANDOM}.tmp`;

/** The pid of a process that has ended, and the start it had. */
async function deadProcess(): Promise<{ pid: number; start: string }> {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  const start = startOf(child.pid!)!;
  const ended = new Promise((r) => child.on('exit', r));
  child.kill('SIGKILL');
  await ended;
  return { pid: child.pid!, start };
}

/** What a write left beside the file (its temporary files). */
const temps = () => readdirSync(dir).filter((n) => n.endsWith('.tmp'));

describe('temporary files dead writers left', () => {
  /** What a writer killed before its rename leaves: the new text (here a key) in a file of its own. */
  async function leftovers(): Promise<string[]> {
    const dead = await deadProcess();
    const hourAgo = new Date(Date.now() - 3_600_000);
    const names = [
      // This process's pid, another start: the run before this one in a container.
      temp(process.pid, 'p00000000-1'),
      // A writer that has ended.
      temp(dead.pid, dead.start),
      // An older sitedeck's name (no start), an hour old: `config set-key` killed mid-write.
      `${file}.${process.pid}.1.tmp`,
    ];
    for (const n of names) {
      writeFileSync(n, '{"api_key":"sd_key_left"}', { mode: 0o600 });
      utimesSync(n, hourAgo, hourAgo);
    }
    return names;
  }

  it('are removed before the next write of the file, by both forms, and the write goes through', async () => {
    await leftovers();
    expect(updateFileSync(file, () => 'sync')).toBe('sync');
    expect(temps()).toEqual([]);
    await leftovers();
    expect(await updateFile(file, () => 'async')).toBe('async');
    expect(temps()).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe('async');
  });

  it('one a real writer killed (SIGKILL) between write and rename left: removed by the next write', async () => {
    writeFileSync(file, '{}', { mode: 0o600 });
    const victim = spawn(process.execPath, ['--import', 'tsx', WRITER, 'entry', file, 'killed'], {
      cwd: ROOT,
      env: { ...process.env, SITEDECK_TEST_PAUSE_AT: 'written' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    await new Promise<void>((res, rej) => {
      victim.stderr.setEncoding('utf8').on('data', (d: string) => (err += d).includes('sitedeck:paused:written') && res());
      victim.on('close', () => rej(new Error(`the writer ended before its rename: ${err}`)));
    });
    const ended = new Promise((r) => victim.on('close', r));
    victim.kill('SIGKILL');
    await ended;
    expect(temps()).toEqual([expect.stringMatching(new RegExp(`^config\\.json\\.${victim.pid}\\.p[0-9a-f]{8}-\\d+\\.[0-9a-f]{16}\\.tmp$`))]);
    // Its lock goes too (its holder is gone); the write goes through.
    expect(updateFileSync(file, () => '{"next":1}')).toBe('{"next":1}');
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('the sweep says what it removed', async () => {
    const names = await leftovers();
    expect(sweepTempFilesSync(file)).toEqual({ removed: expect.arrayContaining(names) as string[], leftAlone: [] });
  });
});

describe('anything else at a temporary file’s name', () => {
  const shape = (st: Stats) => ({ ino: st.ino, mode: st.mode, uid: st.uid, size: st.size, mtimeMs: st.mtimeMs });

  it('is left as it was by a write and named by the sweep, its target untouched', async () => {
    const dead = await deadProcess();
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'precious');
    const link = temp(dead.pid, dead.start);
    symlinkSync(victim, link);
    const foreign = temp(process.pid, 'p00000000-2');
    writeFileSync(foreign, 'theirs', { mode: 0o600 });
    chownSync(foreign, 12345, 12345);
    const live = temp(process.pid, me().start);
    writeFileSync(live, 'being written', { mode: 0o600 });
    const recent = `${file}.${process.pid}.7.tmp`;
    writeFileSync(recent, 'an older sitedeck writing now', { mode: 0o600 });
    const other = `${file}.backup.tmp`;
    writeFileSync(other, 'the user’s', { mode: 0o600 });
    const all = [link, foreign, live, recent, other];
    const before = all.map((p) => shape(lstatSync(p)));

    await replaceFile(file, 'new');
    expect(updateFileSync(file, () => 'newer')).toBe('newer');
    expect(all.map((p) => shape(lstatSync(p)))).toEqual(before);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(readFileSync(file, 'utf8')).toBe('newer');

    expect(sweepTempFilesSync(file)).toEqual({
      removed: [],
      leftAlone: expect.arrayContaining([
        { path: link, why: 'not a regular file' },
        { path: foreign, why: 'owned by another user (uid 12345)' },
        { path: live, why: `its writer (process ${process.pid}) is running` },
        { path: recent, why: 'written less than 10 minutes ago' },
      ]) as unknown[],
    });
    expect(sweepTempFilesSync(file).leftAlone).toHaveLength(4);
  });
});

describe('a temporary file’s name', () => {
  it('is new each time, names its writer, and is made 0600', async () => {
    const seen: { name: string; mode: number }[] = [];
    const look = () => {
      const [name] = temps();
      seen.push({ name, mode: lstatSync(join(dir, name)).mode & 0o777 });
    };
    await replaceFile(file, 'one', { beforeRename: look });
    await replaceFile(file, 'two', { beforeRename: look });
    const form = new RegExp(`^config\\.json\\.${process.pid}\\.${me().start}\\.[0-9a-f]{16}\\.tmp$`);
    for (const s of seen) expect(s).toEqual({ name: expect.stringMatching(form) as string, mode: 0o600 });
    expect(seen[0].name).not.toBe(seen[1].name);
    expect(temps()).toEqual([]);
  });
});
