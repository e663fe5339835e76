// A list whose request failed (the host down, a reset, a 5xx) is asked again by itself while it is
// shown, after a back-off that doubles with each failure in a row (2 s, 4 s, 8 s … 60 s), so the
// rows stop being stale once the host answers without the user pressing `r`. Each retry is the
// list's ordinary request (list/retry bumps its epoch), so it goes through the pacer and the
// request line like every other; nothing is retried while another screen, an overlay or a write
// has the deck, and leaving the list stops the clock (coming back starts it again).
import { isApiError } from '../api/errors';
import { follow, type StartSliceEffects } from './sliceEffects';
import { modeOf } from './stack';
import type { DeckState, TabName } from './types';

const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 60_000;

/** Failures the host may answer later: it did not answer at all, or was down or limiting (a 401 or 404 would come again). */
const TRANSIENT: ReadonlySet<string> = new Set(['network', 'timeout', 'server', 'rateLimited']);

export function answersLater(e: unknown): boolean {
  return isApiError(e) && TRANSIENT.has(e.kind);
}

/** The wait before the next retry, after `failed` failures in a row. */
function retryDelay(failed: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, Math.min(failed, 16) - 1));
}

/** The failure a retry is due for: the tab shown with its list failed and nothing else under way; else null. */
function dueFor(state: DeckState): { tab: TabName; key: string; failed: number } | null {
  const t = state.tabs[state.tab];
  const kind = modeOf(state).kind;
  const failed = t.failedInRow ?? 0;
  if (t.error === null || failed === 0 || t.loading || state.op || (kind !== 'list' && kind !== 'detail')) return null;
  // One timer per failure: a new failure (its request id) starts the next, longer wait.
  return { tab: state.tab, key: `${state.tab}:${t.requestId}:${failed}`, failed };
}

export const startAutoRefresh: StartSliceEffects = ({ store }) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waitingFor: string | null = null;
  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    waitingFor = null;
  };

  function onState(state: DeckState) {
    const due = dueFor(state);
    if (!due) return clear();
    if (due.key === waitingFor) return;
    clear();
    waitingFor = due.key;
    timer = setTimeout(() => {
      timer = undefined;
      waitingFor = null;
      store.dispatch({ type: 'list/retry', tab: due.tab });
    }, retryDelay(due.failed));
    timer.unref?.();
  }

  return follow(store, onState, clear);
};
