// The warm-start cache's content, pure: which hosts and key it belongs to, and the last pages shown
// of each tab by query. Encoding bounds its size; decoding refuses a file that is not ours.
import { recordIdOf, resourceDef, type Page } from '../domain';
import { TABS, type AnyRecord, type TabName } from '../state/types';
import { jsonText } from '../text/json';

const SNAPSHOT_VERSION = 1;
/** Pages kept per tab (the default query's first page is what a launch shows; a few more cost little). */
const ENTRIES_PER_TAB = 3;
/** Upper bound of the file; the oldest pages go first when it is exceeded. */
const MAX_BYTES = 1024 * 1024;

/** Whose data it is: the base URLs and a hash of the key (never the key itself). */
export interface CacheIdentity {
  baseUrl: string;
  seoBaseUrl: string;
  keyHash: string;
}

export interface CacheEntry {
  /** queryKey() of the query the page answered. */
  query: string;
  /** When the page arrived (ms since the epoch). */
  savedAt: number;
  page: Page<AnyRecord>;
}

export interface Snapshot extends CacheIdentity {
  v: typeof SNAPSHOT_VERSION;
  tabs: Record<TabName, CacheEntry[]>;
}

export type Decoded = { kind: 'ok'; snapshot: Snapshot } | { kind: 'corrupt'; why: string } | { kind: 'foreign'; why: string };

export function emptySnapshot(id: CacheIdentity): Snapshot {
  return { v: SNAPSHOT_VERSION, ...id, tabs: { websites: [], reports: [] } };
}

/** The page for this tab and query, if kept. */
export function lookup(s: Snapshot, tab: TabName, query: string): CacheEntry | undefined {
  return s.tabs[tab].find((e) => e.query === query);
}

/**
 * The page for this tab and query, else one kept for the same query at another page size (the deck
 * fits the page size to the terminal, which may have another height this time): better than nothing
 * for the moment before the server answers.
 */
export function lookupNear(s: Snapshot, tab: TabName, query: string): CacheEntry | undefined {
  const exact = lookup(s, tab, query);
  if (exact) return exact;
  const sansSize = (q: string) => {
    try {
      const { per_page: _size, ...rest } = JSON.parse(q) as Record<string, unknown>;
      return JSON.stringify(rest);
    } catch {
      return null;
    }
  };
  const want = sansSize(query);
  return s.tabs[tab].find((e) => want !== null && sansSize(e.query) === want);
}

/** Keeps `page` as the newest entry of `tab` (replacing one of the same query); the oldest drop past the limit. */
export function withPage(s: Snapshot, tab: TabName, entry: CacheEntry, perTab = ENTRIES_PER_TAB): Snapshot {
  const rest = s.tabs[tab].filter((e) => e.query !== entry.query);
  return { ...s, tabs: { ...s.tabs, [tab]: [entry, ...rest].slice(0, perTab) } };
}

/** The file's text, at most `maxBytes`: the oldest entries are left out until it fits; null when not even one page fits. */
export function encode(s: Snapshot, maxBytes = MAX_BYTES): string | null {
  let cur = s;
  for (;;) {
    const text = jsonText(cur);
    if (Buffer.byteLength(text) <= maxBytes) return text;
    const all = TABS.flatMap((t) => cur.tabs[t].map((e) => ({ t, e })));
    if (all.length <= 1) return null;
    const oldest = all.reduce((a, b) => (b.e.savedAt < a.e.savedAt ? b : a));
    cur = { ...cur, tabs: { ...cur.tabs, [oldest.t]: cur.tabs[oldest.t].filter((e) => e !== oldest.e) } };
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isIntOrNull = (v: unknown) => v === null || isInt(v);

function validPage(tab: TabName, v: unknown): v is Page<AnyRecord> {
  if (!isObj(v) || !Array.isArray(v.items) || !isObj(v.meta)) return false;
  const m = v.meta;
  if (![m.page, m.lastPage, m.perPage, m.total].every(isInt) || !isIntOrNull(m.from) || !isIntOrNull(m.to)) return false;
  const nameField = resourceDef(tab).nameField;
  // An id in its one form (src/domain/ids.ts): a number, or the digits of one too large for it.
  return v.items.every((r) => isObj(r) && r.id !== null && recordIdOf(r.id) === r.id && typeof r[nameField] === 'string');
}

function validEntry(tab: TabName, v: unknown): v is CacheEntry {
  return isObj(v) && typeof v.query === 'string' && typeof v.savedAt === 'number' && Number.isFinite(v.savedAt) && validPage(tab, v.page);
}

/** Parses a cache file; refuses one that is damaged or belongs to other hosts or another key. */
export function decode(text: string, id: CacheIdentity): Decoded {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { kind: 'corrupt', why: 'not valid JSON' };
  }
  if (!isObj(raw) || raw.v !== SNAPSHOT_VERSION || !isObj(raw.tabs)) return { kind: 'corrupt', why: 'not a sitedeck cache of this version' };
  if (raw.baseUrl !== id.baseUrl || raw.seoBaseUrl !== id.seoBaseUrl) return { kind: 'foreign', why: 'written for other base URLs' };
  if (raw.keyHash !== id.keyHash) return { kind: 'foreign', why: 'written for another API key' };
  const tabs = {} as Record<TabName, CacheEntry[]>;
  for (const t of TABS) {
    const list = raw.tabs[t] ?? [];
    if (!Array.isArray(list) || !list.every((e) => validEntry(t, e))) return { kind: 'corrupt', why: `its ${t} pages are damaged` };
    tabs[t] = list.slice(0, ENTRIES_PER_TAB);
  }
  return { kind: 'ok', snapshot: { v: SNAPSHOT_VERSION, ...id, tabs } };
}
