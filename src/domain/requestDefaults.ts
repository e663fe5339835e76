// The defaults of the limits every request keeps, in the settings' units. The settings table
// (src/config/settings.ts) declares them as the defaults of timeout, max_wait, max_body_mb and
// max_depth, and the client (src/api) applies them when no setting reaches it: written here, below
// both, because the client may not import the settings.
export const REQUEST_DEFAULTS = {
  /** Seconds before a request is given up (timeout). */
  timeoutSec: 15,
  /** The longest Retry-After waited out, in seconds (max_wait): Laravel's windows are minutes. */
  maxWaitSec: 300,
  /** Megabytes of one answer (max_body_mb): far above the largest real page (100 reports with results ≈ 2 MB). */
  maxBodyMb: 32,
  /** Levels an answer may nest (max_depth): the APIs' records are 3 levels deep. */
  maxDepth: 64,
} as const;
