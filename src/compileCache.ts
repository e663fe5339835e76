// The bundle's compiled code, kept on disk by Node (module.enableCompileCache): from the second
// launch on, V8 reads the code of the modules it compiled before instead of compiling them again.
// It sits in sitedeck's own cache folder (mode 0700: code read back from it runs as the user), and
// Node checks each entry against the source it was compiled from. NODE_DISABLE_COMPILE_CACHE=1
// turns it off (Node's own switch). The figures: docs/PERFORMANCE.md, "Launch".
import { mkdirSync } from 'node:fs';
// A namespace import: the entry loads this on any Node, and Node 20's node:module has no enableCompileCache.
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { cacheDirFrom, type Env } from './cache/dir';

/** Starts Node's compile cache for what loads from here on; a folder that cannot be made only costs the cache. */
export function keepCompiledCode(env: Env): void {
  try {
    const dir = join(cacheDirFrom(env), 'compiled');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    nodeModule.enableCompileCache(dir);
  } catch {
    // Read-only home, a file where the folder would be: the launch compiles, as without the cache.
  }
}
