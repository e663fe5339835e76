// Where the score history lives and how it is read and written: one file per profile under
// $XDG_STATE_HOME/sitedeck (else ~/.local/state/sitedeck), mode 0600, replaced atomically.
import { mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { parseHistory, type HistoryData } from './model';

export type Env = Readonly<Record<string, string | undefined>>;

/** $XDG_STATE_HOME/sitedeck, else ~/.local/state/sitedeck (a relative XDG_STATE_HOME is ignored, as the spec says). */
export function stateDirFrom(env: Env, home: string = homedir()): string {
  const xdg = env.XDG_STATE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'sitedeck');
  return join(home, '.local', 'state', 'sitedeck');
}

/** The history file of a profile (its name made safe for a file name). */
export function historyPath(env: Env, profile: string): string {
  return join(stateDirFrom(env), `history-${encodeURIComponent(profile)}.json`);
}

export type Loaded = { kind: 'ok'; data: HistoryData } | { kind: 'none' } | { kind: 'unreadable'; reason: string };

export async function loadHistory(path: string): Promise<Loaded> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
    return { kind: 'unreadable', reason: (e as Error).message };
  }
  try {
    const data = parseHistory(JSON.parse(text));
    return data ? { kind: 'ok', data } : { kind: 'unreadable', reason: 'not a sitedeck history file' };
  } catch {
    return { kind: 'unreadable', reason: 'not valid JSON' };
  }
}

let seq = 0;

/** Written to a private temporary file beside it, then renamed over it: a reader never sees half a file. */
export async function saveHistory(path: string, data: HistoryData): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.${++seq}.tmp`;
  const fh = await open(tmp, 'w', 0o600);
  try {
    await fh.writeFile(JSON.stringify(data));
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    await rename(tmp, path);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
}

/** A temporary file this old was left by a process that ended mid-write: nobody will rename it. */
const STALE_MS = 10 * 60_000;

/** Removes the temporary files of `path` that writers which ended mid-write left behind. */
export async function sweepTemps(path: string, now = Date.now()): Promise<number> {
  const dir = dirname(path);
  const prefix = `${basename(path)}.`;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith(prefix) || !/^\d+\.\d+\.tmp$/.test(name.slice(prefix.length))) continue;
    try {
      if (now - (await stat(join(dir, name))).mtimeMs < STALE_MS) continue;
      await unlink(join(dir, name));
      removed++;
    } catch {
      // gone already, or not ours to remove
    }
  }
  return removed;
}
