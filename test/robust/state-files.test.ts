// Several sitedeck processes changing one state file at once keep every change, and a writer
// killed (SIGKILL) at any step of an update leaves a valid file and no lock that blocks the next
// one. Real child processes: a small script run through tsx (the bundle's own races:
// ../bundle/state-races.test.ts); a single `config set` runs in-process.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from '../commands/inProcess';
import { removeDir } from '../helpers/dirs';
import { stateDbIn, storedPace } from '../helpers/stateDb';

const ROOT = resolve(__dirname, '../..');
const WRITER = join(__dirname, 'fixtures', 'stateWriter.ts');

interface Child {
  code: Promise<number | null>;
  stderr: () => string;
  kill: () => void;
  waitErr: (text: string) => Promise<void>;
}

function writer(args: string[], env: Record<string, string> = {}): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  const waiters: (() => void)[] = [];
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    err += d;
    for (const w of waiters.splice(0)) w();
  });
  child.stdout.resume();
  const code = new Promise<number | null>((res) => child.on('close', (c) => res(c)));
  return {
    code,
    stderr: () => err,
    kill: () => child.kill('SIGKILL'),
    waitErr: async (text) => {
      while (!err.includes(text)) {
        const more = new Promise<void>((res) => waiters.push(res));
        const ended = code.then(() => {
          throw new Error(`writer ended before "${text}": ${err}`);
        });
        await Promise.race([more, ended]);
      }
    },
  };
}

const all = async (children: Child[]) => {
  const codes = await Promise.all(children.map((c) => c.code));
  children.forEach((c, i) => expect(codes[i], c.stderr()).toBe(0));
};

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sitedeck-state-'));
});
afterEach(() => removeDir(root));

describe('processes racing on one state file', () => {
  it('a config rewrite keeps top-level keys sitedeck does not know', async () => {
    const env = { HOME: root, SITEDECK_CONFIG_DIR: join(root, 'sd') };
    expect((await runCommand(['config', 'set', 'base_url', 'https://a.example'], { env })).code).toBe(0);
    const path = join(root, 'sd', 'config.json');
    writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), editor_note: { keep: true } }), { mode: 0o600 });
    expect((await runCommand(['config', 'set', 'base_url', 'https://b.example'], { env })).code).toBe(0);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ editor_note: { keep: true }, profiles: { default: { base_url: 'https://b.example' } } });
  });

  it('an existing SITEDECK_CONFIG_DIR is not chmod-ed; the file in it is 0600', async () => {
    const dir = join(root, 'shared');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    const r = await runCommand(['config', 'set', 'base_url', 'https://a.example'], { env: { HOME: root, SITEDECK_CONFIG_DIR: dir } });
    expect(r.code, r.stderr).toBe(0);
    expect(statSync(dir).mode & 0o777).toBe(0o755);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('8 decks saving different views of one profile at once: all 8 kept', async () => {
    const path = join(root, 'sd', 'config.json');
    await all(Array.from({ length: 8 }, (_, i) => writer(['view', path, 'work', `v${i}`])));
    const file = JSON.parse(readFileSync(path, 'utf8')) as { profiles: { work: { views: Record<string, unknown> } } };
    expect(Object.keys(file.profiles.work.views).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `v${i}`).sort());
  });

  it('6 processes each changing the pacer state 25 times in the state database: 150 changes counted', async () => {
    const dir = join(root, 'pace');
    mkdirSync(dir, { mode: 0o700 });
    await all(Array.from({ length: 6 }, () => writer(['pace', dir, 'https://seo.example', '25'])));
    expect(storedPace<{ count: number }>(join(dir, 'state.sqlite'), 'https://seo.example')?.count).toBe(150);
  });

  it('the pacer state held by a live process that never lets go: paces in-process with a warning in words, no failure', async () => {
    const dir = join(root, 'pace');
    mkdirSync(dir, { mode: 0o700 });
    await all([writer(['pace', dir, 'https://seo.example', '1'])]);
    // This test process holds the write lock of the database for the whole run of the writer.
    const db = stateDbIn(dir);
    db.db.exec('BEGIN IMMEDIATE');
    try {
      const blocked = writer(['pace', dir, 'https://seo.example', '3']);
      expect(await blocked.code, blocked.stderr()).toBe(0);
      expect(blocked.stderr()).toContain('is being changed by another sitedeck process');
      expect(blocked.stderr()).toContain('pacing this process alone');
      // Said once.
      expect(blocked.stderr().split('pacing this process alone')).toHaveLength(2);
    } finally {
      db.db.exec('ROLLBACK');
    }
    // The database was left as it was.
    expect(storedPace<{ count: number }>(join(dir, 'state.sqlite'), 'https://seo.example')?.count).toBe(1);
  });

  it('a writer killed (SIGKILL) inside its transaction loses nothing committed and blocks nobody', async () => {
    const dir = join(root, 'pace');
    mkdirSync(dir, { mode: 0o700 });
    await all([writer(['pace', dir, 'https://seo.example', '5'])]);
    const killed = writer(['pace', dir, 'https://seo.example', '5'], { SITEDECK_TEST_PAUSE_IN_WRITE: '1' });
    await killed.waitErr('sitedeck:paused:in-write');
    killed.kill();
    await killed.code;
    await all([writer(['pace', dir, 'https://seo.example', '2'])]);
    // The 5 answered before, the 2 after; nothing of the killed one's open transaction.
    expect(storedPace<{ count: number }>(join(dir, 'state.sqlite'), 'https://seo.example')?.count).toBe(7);
  });

  it('3 decks keeping different pages in one warm-start cache at once: all 3 kept', async () => {
    const dir = join(root, 'cache');
    const path = join(dir, 'deck.json');
    await all([1, 2, 3].map((n) => writer(['cache', path, dir, String(n)])));
    const file = JSON.parse(readFileSync(path, 'utf8')) as { tabs: { websites: { query: string }[] } };
    expect(file.tabs.websites.map((e) => e.query).sort()).toEqual(['q1', 'q2', 'q3']);
  });
});

describe('a writer killed with SIGKILL in the middle of an update', () => {
  for (const step of ['locked', 'written', 'renamed'] as const) {
    it(`killed once ${step}: the file is the old or the new one, and the next writer is not blocked`, async () => {
      const file = join(root, 'state.json');
      writeFileSync(file, JSON.stringify({ before: 1 }), { mode: 0o600 });
      const victim = writer(['entry', file, 'killed'], { SITEDECK_TEST_PAUSE_AT: step });
      await victim.waitErr(`sitedeck:paused:${step}`);
      victim.kill();
      await victim.code;
      const after = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      expect(after.before).toBe(1);
      expect(Object.keys(after).sort()).toEqual(step === 'renamed' ? ['before', 'killed'] : ['before']);
      // Its lock is still there: the next writer takes it over (the holder's pid is gone).
      expect(existsSync(`${file}.lock`)).toBe(true);
      await all([writer(['entry', file, 'next'])]);
      expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)).toContain('next');
      expect(existsSync(`${file}.lock`)).toBe(false);
    });
  }
});
