// The README's set-up, as a new user runs it on a machine whose node is 20: a clone, `npm install`,
// then `npm test` (here on one small file) and `npm run demo` in a terminal. Both must run on the
// Node 24 that package-lock.json pins, fetched by npm install itself. Then with the machine's node
// at 22: the install and a test script.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../commands/helpers';
import { machineNpmEnv, pathWith, registryNodeDir } from '../helpers/registryNode';
import { startTmux, type TmuxSession } from '../helpers/tmux';

const runtime = JSON.parse(readFileSync(join(ROOT, 'scripts/runtime/package.json'), 'utf8')) as { version: string };
const PINNED_LINE = `sitedeck: Node v${runtime.version} (pinned by package-lock.json: node-${process.platform}-${process.arch})`;

let tmp: string;
let clone: string;
let env: Record<string, string>;
let deck: TmuxSession | undefined;

// The user's shell: the registry's Node 20 first on PATH, the machine's npm settings, none of this
// run's npm variables. The installs prefer npm's cache: the packages are the lockfile's either way,
// and asking the registry again for each of them is minutes of the suite on a slow link.
const outerNpm = Object.keys(process.env).filter((k) => /^npm_/i.test(k) || k === 'INIT_CWD' || k === 'NODE');
const sh = (cmd: string, timeout = 600_000) =>
  stripVTControlCharacters(execFileSync('sh', ['-c', `${cmd} 2>&1`], { cwd: clone, env, encoding: 'utf8', timeout, stdio: ['ignore', 'pipe', 'pipe'] }));

beforeAll(() => {
  const node20 = registryNodeDir('20.20.2');
  if (!node20) throw new Error(`the npm registry has no node-${process.platform}-${process.arch}@20.20.2`);
  tmp = mkdtempSync(join(tmpdir(), 'sitedeck-clone-'));
  clone = join(tmp, 'sitedeck');
  execFileSync('git', ['clone', '--quiet', ROOT, clone]);
  env = { PATH: pathWith(node20), HOME: process.env.HOME ?? tmp, LANG: 'C.UTF-8', TERM: 'xterm-256color', ...machineNpmEnv() };
  expect(sh('node --version').trim()).toBe('v20.20.2');
}, 120_000);

// The clone holds a whole node_modules: removing it takes longer than the default hook time on a
// loaded CI machine.
afterAll(() => {
  deck?.kill();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}, 300_000);

describe('a fresh clone on a machine whose node is 20', () => {
  it('npm install completes and links the pinned Node 24 for the scripts', () => {
    const out = sh('npm install --no-audit --no-fund --prefer-offline');
    expect(out).not.toMatch(/npm error/);
    expect(sh('node_modules/.bin/node --version').trim()).toBe(`v${runtime.version}`);
  }, 600_000);

  it('npm test runs on the pinned Node: type-check, lint, bundle and a test file', () => {
    const out = sh('npm test -- test/unit/nodeRequired.test.ts');
    expect(out).toContain(PINNED_LINE);
    expect(out).toMatch(/Tests\s+3 passed \(3\)/);
  }, 600_000);

  it('npm run demo shows the deck on the pinned Node, and q quits with 0', async () => {
    deck = startTmux({
      command: ['sh', '-c', 'npm run demo 2>which.log'],
      env: { PATH: env.PATH!, HOME: env.HOME!, LANG: 'C.UTF-8', ...machineNpmEnv() },
      unsetEnv: ['CI', ...outerNpm],
      cwd: clone,
      columns: 100,
      rows: 30,
    });
    await deck.waitFor('DEMO', { timeoutMs: 120_000 });
    deck.sendKeys('q');
    await deck.waitFor('[exit 0]');
    expect(readFileSync(join(clone, 'which.log'), 'utf8')).toContain(PINNED_LINE);
  }, 300_000);
});

// The machine's Node changes under the installed clone (npm is the machine's either way, and the
// lockfile pins the same packages): npm install still completes, and the scripts still choose the
// pinned Node over a 22 that is new enough to run them. A second clone would install every package
// again: a quarter of this file's time, for the same packages.
describe('the clone on a machine whose node is 22', () => {
  let env22: Record<string, string>;
  const sh22 = (cmd: string) =>
    stripVTControlCharacters(
      execFileSync('sh', ['-c', `${cmd} 2>&1`], { cwd: clone, env: env22, encoding: 'utf8', timeout: 600_000, stdio: ['ignore', 'pipe', 'pipe'] }),
    );

  beforeAll(() => {
    const node22 = registryNodeDir('22.23.3');
    if (!node22) throw new Error(`the npm registry has no node-${process.platform}-${process.arch}@22.23.3`);
    env22 = { ...env, PATH: pathWith(node22) };
    expect(sh22('node --version').trim()).toBe('v22.23.3');
  }, 120_000);

  it('npm install, then a test script on the pinned Node', () => {
    expect(sh22('npm install --no-audit --no-fund --prefer-offline')).not.toMatch(/npm error/);
    const out = sh22('npm run test:fast -- test/unit/nodeRequired.test.ts');
    expect(out).toContain(PINNED_LINE);
    expect(out).toMatch(/Tests\s+3 passed \(3\)/);
  }, 600_000);
});
