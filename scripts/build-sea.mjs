// Builds dist/sitedeck: one executable file to copy to a machine without Node, made with Node's own
// single-executable-application support (https://nodejs.org/docs/latest-v24.x/api/single-executable-applications.html).
//
//   node scripts/build-sea.mjs                         this machine's platform (linux-x64)
//   node scripts/build-sea.mjs --platform linux-arm64  another one: node-<platform> from the npm registry
//   node scripts/build-sea.mjs --platform darwin-x64 --node 24.18.1   a release the registry has for it
//   node scripts/build-sea.mjs --no-code-cache         without the V8 code cache (to measure it)
//
// Steps: one CommonJS file holding the whole program (scripts/one-file.mjs; a SEA on Node 24 runs
// one CommonJS script and can `require` only Node's built-in modules), a blob made from it by Node 24, and that blob
// injected with postject into a copy of the Node 24 binary from the npm registry's node-<platform>
// package (the official binary inside a registry package): for this machine, the Node that
// package-lock.json pins for the npm scripts (scripts/runtime); for another, fetched into node_modules/.cache.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { inject } from 'postject';
import { bundleOne } from './one-file.mjs';

const ROOT = resolve(import.meta.dirname, '..');
/** The Node the file carries: the release the npm scripts and the tests run on (scripts/runtime). */
export const NODE24_VERSION = JSON.parse(readFileSync(resolve(ROOT, 'scripts/runtime/package.json'), 'utf8')).version;
const HOST = `${process.platform}-${process.arch}`;
/** The fuse Node's binary carries; postject flips it so the binary looks for its blob. */
const SENTINEL_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
export const SEA_FILE = resolve(ROOT, 'dist/sitedeck');

/** The Node binary for `platform`: the pinned one npm install linked, else fetched from the npm registry into node_modules/.cache. */
export function node24(platform = HOST, version = NODE24_VERSION) {
  const pinned = resolve(ROOT, `node_modules/node-${platform}/bin/node`);
  if (platform === HOST && version === NODE24_VERSION && existsSync(pinned)) return pinned;
  const dir = resolve(ROOT, 'node_modules/.cache/sitedeck-sea-node', `${platform}-${version}`);
  // Windows' packages lay their files out otherwise (and a Windows file needs signing tools of its own).
  if (platform.startsWith('win')) throw new Error('build-sea: Windows is not supported; build on linux-* or darwin-*');
  const bin = join(dir, 'bin/node');
  const marker = join(dir, 'VERSION');
  const have =
    existsSync(bin) &&
    (platform === HOST ? run(bin, ['--version']).trim() === `v${version}` : existsSync(marker) && readFileSync(marker, 'utf8').trim() === version);
  if (have) return bin;
  process.stderr.write(`build-sea: fetching node-${platform}@${version} from the npm registry into ${dir}\n`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tgz = run('npm', ['pack', `node-${platform}@${version}`, '--silent'], { cwd: dir })
    .trim()
    .split('\n')
    .pop();
  run('tar', ['-xzf', tgz, '--strip-components=1', 'package/bin/node', 'package/LICENSE'], { cwd: dir });
  rmSync(join(dir, tgz));
  writeFileSync(marker, `${version}\n`);
  return bin;
}

function run(cmd, args, opts = {}) {
  return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...opts });
}

/**
 * Builds the executable at `out` for `platform` with Node `version`; the blob is made by the same
 * release on this machine. The V8 code cache only for the host (it is machine code).
 */
export async function buildSea({ platform = HOST, version = NODE24_VERSION, codeCache = true, out = SEA_FILE } = {}) {
  const hostNode = node24(HOST, version);
  const targetNode = node24(platform, version);
  const work = mkdtempSync(join(tmpdir(), 'sitedeck-sea-'));
  try {
    const main = join(work, 'sitedeck.cjs');
    const blob = join(work, 'sitedeck.blob');
    await bundleOne(main);
    const config = {
      main,
      output: blob,
      disableExperimentalSEAWarning: true,
      // Node's docs: a cross-platform blob must carry neither a code cache nor a snapshot.
      useCodeCache: codeCache && platform === HOST,
      useSnapshot: false,
    };
    writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config, null, 2));
    // Quiet unless it fails (it says where it wrote the blob, a file removed below).
    run(hostNode, ['--experimental-sea-config', join(work, 'sea-config.json')], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
    mkdirSync(resolve(out, '..'), { recursive: true });
    rmSync(out, { force: true });
    copyFileSync(targetNode, out);
    chmodSync(out, 0o755);
    const darwin = platform.startsWith('darwin');
    await inject(out, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: SENTINEL_FUSE, ...(darwin ? { machoSegmentName: 'NODE_SEA' } : {}) });
    return { out, bytes: statSync(out).size, codeCache: config.useCodeCache, version };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      platform: { type: 'string', default: HOST },
      node: { type: 'string', default: NODE24_VERSION },
      'no-code-cache': { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  const platform = values.platform;
  const out = values.out ? resolve(values.out) : platform === HOST ? SEA_FILE : resolve(ROOT, `dist/sitedeck-${platform}`);
  const r = await buildSea({ platform, version: values.node, codeCache: !values['no-code-cache'], out });
  const mb = (r.bytes / 1024 / 1024).toFixed(1);
  process.stdout.write(`${r.out.replace(`${ROOT}/`, '')}: ${mb} MB, Node ${r.version} (${platform}), code cache ${r.codeCache ? 'on' : 'off'}\n`);
  if (platform.startsWith('darwin'))
    process.stdout.write(`On the Mac, sign it again before the first run: codesign --force --sign - ${r.out.split('/').pop()}\n`);
}
