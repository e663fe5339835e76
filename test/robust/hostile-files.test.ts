// Every row of the table of local files (src/files/table.ts) × every hostile thing a local user can
// plant there: a FIFO, a link to a device, a directory, a link elsewhere, another user's file, a
// folder others can write, a huge sparse file, a dead writer's temporary file, a lock left by a
// dead run with our pid. Each case is planted in a fresh HOME, then what touches the row runs (the
// scenario of its id: a new row fails to compile until it has one) in a child process, so a case
// that hangs is killed and named instead of hanging the test. Each ends with the exit code its
// scenario says, the words name the planted path wherever it is refused or said, and the planted
// thing is as it was (inode, mode, owner, size, a link's target), nothing written through a link;
// or, where the table says it goes (a dead writer's temporary file, a dead run's lock), it is gone.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  ftruncateSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheDirFrom } from '../../src/cache/dir';
import { startOf } from '../../src/files/processId';
import { LOCAL_FILES, type LocalFile, type LocalFileId, type Places } from '../../src/files/table';
import { AUDIT_ARGS } from '../commands/auditOutputFixture';
import { baseEnv, emulatorFixture, type Fixture } from '../commands/helpers';
import { runCommand } from '../commands/inProcess';
import { removeDir } from '../helpers/dirs';
import type { CaseRun, Step, StepResult } from './fixtures/hostileRun';

const ROOT = resolve(__dirname, '../..');
const RUNNER = join(__dirname, 'fixtures', 'hostileRun.ts');
/** Not a wait: a case that never ends is killed after this and fails, naming itself. */
const CASE_BOUND_MS = 30_000;

const KINDS = ['fifo', 'deviceLink', 'directory', 'linkElsewhere', 'otherUid', 'openFolder', 'sparse', 'staleTemp', 'deadLock'] as const;
type Kind = (typeof KINDS)[number];
const KIND_NAMES: Record<Kind, string> = {
  fifo: 'a FIFO',
  deviceLink: 'a link to /dev/zero',
  directory: 'a directory',
  linkElsewhere: 'a link to a file of another folder',
  otherUid: 'another user’s file',
  openFolder: 'a folder others can write',
  sparse: 'a 2 GB sparse file',
  staleTemp: 'a dead writer’s temporary file',
  deadLock: 'a lock of a dead run with our pid',
};

/**
 * What a case meets: the exit code of every step; whether the words name the planted path (a
 * refusal, or the one warning of a command that goes on without it); what becomes of the planted
 * thing (as it was; gone where the table says a dead writer's leftover goes; replaced where it is
 * the document the user asked to replace).
 */
interface Meets {
  /** One for every step, or each step's. */
  code: number | readonly number[];
  names: boolean;
  after: 'untouched' | 'removed' | 'replaced';
}
/** A sitemap of one page, for the sitemap file's row. */
const SITEMAP = '<?xml version="1.0"?><urlset><url><loc>https://hostile.example/</loc></url></urlset>\n';
const refused: Meets = { code: 2, names: true, after: 'untouched' };
const withoutIt: Meets = { code: 0, names: true, after: 'untouched' };
const goesOn: Meets = { code: 0, names: false, after: 'untouched' };
const swept: Meets = { code: 0, names: false, after: 'removed' };

/** A case's folders: HOME, and where the row's paths are in it. */
interface Ctx {
  home: string;
  places: Places;
  env: Record<string, string>;
}

interface Scenario {
  /** Where the row is in this case's HOME (the table's first path when it has one). */
  at?: (c: Ctx) => string;
  /** What a regular file of the row holds where a kind needs one (another user's, one in an open folder). */
  content?: string;
  /** What the file a link elsewhere leads to holds (else a line that is no row's format). */
  linkTo?: string;
  /** What touches the row. */
  steps: (c: Ctx, at: string) => Step[];
  /** What each kind meets, or why it cannot apply to this row. */
  meets: Record<Kind, Meets | string>;
}

const NO_TEMP_IN_FOLDER = 'a temporary file is made beside a file, never at a folder’s name';
const NO_LOCK_ON_FOLDER = 'a folder is never locked';
const A_FOLDER = 'a folder is what belongs at a folder’s name (the folder kinds are the link, the owner and the open mode)';

const configSteps = (): Step[] => [{ command: ['config', 'set', 'theme', 'dark'] }, { command: ['config', 'show'] }];
const stateSteps = (): Step[] => [{ command: ['websites', 'list'] }, { command: ['reports', 'list'] }];

const SCENARIOS: Record<LocalFileId, Scenario> = {
  configFolder: {
    steps: configSteps,
    meets: {
      fifo: refused,
      deviceLink: refused,
      directory: A_FOLDER,
      // Followed on purpose (the row: a dotfile manager links it); the config file in it is checked as the file.
      linkElsewhere: goesOn,
      // Root's and another user's config folder are read; a config file holding a key there is refused (src/config/trust.ts).
      otherUid: goesOn,
      openFolder: goesOn,
      sparse: refused,
      staleTemp: NO_TEMP_IN_FOLDER,
      deadLock: NO_LOCK_ON_FOLDER,
    },
  },
  config: {
    content: '{"profiles":{}}\n',
    linkTo: '{"profiles":{}}\n',
    steps: configSteps,
    meets: {
      fifo: refused,
      deviceLink: refused,
      directory: refused,
      // Followed on purpose (a dotfile manager's link): changed where it leads, the link kept.
      linkElsewhere: goesOn,
      // Read, never replaced: config set refuses it in words, config show shows it.
      otherUid: { code: [2, 0], names: true, after: 'untouched' },
      openFolder: goesOn,
      sparse: refused,
      staleTemp: swept,
      deadLock: swept,
    },
  },
  lock: {
    steps: () => [{ command: ['config', 'set', 'theme', 'dark'] }],
    meets: {
      fifo: refused,
      deviceLink: refused,
      directory: refused,
      linkElsewhere: refused,
      otherUid: refused,
      openFolder: goesOn,
      sparse: refused,
      staleTemp: 'a lock is made in place (O_EXCL), never through a temporary file',
      deadLock: swept,
    },
  },
  temporary: {
    // A temporary file's name of config.json, as a writer that is gone would have left it.
    at: (c) => join(c.places.configDir, `config.json.${DEAD.pid}.${DEAD.start}.0123456789abcdef.tmp`),
    content: '{"profiles":{}}\n',
    steps: () => [{ command: ['config', 'set', 'theme', 'dark'] }],
    meets: {
      fifo: goesOn,
      deviceLink: goesOn,
      directory: goesOn,
      linkElsewhere: goesOn,
      otherUid: goesOn,
      openFolder: 'the folder a temporary file is made in is its file’s (config × a folder others can write)',
      // A regular file of ours at a dead writer's name, however large: what it left, swept.
      sparse: swept,
      staleTemp: swept,
      deadLock: 'a temporary file is never locked',
    },
  },
  stateFolder: {
    steps: stateSteps,
    meets: {
      fifo: withoutIt,
      deviceLink: withoutIt,
      directory: A_FOLDER,
      linkElsewhere: withoutIt,
      otherUid: withoutIt,
      openFolder: withoutIt,
      sparse: withoutIt,
      staleTemp: NO_TEMP_IN_FOLDER,
      deadLock: NO_LOCK_ON_FOLDER,
    },
  },
  database: {
    content: '',
    steps: stateSteps,
    meets: {
      fifo: withoutIt,
      deviceLink: withoutIt,
      directory: withoutIt,
      linkElsewhere: withoutIt,
      otherUid: withoutIt,
      openFolder: withoutIt,
      sparse: withoutIt,
      staleTemp: 'SQLite changes the database in place through its own journal (-wal): no temporary file',
      deadLock: 'SQLite’s locks are on the database itself and go with their process: no lock file',
    },
  },
  oldState: {
    content: '{"not":"a history"}\n',
    steps: () => [{ command: ['reports', 'list'] }],
    meets: {
      fifo: withoutIt,
      deviceLink: withoutIt,
      directory: withoutIt,
      linkElsewhere: withoutIt,
      otherUid: withoutIt,
      openFolder: withoutIt,
      sparse: withoutIt,
      staleTemp: 'an old state file is read once and removed, never written',
      deadLock: 'an old state file is read in the database’s transaction, without a lock file',
    },
  },
  cacheFolder: {
    steps: () => [{ call: 'deckCache' }],
    meets: {
      fifo: withoutIt,
      deviceLink: withoutIt,
      directory: A_FOLDER,
      linkElsewhere: withoutIt,
      otherUid: withoutIt,
      openFolder: withoutIt,
      sparse: withoutIt,
      staleTemp: NO_TEMP_IN_FOLDER,
      deadLock: NO_LOCK_ON_FOLDER,
    },
  },
  deckCache: {
    content: '{"not":"a cache"}\n',
    steps: () => [{ call: 'deckCache' }],
    meets: {
      fifo: withoutIt,
      deviceLink: withoutIt,
      directory: withoutIt,
      linkElsewhere: withoutIt,
      otherUid: withoutIt,
      openFolder: withoutIt,
      sparse: withoutIt,
      staleTemp: swept,
      deadLock: swept,
    },
  },
  compiledFolder: {
    steps: () => [{ call: 'compiledFolder' }],
    meets: {
      fifo: withoutIt,
      deviceLink: withoutIt,
      directory: A_FOLDER,
      linkElsewhere: withoutIt,
      otherUid: withoutIt,
      openFolder: withoutIt,
      sparse: withoutIt,
      staleTemp: NO_TEMP_IN_FOLDER,
      deadLock: NO_LOCK_ON_FOLDER,
    },
  },
  auditOutput: {
    at: (c) => join(c.home, 'out', 'audit.json'),
    content: '{"an":"older audit"}\n',
    steps: (_c, at) => [{ command: [...AUDIT_ARGS, '--output', at] }],
    meets: {
      fifo: refused,
      deviceLink: refused,
      directory: refused,
      linkElsewhere: refused,
      // A regular file at the name is the document the user asked to replace, whoever owns it (as `>` would).
      otherUid: { code: 0, names: false, after: 'replaced' },
      openFolder: goesOn,
      sparse: { code: 0, names: false, after: 'replaced' },
      staleTemp: swept,
      deadLock: '--output is written by this command alone, without a lock',
    },
  },
  editorFile: {
    // The editor plants the thing at the file it was given ($1); the file is read back, then its folder removed.
    at: (c) => join(c.home, 'editor'),
    steps: (_c, at) => [{ call: 'editor', script: readFileSync(at, 'utf8') }],
    meets: {
      fifo: refused,
      deviceLink: refused,
      directory: refused,
      linkElsewhere: refused,
      otherUid: refused,
      openFolder: 'made in a new folder of its own (mkdtemp, 0700): nothing but the editor is in it',
      sparse: refused,
      staleTemp: 'made in a new folder of its own (mkdtemp): nothing is beside it before',
      deadLock: 'never locked: only the editor it was made for writes it',
    },
  },
  emulatorData: {
    at: (c) => join(c.home, 'data', 'emulator.json'),
    content: '{"version":1,"websites":[],"reports":[]}\n',
    steps: (_c, at) => [{ call: 'emulatorData', path: at }],
    meets: {
      fifo: refused,
      deviceLink: refused,
      directory: refused,
      linkElsewhere: refused,
      otherUid: goesOn,
      openFolder: goesOn,
      sparse: refused,
      staleTemp: 'the emulator writes its data only after a change, and a start changes nothing',
      deadLock: 'the emulator writes its data without a lock (one emulator a file)',
    },
  },
  sitemapFile: {
    at: (c) => join(c.home, 'site', 'sitemap.xml'),
    content: SITEMAP,
    linkTo: SITEMAP,
    steps: (_c, at) => [{ command: ['reports', 'cover', at, '--dry-run'] }],
    meets: {
      fifo: refused,
      deviceLink: refused,
      directory: refused,
      // Only read: a link is followed, as `cat` would, and anyone's readable sitemap is read.
      linkElsewhere: goesOn,
      otherUid: goesOn,
      openFolder: goesOn,
      sparse: refused,
      staleTemp: 'a sitemap file is only read: sitedeck never writes beside it',
      deadLock: 'a sitemap file is only read, never locked',
    },
  },
};

/** A writer that is gone: a process that ran and ended, with the start it had. */
let DEAD: { pid: number; start: string };

async function deadProcess(): Promise<{ pid: number; start: string }> {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  const start = startOf(child.pid!)!;
  const ended = new Promise((r) => child.on('exit', r));
  child.kill('SIGKILL');
  await ended;
  return { pid: child.pid!, start };
}

interface Planted {
  row: LocalFile;
  kind: Kind;
  meets: Meets;
  /** The thing planted (a folder for 'openFolder', the temporary file or lock for those kinds). */
  thing: string;
  /** The path words must name. */
  named: string;
  before?: Shape;
  /** A link's target, whose content must not change (nothing written through the link). */
  target?: { path: string; text: string; names: string[] };
  run: CaseRun;
}

interface Shape {
  ino: number;
  mode: number;
  uid: number;
  size?: number;
  link?: string;
}
const shapeOf = (path: string): Shape => {
  const st: Stats = lstatSync(path);
  return {
    ino: st.ino,
    mode: st.mode,
    uid: st.uid,
    ...(st.isDirectory() ? {} : { size: st.size }),
    ...(st.isSymbolicLink() ? { link: readlinkSync(path) } : {}),
  };
};

const OTHER_UID = 12345;
const TWO_GB = 2 * 1024 ** 3;

/** Plants `kind` for `row` in a fresh HOME; returns the case. */
function plant(row: LocalFile, s: Scenario, kind: Kind, meets: Meets, base: Record<string, string>): Planted {
  const home = mkdtempSync(join(tmpdir(), `sitedeck-hostile-${row.id}-${kind}-`));
  const env = {
    ...baseEnv(base),
    HOME: home,
    SITEDECK_CONFIG_DIR: join(home, 'config', 'sitedeck'),
    XDG_STATE_HOME: join(home, 'state'),
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_RUNTIME_DIR: join(home, 'runtime'),
  };
  const places: Places = {
    configDir: env.SITEDECK_CONFIG_DIR,
    stateDir: join(env.XDG_STATE_HOME, 'sitedeck'),
    cacheDir: cacheDirFrom(env),
    env,
    profile: 'default',
  };
  const ctx: Ctx = { home, places, env };
  const at = s.at?.(ctx) ?? row.paths(places)[0];
  const folderRow = row.kind === 'folder';
  // The folders above it are the user's own (0700), so only what is planted is wrong.
  mkdirSync(dirname(at), { recursive: true, mode: 0o700 });
  const elsewhere = join(home, 'elsewhere');
  mkdirSync(elsewhere, { mode: 0o700 });
  const linkTo = s.linkTo ?? 'elsewhere\n';
  writeFileSync(join(elsewhere, 'target'), linkTo, { mode: 0o600 });
  let thing = at;
  let target: Planted['target'];
  // Editor row: the thing is planted by the editor, at the file it is given.
  const where = row.id === 'editorFile' ? '"$1"' : undefined;
  const sh = (script: string) => (where ? writeFileSync(at, `rm -f "$1"; ${script}`) : execFileSync('sh', ['-c', script, 'plant', at]));
  const regular = (path: string, text = s.content ?? '') => writeFileSync(path, text, { mode: 0o600 });
  switch (kind) {
    case 'fifo':
      sh(`mkfifo -m 600 ${where ?? '"$1"'}`);
      break;
    case 'deviceLink':
      sh(`ln -s /dev/zero ${where ?? '"$1"'}`);
      break;
    case 'directory':
      sh(`mkdir -m 700 ${where ?? '"$1"'} && echo kept > ${where ?? '"$1"'}/inside`);
      break;
    case 'linkElsewhere': {
      const to = folderRow ? elsewhere : join(elsewhere, 'target');
      sh(`ln -s '${to}' ${where ?? '"$1"'}`);
      target = { path: join(elsewhere, 'target'), text: linkTo, names: ['target'] };
      break;
    }
    case 'otherUid':
      if (where) sh(`echo 'name: b' > "$1" && chown ${OTHER_UID} "$1"`);
      else if (folderRow) mkdirSync(at, { mode: 0o700 });
      else regular(at);
      if (!where) chownSync(at, OTHER_UID, OTHER_UID);
      break;
    case 'openFolder': {
      thing = folderRow ? at : dirname(at);
      mkdirSync(thing, { recursive: true, mode: 0o700 });
      if (!folderRow && s.content !== undefined) regular(at);
      chmodSync(thing, 0o777);
      break;
    }
    case 'sparse':
      if (where) sh(`truncate -s ${TWO_GB} "$1"`);
      else {
        const fd = openSync(at, 'w', 0o600);
        ftruncateSync(fd, TWO_GB);
        closeSync(fd);
      }
      break;
    case 'staleTemp':
      if (row.kind !== 'temporary' && s.content !== undefined) regular(at);
      thing = row.kind === 'temporary' ? at : `${at}.${DEAD.pid}.${DEAD.start}.fedcba9876543210.tmp`;
      regular(thing, 'half written\n');
      break;
    case 'deadLock':
      if (row.kind !== 'lock' && s.content !== undefined) regular(at);
      thing = row.kind === 'lock' ? at : `${at}.lock`;
      break;
  }
  const run: CaseRun = { id: `${row.id} × ${kind}`, env, cwd: home, steps: s.steps(ctx, at), ...(kind === 'deadLock' ? { deadLockAt: thing } : {}) };
  // The editor's file is made in a new folder at the run: its name is what is known of it.
  const planted: Planted = { row, kind, meets, thing, named: where ? 'values.txt' : thing, run, ...(target ? { target } : {}) };
  // Planted by the editor during the run: nothing to look at before it.
  if (!where && kind !== 'deadLock') planted.before = shapeOf(thing);
  return planted;
}

interface Outcome {
  results?: StepResult[];
  hung?: string;
}

/** Runs the cases in one child process; one that does not end is killed, said, and the rest run in a new child. */
async function runAll(cases: CaseRun[]): Promise<Map<string, Outcome>> {
  const out = new Map<string, Outcome>();
  let left = cases;
  while (left.length > 0) {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', RUNNER], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let current: string | undefined;
    let began = false;
    let err = '';
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => child.kill('SIGKILL'), CASE_BOUND_MS);
    };
    arm();
    let buf = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      buf += d;
      for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
        const line = JSON.parse(buf.slice(0, nl)) as { started?: string; done?: string; results?: StepResult[] };
        buf = buf.slice(nl + 1);
        if (line.started) [current, began] = [line.started, true];
        if (line.done) {
          out.set(line.done, { results: line.results });
          current = undefined;
        }
        arm();
      }
    });
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.stdin!.end(JSON.stringify(left));
    const ended = await new Promise<string>((res) => child.on('close', (code, signal) => res(String(signal ?? code))));
    clearTimeout(timer);
    const why = `never ended (the runner ended: ${ended}); ${err.slice(-2000)}`;
    // A runner that ended before any case began cannot run the others either: each says why.
    if (!began) for (const c of left) out.set(c.id, { hung: why });
    else if (current) out.set(current, { hung: why });
    left = left.filter((c) => !out.has(c.id));
  }
  return out;
}

let fx: Fixture;
const cases: Planted[] = [];
let outcomes: Map<string, Outcome>;

beforeAll(async () => {
  fx = await emulatorFixture({ seed: 0 });
  fx.emulator.insertRaw('reports', {
    url: 'out.example/a',
    project: 'out.example',
    result: 40,
    privacy: 0,
    results: { title: { passed: false, importance: 'high' } },
  });
  DEAD = await deadProcess();
  for (const row of LOCAL_FILES) {
    const s = SCENARIOS[row.id];
    for (const kind of KINDS) {
      const meets = s.meets[kind];
      if (typeof meets !== 'string') cases.push(plant(row, s, kind, meets, fx.env));
    }
  }
  outcomes = await runAll(cases.map((c) => c.run));
}, 240_000);

afterAll(async () => {
  for (const c of cases) removeDir(c.run.env.HOME);
  await fx?.cleanup();
});

describe('hostile local files: every row of the table × every planted kind', () => {
  for (const row of LOCAL_FILES) {
    describe(row.id, () => {
      for (const kind of KINDS) {
        const meets = SCENARIOS[row.id].meets[kind];
        if (typeof meets === 'string') {
          it(`${KIND_NAMES[kind]}: cannot apply (${meets})`, () => expect(meets.length).toBeGreaterThan(10));
          continue;
        }
        it(`${KIND_NAMES[kind]}: ends, exit ${meets.code}${meets.names ? ', naming it' : ''}, ${meets.after}`, () => {
          const c = cases.find((x) => x.row.id === row.id && x.kind === kind)!;
          const o = outcomes.get(c.run.id)!;
          expect(o.hung, c.run.id).toBeUndefined();
          const results = o.results!;
          const said = results.map((r) => r.stderr).join('\n');
          const codes = typeof meets.code === 'number' ? results.map(() => meets.code) : meets.code;
          expect(results.map((r) => ({ code: r.code, stderr: r.stderr }))).toMatchObject(codes.map((code) => ({ code })));
          // Named by the step that refuses it, or once by a command that goes on without it.
          if (meets.names)
            expect(
              results.some((r) => r.stderr.includes(c.named)),
              `${said}: the words name ${c.named}`,
            ).toBe(true);
          // Nothing the host might echo, nor a stack trace, in the words.
          expect(said).not.toMatch(/\n\s+at /);
          if (meets.after === 'removed') expect(() => lstatSync(c.thing), `${c.thing} is gone`).toThrow(/ENOENT/);
          if (meets.after === 'untouched' && c.before) expect(shapeOf(c.thing)).toEqual(c.before);
          // Nothing written through a link, but where the row follows one on purpose.
          if (c.target && !row.followsLinks) {
            expect(readFileSync(c.target.path, 'utf8'), 'nothing written through the link').toBe(c.target.text);
            expect(readdirSync(dirname(c.target.path))).toEqual(c.target.names);
          }
        });
      }
    });
  }
});

describe('Ctrl+C while waiting on a live holder’s lock', () => {
  it('config set ends at once on the seam’s signal (130); the live holder’s lock as it was, nothing written', async () => {
    const home = mkdtempSync(join(tmpdir(), 'sitedeck-hostile-ctrlc-'));
    const holder = spawn('sleep', ['600'], { stdio: 'ignore' });
    try {
      const dir = join(home, 'config');
      mkdirSync(dir, { mode: 0o700 });
      const lock = join(dir, 'config.json.lock');
      const held = `${holder.pid} ${startOf(holder.pid!)!}\n`;
      writeFileSync(lock, held, { mode: 0o600 });
      const r = await runCommand(['config', 'set', 'theme', 'dark'], { env: { HOME: home, SITEDECK_CONFIG_DIR: dir }, signal: AbortSignal.abort() });
      expect([r.code, r.stderr]).toEqual([130, 'sitedeck: interrupted\n']);
      expect(readFileSync(lock, 'utf8')).toBe(held);
      expect(readdirSync(dir)).toEqual(['config.json.lock']);
      // Ctrl+C pressed while it waits (the lock's wait is 5 s): it ends on the signal, not on the timeout.
      const ctrlC = new AbortController();
      const running = runCommand(['config', 'set', 'theme', 'dark'], { env: { HOME: home, SITEDECK_CONFIG_DIR: dir }, signal: ctrlC.signal });
      setTimeout(() => ctrlC.abort(), 100);
      const waited = await running;
      expect([waited.code, waited.stderr]).toEqual([130, 'sitedeck: interrupted\n']);
      expect(readFileSync(lock, 'utf8')).toBe(held);
      expect(readdirSync(dir)).toEqual(['config.json.lock']);
    } finally {
      holder.kill('SIGKILL');
      removeDir(home);
    }
  });
});
