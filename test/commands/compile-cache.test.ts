// Node's compile cache for the bundle (src/compileCache.ts): dist/cli.js keeps the compiled code of
// what it loads in sitedeck's own cache folder, private to the user, and a launch that cannot have
// it runs as before. The launch figures: docs/PERFORMANCE.md, "Launch".
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, ensureBuilt, runCli } from './helpers';

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'sitedeck-compiled-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every file under `d`, with its path from `d`. */
const filesUnder = (d: string): string[] => readdirSync(d, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(d.length + 1));

describe('the compile cache', () => {
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

  it('is off with NODE_DISABLE_COMPILE_CACHE=1, and a folder that cannot be made only costs the cache', async () => {
    const off = join(dir, 'off');
    expect(await runCli(['--version'], { env: baseEnv({ XDG_CACHE_HOME: off, NODE_DISABLE_COMPILE_CACHE: '1' }) })).toMatchObject({ code: 0, stderr: '' });
    expect(filesUnder(off)).toEqual([]);
    // A file where the cache folder would be.
    const blocked = join(dir, 'blocked');
    mkdirSync(blocked);
    writeFileSync(join(blocked, 'sitedeck'), 'not a folder');
    expect(await runCli(['--version'], { env: baseEnv({ XDG_CACHE_HOME: blocked }) })).toMatchObject({ code: 0, stderr: '' });
  });
});
