// A given Node release from the npm registry (its node-<platform>-<arch> package carries the
// official binary), unpacked once into node_modules/.cache: the Node a new user's machine has.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const CACHE = join(__dirname, '../../node_modules/.cache/sitedeck-registry-node');

/** The folder holding `node` of that release for this platform, or null when the registry has no package for it. */
export function registryNodeDir(version: string): string | null {
  const pkg = `node-${process.platform}-${process.arch}`;
  const dir = join(CACHE, `${pkg}-${version}`);
  const bin = join(dir, 'bin');
  if (existsSync(join(bin, 'node'))) return bin;
  const work = `${dir}.partial-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    const tgz = execFileSync('npm', ['pack', `${pkg}@${version}`, '--silent'], { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    execFileSync('tar', ['-xzf', tgz, '--strip-components=1', 'package/bin/node'], { cwd: work });
    rmSync(join(work, tgz));
  } catch {
    rmSync(work, { recursive: true, force: true });
    return null;
  }
  // Whole or not at all: a second test process racing this one finds a finished folder.
  try {
    renameSync(work, dir);
  } catch {
    rmSync(work, { recursive: true, force: true });
  }
  return bin;
}

/** PATH with `first` in front and no node_modules/.bin (npm puts the project's pinned Node there). */
export function pathWith(first: string): string {
  const rest = (process.env.PATH ?? '/usr/bin:/bin').split(':').filter((p) => p && !p.includes('node_modules/.bin'));
  return [first, ...rest].join(':');
}

/**
 * The npm settings a user of this machine has, for an npm run under a registry Node. npm reads its
 * global config from beside the node binary, so under the unpacked Node it would miss the machine's
 * (a CA file, say), and each registry request would fail and be retried for minutes.
 */
export function machineNpmEnv(): Record<string, string> {
  const globalconfig = execFileSync('npm', ['config', 'get', 'globalconfig'], {
    encoding: 'utf8',
    env: { ...process.env, PATH: pathWith('/nonexistent') },
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  return existsSync(globalconfig) ? { npm_config_globalconfig: globalconfig } : {};
}
