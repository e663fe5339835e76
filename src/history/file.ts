// Where the score history lives and how it is read and written: one file per profile under
// $XDG_STATE_HOME/sitedeck (else ~/.local/state/sitedeck), mode 0600, changed under the
// shared lock and replaced atomically (src/files).
import { readdir, stat, unlink } from 'node:fs/promises';
import { homeFrom } from '../files/home';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { readStateFile, updateFile } from '../files';
import { EMPTY, parseHistory, type HistoryData } from './model';

export type Env = Readonly<Record<string, string | undefined>>;

/** $XDG_STATE_HOME/sitedeck, else ~/.local/state/sitedeck (a relative XDG_STATE_HOME is ignored, as the spec says). */
export function stateDirFrom(env: Env, home: string = homeFrom(env)): string {
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
  let text: string | undefined;
  try {
    text = await readStateFile(path);
  } catch (e) {
    return { kind: 'unreadable', reason: (e as Error).message };
  }
  if (text === undefined) return { kind: 'none' };
  try {
    const data = parseHistory(JSON.parse(text));
    return data ? { kind: 'ok', data } : { kind: 'unreadable', reason: 'not a sitedeck history file' };
  } catch {
    return { kind: 'unreadable', reason: 'not valid JSON' };
  }
}

/**
 * Changes the file under the lock every sitedeck process takes: `change` gets the history on disk
 * now (another process may have added its reports since this one read it) and returns the new one.
 * An unreadable file is started over only by the caller's choice: here it is passed as empty.
 */
export async function updateHistory(path: string, change: (onDisk: HistoryData) => HistoryData): Promise<HistoryData> {
  let out: HistoryData = EMPTY;
  await updateFile(path, (text) => {
    let onDisk: HistoryData = EMPTY;
    if (text !== undefined) {
      try {
        onDisk = parseHistory(JSON.parse(text)) ?? EMPTY;
      } catch {
        onDisk = EMPTY;
      }
    }
    out = change(onDisk);
    return JSON.stringify(out);
  });
  return out;
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
