// `sitedeck doctor`, the compile cache (src/compileCache.ts): on, in which folder, or off and why —
// a switch (`--no-cache`, SITEDECK_CACHE, `cache false`, NODE_DISABLE_COMPILE_CACHE) or a folder
// that is not yours alone (then the fix). Looks only: nothing is made or changed.
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { cacheDirFrom } from '../cache/dir';
import { compiledCacheFolder } from '../compileCache';
import { origin, type Env } from '../config';
import type { ResolvedConfig } from '../config/types';
import type { DoctorCheck } from './doctorCheck';

/** The folder Node keeps this process's compiled code in; undefined when it keeps none. */
const runningDir = (): string | undefined => (typeof nodeModule.getCompileCacheDir === 'function' ? nodeModule.getCompileCacheDir() : undefined);

const dir = (env: Env) => join(cacheDirFrom(env), 'compiled');

export function compileCacheCheck(env: Env, config: ResolvedConfig | undefined, running: string | undefined = runningDir()): DoctorCheck {
  const base = { id: 'cache.compiled', group: 'config', title: 'compile cache' } as const;
  if (env.NODE_DISABLE_COMPILE_CACHE) return { ...base, status: 'ok', detail: 'off: NODE_DISABLE_COMPILE_CACHE is set' };
  if (config && !config.cache)
    return { ...base, status: 'ok', detail: `off by ${origin('cache', config.sources.cache ?? 'default', config.profile, config.configDir)}: nothing is kept` };
  const folder = compiledCacheFolder(env, false);
  if (!folder.on && folder.missing) return { ...base, status: 'ok', detail: `not made yet: the next launch makes ${dir(env)} (mode 0700, yours alone)` };
  if (!folder.on) return { ...base, status: 'warn', detail: `off: ${folder.why}`, fix: folder.fix ?? 'see that the cache folder can be made (XDG_CACHE_HOME)' };
  return { ...base, status: 'ok', detail: running ? `on: ${running}` : `on: ${folder.dir} (mode 0700, yours alone)` };
}
