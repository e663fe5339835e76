// Looking at a path without opening it, and making a folder: the small things code outside this
// folder asks of the disk (it imports no node:fs), each in one function.
import { chmodSync, existsSync, mkdirSync, realpathSync, statSync } from 'node:fs';

/** What a stat says that the rules read. */
export interface Look {
  mode: number;
  uid: number;
  size: number;
  isFile: boolean;
  isDirectory: boolean;
}

/** The path's stat (links followed): 'missing' when nothing is there, an Error when it cannot be looked at. */
export function lookAt(path: string): Look | 'missing' | Error {
  try {
    const st = statSync(path);
    return { mode: st.mode, uid: st.uid, size: st.size, isFile: st.isFile(), isDirectory: st.isDirectory() };
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (e as Error);
  }
}

/** Where `path` leads, links followed; `path` itself when nothing is there yet. */
export function resolvedPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Whether anything is at `path` (links followed). */
export const exists = (path: string): boolean => existsSync(path);

/**
 * Makes the folder (and those above it) with `mode` when it is missing; one that exists is left as
 * it is. Returns whether it was made.
 */
export function makeFolder(dir: string, mode: number): boolean {
  const made = mkdirSync(dir, { recursive: true, mode });
  // mkdir's mode passes through the umask; a folder sitedeck makes has the mode it says.
  if (made !== undefined && process.platform !== 'win32') chmodSync(dir, mode);
  return made !== undefined;
}
