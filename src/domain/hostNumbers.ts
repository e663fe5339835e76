// Whether a number a host sent can be so, judged in one place before sitedeck says it: a moment
// between 1970 and the end of year 9999, a wait that ends by then, a count that is a whole number
// of at least 0, a last page that agrees with the total and the page size. What fails is said as
// unknown, in words: never a garbled date, never a next page that cannot exist.

/** The last moment a date can be printed as one (9999-12-31 23:59:59.999 UTC). */
const LAST_SANE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Said where a host's wait, or the moment it ends, cannot be so. */
export const INSANE_WAIT = "the host's wait is not a sane time";

/** Said where the host's count of the records is not one. */
export const TOTAL_UNKNOWN = 'total unknown';

/** A moment (ms since 1970) that can be printed as a date: from 1970 to the end of year 9999. */
export const isSaneMoment = (ms: number): boolean => Number.isFinite(ms) && ms >= 0 && ms <= LAST_SANE_MS;

/** A wait in seconds a host may be believed (a Retry-After, an X-RateLimit-Reset): at least 0, ending by the end of year 9999. */
export const isSaneWait = (sec: number, nowMs: number): boolean => Number.isFinite(sec) && sec >= 0 && isSaneMoment(nowMs + sec * 1000);

/** A count of records: a whole number of at least 0 that a double holds exactly; else null. */
export const saneCount = (n: number | null): number | null => (n !== null && Number.isSafeInteger(n) && n >= 0 ? n : null);

export interface PageFacts {
  /** The page asked for and answered (1-based). */
  page: number;
  perPage: number;
  /** Records on this page. */
  count: number;
  /** The host's total, when sane. */
  total: number | null;
  /** The host's last page, as sent (null when it sent none or not a number). */
  lastPage: number | null;
  /** The host links a next page. */
  hasNext: boolean;
}

/**
 * The last page, consistent with what is known: with a total, the page the total ends on (a last
 * page the host says that disagrees cannot exist); without one, this page when it is not full and
 * links no next page, else the host's when it is a whole number past this page, else the next.
 */
export function saneLastPage(f: PageFacts): number {
  if (f.total !== null) return Math.max(1, Math.ceil(f.total / f.perPage));
  const said = saneCount(f.lastPage);
  if (f.count < f.perPage && !f.hasNext) return f.page;
  if (said !== null && said >= f.page) return said;
  return f.hasNext ? f.page + 1 : f.page;
}
