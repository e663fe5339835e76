// `sitedeck doctor`, the local files: every row of the table of local paths (src/files/table.ts)
// with what is there now and whether sitedeck would use it, looked at before this run's requests
// make or change anything.
import { configDirFrom, type Env } from '../config';
import type { ResolvedConfig } from '../config/types';
import { cacheDirFrom } from '../cache/dir';
import { inspectLocalFiles, type LocalState } from '../files/inspect';
import { stateDirFrom } from '../files/statePaths';
import type { DoctorCheck } from './doctorCheck';

const STATE_WORDS: Readonly<Record<LocalState['state'], string>> = { ok: '', missing: '', refused: 'refused: ', elsewhere: 'no fixed place: ' };

function checkOf(s: LocalState, n: number): DoctorCheck {
  const id = `files.${s.row.id}${n > 0 ? `.${n}` : ''}`;
  // A refusal names the path itself.
  const where = s.path && !s.detail.includes(s.path) ? `${s.path}: ` : '';
  return {
    id,
    group: 'files',
    title: s.row.title,
    status: s.state === 'refused' ? 'warn' : 'ok',
    detail: `${where}${STATE_WORDS[s.state]}${s.detail}`,
    ...(s.state === 'refused' ? { fix: s.fix ?? s.row.whenWrong } : {}),
  };
}

export function localFileChecks(env: Env, config: ResolvedConfig | undefined): DoctorCheck[] {
  const places = {
    configDir: config?.configDir ?? configDirFrom(env),
    stateDir: stateDirFrom(env),
    cacheDir: cacheDirFrom(env),
    env,
    profile: config?.profile ?? 'default',
  };
  const seen = new Map<string, number>();
  return inspectLocalFiles(places).map((s) => {
    const n = seen.get(s.row.id) ?? 0;
    seen.set(s.row.id, n + 1);
    return checkOf(s, n);
  });
}
