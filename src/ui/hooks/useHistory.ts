import { createContext, useContext, useSyncExternalStore } from 'react';
import { NO_HISTORY, type HistoryStore } from '../../history/store';

// The session's score history, for the list's ↑/↓ and the detail's trend.
export const HistoryContext = createContext<HistoryStore>(NO_HISTORY);

/** The history, re-rendering the caller when it changes (a re-run, the file read at start). */
export function useHistory(): HistoryStore {
  const history = useContext(HistoryContext);
  useSyncExternalStore(history.subscribe, history.version);
  return history;
}
