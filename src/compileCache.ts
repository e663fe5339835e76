// The bundle's compiled code, kept on disk by Node (module.enableCompileCache): from the second
// launch on, V8 reads the code of the modules it compiled before instead of compiling them again.
// Code read back from that folder runs in sitedeck's process, key and all, so it is used only when
// it is yours alone (src/config/trust.ts, codeFolderExposure): `sitedeck` and `compiled` under the
// cache folder are made 0700, never followed through a symbolic link, refused when another user
// owns them or can write in them (or can replace them in the folder above); then the cache is off
// and `sitedeck doctor` says why (src/commands/doctorCompileCache.ts). `--no-cache`, SITEDECK_CACHE
// and `cache false` turn it off too (nothing is made), as NODE_DISABLE_COMPILE_CACHE=1 (Node's own
// switch) does. Node checks each entry against the source it was compiled from. The figures:
// docs/PERFORMANCE.md, "Launch".
import { lstatSync, mkdirSync, statSync } from 'node:fs';
// A namespace import: the entry loads this on any Node, and Node 20's node:module has no enableCompileCache.
import * as nodeModule from 'node:module';
import { dirname, join } from 'node:path';
import { cacheDirFrom, type Env } from './cache/dir';
import { cacheOffAtStart } from './config/cacheSwitch';
import { codeFolderExposure, currentUid, parentFolderExposure } from './config/trust';

/** The compile cache of this launch: on in its folder, or off and why (with the fix when there is one). */
export type CompiledCache = { on: true; dir: string } | { on: false; why: string; fix?: string };

const errorWord = (e: unknown) => (e as NodeJS.ErrnoException).code ?? (e as Error).message;

/**
 * The folder the compile cache may use, checked component by component (lstat: a symbolic link is
 * refused, not followed). With `make`, the missing ones are made (mode 0700); without, a missing
 * one is said (doctor looks without changing anything).
 */
export function compiledCacheFolder(env: Env, make: boolean, me: number | undefined = currentUid()): CompiledCache {
  const base = cacheDirFrom(env);
  const dir = join(base, 'compiled');
  const parent = dirname(base);
  try {
    if (make) mkdirSync(parent, { recursive: true, mode: 0o700 });
    const above = parentFolderExposure(parent, statSync(parent), me);
    if (above) return { on: false, why: above.problem, fix: above.fix };
    for (const folder of [base, dir]) {
      if (make) {
        try {
          mkdirSync(folder, { mode: 0o700 });
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        }
      }
      const refused = codeFolderExposure(folder, lstatSync(folder), me);
      if (refused) return { on: false, why: refused.problem, fix: refused.fix };
    }
    return { on: true, dir };
  } catch (e) {
    // Read-only home, no folder yet (doctor): the launch compiles, as without the cache.
    return { on: false, why: `${dir} cannot be used (${errorWord(e)})` };
  }
}

/** Whether this launch may keep compiled code, and where: the switches first, then the folder. */
export function compiledCacheState(env: Env, argv: readonly string[], make: boolean): CompiledCache {
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
