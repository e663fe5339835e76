// Node's compile cache for the bundle (src/compileCache.ts): dist/cli.js keeps the compiled code of
// what it loads in sitedeck's own cache folder, private to the user, and a launch that cannot have
// it runs as before. The launch figures: docs/PERFORMANCE.md, "Launch". Code read back from it runs
// in sitedeck's process, so a folder that is not the user's alone turns it off, and doctor says why.
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, ensureBuilt, runCli } from '../commands/helpers';
import { runCommand } from '../commands/inProcess';

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'sitedeck-compiled-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every file under `d`, with its path from `d`. */
const filesUnder = (d: string): string[] =>
  readdirSync(d, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(d.length + 1));

describe('the compile cache', () => {
  // bundle: Node's compile cache is turned on by the entry (dist/cli.js) at a real launch
  it('is kept under $XDG_CACHE_HOME/sitedeck/compiled, mode 0700, and used by the next launch', async () => {
    const cache = join(dir, 'xdg');
    const first = await runCli(['--version'], { env: baseEnv({ XDG_CACHE_HOME: cache }) });
    expect(first).toMatchObject({ code: 0, stderr: '' });
    const compiled = join(cache, 'sitedeck', 'compiled');
    expect(statSync(join(cache, 'sitedeck')).mode & 0o777).toBe(0o700);
    expect(statSync(compiled).mode & 0o777).toBe(0o700);
    const entries = filesUnder(compiled);
    expect(entries.length).toBeGreaterThan(0);
    // The second launch reads them and has nothing new to write.
    const second = await runCli(['--version'], { env: baseEnv({ XDG_CACHE_HOME: cache }) });
    expect(second).toMatchObject({ code: 0, stdout: first.stdout, stderr: '' });
    expect(filesUnder(compiled).sort()).toEqual([...entries].sort());
  });

  // bundle: Node's compile cache is turned on by the entry (dist/cli.js) at a real launch
  it('is off with NODE_DISABLE_COMPILE_CACHE=1 (nothing made), and a folder that cannot be made only costs the cache', async () => {
    const off = join(dir, 'off');
    expect(await runCli(['--version'], { env: baseEnv({ XDG_CACHE_HOME: off, NODE_DISABLE_COMPILE_CACHE: '1' }) })).toMatchObject({ code: 0, stderr: '' });
    expect(existsSync(off)).toBe(false);
    // A file where the cache folder would be.
    const blocked = join(dir, 'blocked');
    mkdirSync(blocked);
    writeFileSync(join(blocked, 'sitedeck'), 'not a folder');
    expect(await runCli(['--version'], { env: baseEnv({ XDG_CACHE_HOME: blocked }) })).toMatchObject({ code: 0, stderr: '' });
  });
});

/** A cache home of its own (and a config folder, so no one's config.json is read). */
function cacheHome(name: string): { xdg: string; env: Record<string, string> } {
  const xdg = join(dir, name, 'xdg');
  mkdirSync(xdg, { recursive: true, mode: 0o700 });
  return { xdg, env: { XDG_CACHE_HOME: xdg, HOME: join(dir, name), SITEDECK_CONFIG_DIR: join(dir, name, 'config') } };
}

/** What doctor says of the compile cache (in-process: it reads the folder the environment names). */
async function doctorLine(env: Record<string, string>, ...args: string[]): Promise<{ status: string; detail: string; fix: string | null }> {
  return compiledCheck(await runCommand([...args, 'doctor', '--json'], { env }));
}

/** What a launched doctor says of the compile cache: the folder its own process keeps compiled code in. */
async function launchedDoctorLine(env: Record<string, string>): Promise<{ status: string; detail: string; fix: string | null }> {
  return compiledCheck(await runCli(['doctor', '--json'], { env: baseEnv(env) }));
}

const compiledCheck = (r: { stdout: string }) =>
  (JSON.parse(r.stdout) as { checks: { id: string; status: string; detail: string; fix: string | null }[] }).checks.find((c) => c.id === 'cache.compiled')!;

describe('the compile cache is used only from a folder that is yours alone', () => {
  const PLANTED = 'planted-entry';

  // bundle: Node's compile cache is turned on by the entry (dist/cli.js) at a real launch
  it('a compiled folder made beforehand with mode 0777 is left alone: nothing read or written there; doctor says why', async () => {
    const { xdg, env } = cacheHome('open');
    const compiled = join(xdg, 'sitedeck', 'compiled');
    mkdirSync(compiled, { recursive: true, mode: 0o700 });
    chmodSync(compiled, 0o777);
    writeFileSync(join(compiled, PLANTED), 'not yours');
    expect(await runCli(['--version'], { env: baseEnv(env) })).toMatchObject({ code: 0, stderr: '' });
    expect(filesUnder(compiled)).toEqual([PLANTED]);
    expect(await doctorLine(env)).toMatchObject({
      status: 'warn',
      detail: `off: other users can write in ${compiled} (mode 0777)`,
      fix: expect.stringContaining(`rm -r ${compiled}`),
    });
    // The folder above it too.
    const { xdg: xdg2, env: env2 } = cacheHome('open-above');
    mkdirSync(join(xdg2, 'sitedeck'), { mode: 0o700 });
    chmodSync(join(xdg2, 'sitedeck'), 0o777);
    expect(await runCli(['--version'], { env: baseEnv(env2) })).toMatchObject({ code: 0, stderr: '' });
    expect(readdirSync(join(xdg2, 'sitedeck'))).toEqual([]);
  });

  // bundle: Node's compile cache is turned on by the entry (dist/cli.js) at a real launch
  it.skipIf(process.getuid?.() !== 0)('a folder owned by another user (uid 65534) is left alone; doctor names the owner', async () => {
    const { xdg, env } = cacheHome('other');
    const mine = join(xdg, 'sitedeck');
    mkdirSync(join(mine, 'compiled'), { recursive: true, mode: 0o700 });
    chownSync(join(mine, 'compiled'), 65534, 65534);
    expect(await runCli(['--version'], { env: baseEnv(env) })).toMatchObject({ code: 0, stderr: '' });
    expect(filesUnder(mine)).toEqual([]);
    expect(await doctorLine(env)).toMatchObject({ status: 'warn', detail: `off: ${join(mine, 'compiled')} is owned by another user (uid 65534)` });
    // The same for sitedeck's own folder.
    const { xdg: xdg2, env: env2 } = cacheHome('other-above');
    mkdirSync(join(xdg2, 'sitedeck'), { mode: 0o700 });
    chownSync(join(xdg2, 'sitedeck'), 65534, 65534);
    expect(await runCli(['--version'], { env: baseEnv(env2) })).toMatchObject({ code: 0, stderr: '' });
    expect(readdirSync(join(xdg2, 'sitedeck'))).toEqual([]);
  });

  // bundle: Node's compile cache is turned on by the entry (dist/cli.js) at a real launch
  it("a symbolic link in the folder's place is not followed: its target stays empty", async () => {
    for (const at of ['sitedeck', join('sitedeck', 'compiled')]) {
      const { xdg, env } = cacheHome(`link-${at.length}`);
      const target = join(dir, `target-${at.length}`);
      mkdirSync(target, { mode: 0o700 });
      mkdirSync(join(xdg, 'sitedeck'), { recursive: true, mode: 0o700 });
      if (at === 'sitedeck') rmSync(join(xdg, 'sitedeck'), { recursive: true });
      symlinkSync(target, join(xdg, at));
      expect(await runCli(['--version'], { env: baseEnv(env) })).toMatchObject({ code: 0, stderr: '' });
      expect(readdirSync(target)).toEqual([]);
      expect(await doctorLine(env)).toMatchObject({ status: 'warn', detail: `off: ${join(xdg, at)} is a symbolic link` });
      expect(readdirSync(target)).toEqual([]);
    }
  });

  // bundle: Node's compile cache is turned on by the entry (dist/cli.js) at a real launch
  it('--no-cache, SITEDECK_CACHE=false and cache false in the profile leave nothing under the cache folder; doctor says which', async () => {
    const flag = cacheHome('no-cache-flag');
    expect(await runCli(['--no-cache', '--version'], { env: baseEnv(flag.env) })).toMatchObject({ code: 0, stderr: '' });
    expect(await doctorLine(flag.env, '--no-cache')).toMatchObject({ status: 'ok', detail: 'off by --no-cache: nothing is kept' });
    expect(readdirSync(flag.xdg)).toEqual([]);

    const variable = cacheHome('no-cache-env');
    const off = { ...variable.env, SITEDECK_CACHE: 'false' };
    expect(await runCli(['--version'], { env: baseEnv(off) })).toMatchObject({ code: 0, stderr: '' });
    expect(await doctorLine(off)).toMatchObject({ status: 'ok', detail: 'off by SITEDECK_CACHE: nothing is kept' });
    expect(readdirSync(variable.xdg)).toEqual([]);

    const file = cacheHome('no-cache-file');
    mkdirSync(file.env.SITEDECK_CONFIG_DIR, { mode: 0o700 });
    writeFileSync(join(file.env.SITEDECK_CONFIG_DIR, 'config.json'), JSON.stringify({ profiles: { work: { cache: false } } }), { mode: 0o600 });
    expect(await runCli(['--profile', 'work', '--version'], { env: baseEnv(file.env) })).toMatchObject({ code: 0, stderr: '' });
    expect(await doctorLine(file.env, '--profile', 'work')).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/^off by cache in profile "work" of .*config\.json: nothing is kept$/),
    });
    expect(readdirSync(file.xdg)).toEqual([]);
    // Another profile keeps it, and doctor says where.
    expect(await runCli(['--version'], { env: baseEnv(file.env) })).toMatchObject({ code: 0, stderr: '' });
    expect(filesUnder(join(file.xdg, 'sitedeck', 'compiled')).length).toBeGreaterThan(0);
    expect(await launchedDoctorLine(file.env)).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(new RegExp(`^on: ${join(file.xdg, 'sitedeck', 'compiled')}/`)),
    });
  });
});
