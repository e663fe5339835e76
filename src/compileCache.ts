// The bundle's compiled code, kept on disk by Node (module.enableCompileCache): from the second
// launch on, V8 reads the code of the modules it compiled before instead of compiling them again.
// Code read back from that folder runs in sitedeck's process, key and all, so it is used only when
// it is yours alone (src/files/ownFolder.ts): `sitedeck` and `compiled` under the
// cache folder are made 0700, never followed through a symbolic link, refused when another user
// owns them or can write in them (or can replace them in the folder above); then the cache is off
// and `sitedeck doctor` says why (src/commands/doctorCompileCache.ts). `--no-cache`, SITEDECK_CACHE
// and `cache false` turn it off too (nothing is made), as NODE_DISABLE_COMPILE_CACHE=1 (Node's own
// switch) does. Node checks each entry against the source it was compiled from. The figures:
// docs/PERFORMANCE.md, "Launch".
// A namespace import: the entry loads this on any Node, and Node 20's node:module has no enableCompileCache.
import * as nodeModule from 'node:module';
import { dirname, join } from 'node:path';
import { cacheDirFrom, type Env } from './cache/dir';
import { cacheOffAtStart } from './config/cacheSwitch';
import { currentUid, ownFolders } from './files/ownFolder';

/** The compile cache of this launch: on in its folder, or off and why (with the fix when there is one). */
export type CompiledCache =
  | { on: true; dir: string }
  | { on: false; why: string; fix?: string; /** The folder is not made yet: the next launch makes it. */ missing?: boolean };

/** The folder the compile cache may use: `sitedeck` and `compiled` under the cache folder, each yours alone (src/files/ownFolder.ts). */
export function compiledCacheFolder(env: Env, make: boolean, me: number | undefined = currentUid()): CompiledCache {
  const base = cacheDirFrom(env);
  const dir = join(base, 'compiled');
  const own = ownFolders(dirname(base), [base, dir], make, me);
  return own.ok ? { on: true, dir } : { on: false, why: own.why, ...(own.fix ? { fix: own.fix } : {}), ...(own.missing ? { missing: true } : {}) };
}

/** Whether this launch may keep compiled code, and where: the switches first, then the folder. */
function compiledCacheState(env: Env, argv: readonly string[], make: boolean): CompiledCache {
  if (env.NODE_DISABLE_COMPILE_CACHE) return { on: false, why: 'NODE_DISABLE_COMPILE_CACHE is set' };
  const off = cacheOffAtStart(argv, env);
  if (off) return { on: false, why: off };
  return compiledCacheFolder(env, make);
}

/** Starts Node's compile cache for what loads from here on, when this launch may keep it. */
export function keepCompiledCode(env: Env, argv: readonly string[]): void {
  if (typeof nodeModule.enableCompileCache !== 'function') return;
  const state = compiledCacheState(env, argv, true);
  if (!state.on) return;
  try {
    nodeModule.enableCompileCache(state.dir);
  } catch {
    // Only the cache is lost.
  }
}
