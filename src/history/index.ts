// The score history a session keeps: off with `config set history false`, in memory only on the
// demo's throw-away server, otherwise in the profile's state database (see file.ts).
import type { ResolvedConfig } from '../config/types';
import { oldStateFile, profileDatabase } from '../files/db';
import { createHistory, NO_HISTORY, type HistoryStore } from './store';

export { withHistory } from './client';
export { NO_HISTORY, type HistoryStore } from './store';

type Env = Readonly<Record<string, string | undefined>>;

export interface HistoryFor {
  /** The SEO host's origin: one book per server. */
  host: string;
  demo?: boolean;
  /** The environment naming the state directory (XDG_STATE_HOME, HOME). */
  env: Env;
  onWarning?: (text: string) => void;
}

export function historyFor(config: Pick<ResolvedConfig, 'profile' | 'history'>, opts: HistoryFor): HistoryStore {
  if (config.history === false) return NO_HISTORY;
  if (opts.demo) return createHistory({ host: opts.host, onWarning: opts.onWarning });
  return createHistory({
    database: profileDatabase(opts.env, config.profile),
    oldFile: oldStateFile(opts.env, 'history', config.profile),
    host: opts.host,
    onWarning: opts.onWarning,
  });
}
