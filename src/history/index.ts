// The score history a session keeps: off with `config set history false`, in memory only on the
// demo's throw-away server, otherwise in the profile's file (see file.ts).
import type { ResolvedConfig } from '../config/types';
import { historyPath, type Env } from './file';
import { createHistory, NO_HISTORY, type HistoryStore } from './store';

export { withHistory } from './client';
export { NO_HISTORY, type HistoryStore } from './store';

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
  const path = opts.demo ? undefined : historyPath(opts.env, config.profile);
  return createHistory({ path, host: opts.host, onWarning: opts.onWarning });
}
