// The published package: `npm pack` of the built bundle, installed globally into a private prefix
// with an empty npm cache and --offline. Any runtime dependency or install script would need the
// registry (or run code) and fail the install; the installed command then runs against the emulator.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, ROOT, startFixture, type Fixture } from '../commands/helpers';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  bundleDependencies?: string[];
  scripts: Record<string, string>;
};

let fx: Fixture;
let tmp: string;
let npmEnv: Record<string, string>;
let tarball: string;

/** npm with nothing of this machine's npm setup: its own HOME, user config, cache and no notices. */
const npm = (args: string[], cwd = tmp) => execFileSync('npm', args, { cwd, env: npmEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

beforeAll(async () => {
  fx = await startFixture({ seed: 12 }); // builds dist/ when missing
  tmp = mkdtempSync(join(tmpdir(), 'sitedeck-install-'));
  writeFileSync(join(tmp, 'npmrc'), '');
  npmEnv = baseEnv({
    HOME: tmp,
    npm_config_userconfig: join(tmp, 'npmrc'),
    npm_config_cache: join(tmp, 'cache'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  });
  // --ignore-scripts: pack the dist/ the other tests use; prepack would rebuild it under them.
  const [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', tmp], ROOT)) as { filename: string }[];
  tarball = join(tmp, packed!.filename);
}, 60_000);

// The folder holds an installed package with its dependencies: removing it can outlast the default
// hook time on a loaded CI machine.
afterAll(async () => {
  await fx?.cleanup();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}, 300_000);

/** Every file under dir, relative to ROOT. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

describe('the package', () => {
  it('declares no runtime dependency and no script that runs on install', () => {
    // The Node 24 that the npm scripts run on (scripts/runtime) is a devDependency: never installed for a user.
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies'] as const) expect(pkg[field], field).toBeUndefined();
    for (const s of ['preinstall', 'install', 'postinstall', 'prepare']) expect(pkg.scripts[s], s).toBeUndefined();
  });

  it('ships the bundle and its chunks, the man page, README and package.json, nothing else', () => {
    const [report] = JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], ROOT)) as { files: { path: string }[] }[];
    const shipped = report!.files.map((f) => f.path).sort();
    const bundle = filesUnder('dist').filter((f) => /\.c?js$/.test(f));
    expect(bundle).toContain('dist/cli.js');
    expect(bundle).toContain('dist/deck.cjs'); // the deck's one script (src/start.ts)
    expect(bundle.some((f) => f.startsWith('dist/chunks/'))).toBe(true);
    expect(shipped).toEqual([...bundle, 'README.md', 'docs/sitedeck.1', 'package.json'].sort());
  });

  it('installs globally from the tarball offline with an empty cache: one package, nothing run', async () => {
    const prefix = join(tmp, 'prefix');
    const out = npm(['install', '-g', '--offline', '--prefix', prefix, tarball]);
    expect(out).toMatch(/added 1 package/);
    const installed = join(prefix, 'lib', 'node_modules', pkg.name);
    expect(existsSync(join(installed, 'dist', 'cli.js'))).toBe(true);
    expect(existsSync(join(installed, 'node_modules'))).toBe(false);
    // The man page is linked where `man sitedeck` finds it under the prefix.
    expect(existsSync(join(prefix, 'share', 'man', 'man1', 'sitedeck.1'))).toBe(true);

    const bin = join(prefix, 'bin', 'sitedeck');
    expect(execFileSync(bin, ['--version'], { env: baseEnv(), encoding: 'utf8' }).trim()).toBe(pkg.version);

    fx.emulator.clearHits();
    // Asynchronously: the emulator answers from this process.
    const { stdout: listed } = await promisify(execFile)(bin, ['websites', 'list', '--json'], { env: baseEnv(fx.env), encoding: 'utf8' });
    const body = JSON.parse(listed) as { data: { id: number; domain: string }[]; meta: { total: number } };
    expect(body.meta.total).toBe(12);
    const stored = fx.emulator.websites();
    for (const w of body.data) expect(stored.find((s) => s.id === w.id)?.domain).toBe(w.domain);
    expect(fx.emulator.hits.map((h) => `${h.method} ${h.path}`)).toEqual(['GET /public/api/v1/websites']);
  });

  it('runs through npx from the tarball offline', () => {
    const out = npm(['exec', '--yes', '--offline', '--package', tarball, '--', 'sitedeck', '--version']);
    expect(out.trim()).toBe(pkg.version);
  });
});
