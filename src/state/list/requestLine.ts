import { isAbort } from '../errorText';

/** What one kind of answer (a tab's list page, the Reports distribution) does at each step. */
export interface LineSteps<V> {
  /** Sends the request for what the state wants now: the key its answer is cached under, and the answer. */
  start(requestId: number, signal: AbortSignal): { key: string; answer: Promise<V> };
  /** The answer to request `requestId`, whose cache key is `key`. */
  loaded(requestId: number, value: V, key: string): void;
  failed(requestId: number, error: unknown, key: string): void;
  /** Shows a cached answer for what the state wants, without a request. */
  cached(value: V): void;
}

export interface LineOptions {
  /** Answers kept (the least recently used goes first). */
  cacheSize: number;
  /** Quiet time after the last keystroke of a search before the request goes out. */
  debounceMs: number;
  nextRequestId(): number;
  stopped(): boolean;
  /** Says a request is leaving (the store draws the frame after it: Store.sending). */
  sending?(): void;
}

export interface RequestLine {
  /**
   * Brings the line in step with the state: `want` names the request the state calls for, `cacheKey`
   * its answer in the cache of `epoch` (a new epoch empties the cache). While `typing`, the request
   * waits for the debounce (except on the first sync); when typing ends, a waiting request goes at once.
   */
  sync(want: string, cacheKey: string, epoch: number, typing: boolean, first: boolean): void;
  stop(): void;
}

/**
 * One request at a time for what the state wants: from the cache when it can, else one request
 * (debounced while typing); a newer request aborts the one before and its answer is dropped.
 */
export function requestLine<V>(steps: LineSteps<V>, opts: LineOptions): RequestLine {
  let wanted: string | undefined;
  let cacheEpoch: number | undefined;
  const cache = new Map<string, V>();
  let inflight: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };

  function remember(key: string, value: V) {
    cache.delete(key);
    cache.set(key, value);
    while (cache.size > opts.cacheSize) cache.delete(cache.keys().next().value as string);
  }

  function send() {
    clearTimer();
    inflight?.abort();
    const ctrl = new AbortController();
    inflight = ctrl;
    const requestId = opts.nextRequestId();
    opts.sending?.();
    const { key, answer } = steps.start(requestId, ctrl.signal);
    answer
      .then(
        (value) => {
          if (opts.stopped() || ctrl.signal.aborted) return;
          remember(key, value);
          steps.loaded(requestId, value, key);
        },
        (e: unknown) => {
          if (opts.stopped() || isAbort(e, ctrl.signal)) return;
          ctrl.abort(); // what else the request had going is of no use now
          steps.failed(requestId, e, key);
        },
      )
      .finally(() => {
        if (inflight === ctrl) inflight = undefined;
      });
  }

  return {
    sync(want, cacheKey, epoch, typing, first) {
      if (want === wanted) {
        // Enter on a search sends a pending debounced request at once.
        if (!typing && timer) send();
        return;
      }
      wanted = want;
      if (cacheEpoch !== epoch) {
        cacheEpoch = epoch;
        cache.clear();
      }
      const hit = cache.get(cacheKey);
      if (hit !== undefined) {
        remember(cacheKey, hit); // most recently used
        clearTimer();
        inflight?.abort();
        steps.cached(hit);
        return;
      }
      if (typing && !first) {
        clearTimer();
        timer = setTimeout(send, opts.debounceMs);
        return;
      }
      send();
    },
    stop() {
      inflight?.abort();
      clearTimer();
    },
  };
}
