// What is at each path of the table (table.ts) now, and whether sitedeck would use it: doctor's
// listing. Looks only (lstat, stat): nothing is opened, made or changed.
import { lstatSync, statSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { stateFileLimit } from './read';
import { ownFileProblem } from './ownFile';
import { tempFilesBeside } from './sweep';
import { currentUid, modeText, ownFolders } from './ownFolder';
import { LOCAL_FILES, type LocalFile, type Places } from './table';

export interface LocalState {
  row: LocalFile;
  /** The path looked at; undefined for a row with no fixed place. */
  path?: string;
  /** ok: there and as the row says; missing: not there (made when needed); refused: sitedeck would not use it. */
  state: 'ok' | 'missing' | 'refused' | 'elsewhere';
  detail: string;
  fix?: string;
}

const ENV_OF: Partial<Record<LocalFile['id'], string>> = { stateFolder: 'XDG_STATE_HOME', cacheFolder: 'XDG_CACHE_HOME', compiledFolder: 'XDG_CACHE_HOME' };

function lookAt(path: string): Stats | 'missing' | Error {
  try {
    return lstatSync(path);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (e as Error);
  }
}

function folderState(row: LocalFile, path: string, me: number | undefined): LocalState {
  const st = lookAt(path);
  if (st === 'missing') return { row, path, state: 'missing', detail: `not made yet (made mode ${modeText(row.mode)} when needed)` };
  if (st instanceof Error) return { row, path, state: 'refused', detail: `cannot be looked at (${st.message})` };
  if (row.followsLinks) {
    // The config folder: whoever can write it can replace config.json, which src/config/trust.ts judges with what the file holds.
    const target = st.isSymbolicLink() ? statSync(path, { throwIfNoEntry: false }) : st;
    if (!target?.isDirectory()) return { row, path, state: 'refused', detail: `not a folder`, fix: `rm ${path}` };
    return { row, path, state: 'ok', detail: `mode ${modeText(target.mode)}, uid ${target.uid}` };
  }
  const own = ownFolders(dirname(path), [path], false, me, ENV_OF[row.id]);
  if (!own.ok) return { row, path, state: 'refused', detail: own.why, ...(own.fix ? { fix: own.fix } : {}) };
  return { row, path, state: 'ok', detail: `mode ${modeText(st.mode)}, yours alone` };
}

function fileState(row: LocalFile, path: string, me: number | undefined): LocalState {
  const st = lookAt(path);
  if (st === 'missing') return { row, path, state: 'missing', detail: 'none' };
  if (st instanceof Error) return { row, path, state: 'refused', detail: `cannot be looked at (${st.message})` };
  const seen = st.isSymbolicLink() && row.followsLinks ? statSync(path, { throwIfNoEntry: false }) : st;
  if (!seen) return { row, path, state: 'refused', detail: 'a symbolic link to nothing', fix: `rm ${path}` };
  const problem = ownFileProblem(path, seen, row.maxBytes ?? stateFileLimit(), me, row.owner === 'you or root');
  if (problem) return { row, path, state: 'refused', detail: problem.why, fix: problem.fix };
  return { row, path, state: 'ok', detail: `mode ${modeText(seen.mode)}, ${seen.size} bytes` };
}

/** The temporary files beside each of the row's files: one a dead writer left (removed at the next write), or one left alone, and why. */
function tempStates(row: LocalFile, beside: readonly string[]): LocalState[] {
  const found = beside.flatMap((file) => tempFilesBeside(file));
  if (found.length === 0) return [{ row, state: 'missing', detail: 'none beside the files sitedeck replaces' }];
  return found.map((t) =>
    t.why === null
      ? { row, path: t.path, state: 'ok', detail: `${t.path}: left by a writer that is gone; the next write removes it` }
      : { row, path: t.path, state: 'refused', detail: `${t.path}: left alone (${t.why})`, fix: `look at it, and remove it if it is not wanted: rm ${t.path}` },
  );
}

/** Every row of the table with what is at its paths now (a row with no fixed place: its rule). */
export function inspectLocalFiles(places: Places, me: number | undefined = currentUid()): LocalState[] {
  const out: LocalState[] = [];
  for (const row of LOCAL_FILES) {
    const paths = row.paths(places);
    if (row.kind === 'temporary' && paths.length > 0) {
      for (const st of tempStates(row, paths)) out.push(st);
      continue;
    }
    if (paths.length === 0) out.push({ row, state: 'elsewhere', detail: row.whenWrong });
    const states = paths.map((path) => (row.kind === 'folder' ? folderState(row, path, me) : fileState(row, path, me)));
    // A row of several files (a database and its side files): those there, or one line when none is.
    const there = states.filter((st) => st.state !== 'missing');
    for (const st of there.length > 0 || states.length === 0 ? there : states.slice(0, 1)) out.push(st);
  }
  return out;
}
