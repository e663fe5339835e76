// Score history, pure: which analyses of a report sitedeck has seen, merged from what it reads and
// bounded. An analysis is known by its `generated_at`; reading the same one again adds nothing.
import type { PreviousAnalysis, RecordId, Report } from '../domain';

/** One analysis of a report, as seen. */
export interface Analysis {
  url: string;
  generated_at: string;
  result: number;
  /** Names of the checks that failed (at most MAX_FAILED); absent when the report came without its checks. */
  failed?: string[];
}

/** Analyses by report id, each list oldest first; one book per server (its SEO origin). */
export type Book = Readonly<Record<string, readonly Analysis[]>>;

export interface HistoryData {
  version: 1;
  /** SEO origin → book: a profile pointed at another server never mixes their ids. */
  hosts: Readonly<Record<string, Book>>;
}

/** Most analyses kept per report, and in all; the oldest go first. */
export const PER_REPORT = 20;
const TOTAL = 20_000;
/** Failed check names kept per analysis, and the longest name kept: a hostile report costs this much. */
export const MAX_FAILED = 48;
export const MAX_NAME = 64;

type Seen = Pick<Report, 'id' | 'url' | 'generated_at' | 'result'> & { checks?: Report['checks'] | null };

const byDate = (a: Analysis, b: Analysis) => (a.generated_at < b.generated_at ? -1 : a.generated_at > b.generated_at ? 1 : 0);

/** Failed check names, bounded; undefined when unknown (no checks sent, or not a list). */
function failedOf(checks: unknown): string[] | undefined {
  if (!Array.isArray(checks) || checks.length === 0) return undefined;
  const names = new Set<string>();
  for (const c of checks) {
    if (names.size >= MAX_FAILED) break;
    if (typeof c === 'object' && c !== null && (c as { passed?: unknown }).passed === false && typeof (c as { name?: unknown }).name === 'string') {
      names.add((c as { name: string }).name.slice(0, MAX_NAME));
    }
  }
  return [...names];
}

function analysisOf(r: Seen): Analysis | null {
  if (!r.generated_at || typeof r.result !== 'number' || !Number.isFinite(r.result)) return null;
  const failed = failedOf(r.checks);
  return failed ? { url: r.url, generated_at: r.generated_at, result: r.result, failed } : { url: r.url, generated_at: r.generated_at, result: r.result };
}

/**
 * The book with what `reports` show added (new `generated_at` only, or the failed checks of one
 * seen before without them); the same book when nothing is new.
 */
export function observe(book: Book, reports: readonly Seen[]): Book {
  let next: Record<string, readonly Analysis[]> | null = null;
  for (const r of reports) {
    const a = analysisOf(r);
    if (!a) continue;
    const key = String(r.id);
    const list = (next ?? book)[key] ?? [];
    const same = list.find((x) => x.generated_at === a.generated_at);
    if (same && (same.failed || !a.failed)) continue;
    next ??= { ...book };
    next[key] = same ? list.map((x) => (x === same ? { ...x, failed: a.failed } : x)) : [...list, a].sort(byDate).slice(-PER_REPORT);
  }
  return next ? bound(next) : book;
}

/** At most TOTAL analyses: the oldest, over every report, go first. */
export function bound(book: Book, total = TOTAL): Book {
  const count = Object.values(book).reduce((n, l) => n + l.length, 0);
  if (count <= total) return book;
  const all = Object.entries(book).flatMap(([id, l]) => l.map((a) => ({ id, a })));
  all.sort((x, y) => byDate(x.a, y.a));
  const keep = all.slice(count - total);
  const out: Record<string, Analysis[]> = {};
  for (const { id, a } of keep) (out[id] ??= []).push(a);
  return out;
}

/** The book without a report (deleted: nothing of it is kept). */
export function forget(book: Book, id: RecordId): Book {
  if (!(String(id) in book)) return book;
  const { [String(id)]: _gone, ...rest } = book;
  return rest;
}

/** The analyses of a report, oldest first. */
export function analysesOf(book: Book, id: RecordId): readonly Analysis[] {
  return book[String(id)] ?? [];
}

/**
 * Names of the checks that failed in the analysis before the one the report shows, or null when
 * sitedeck has seen no earlier one or saw it without its checks.
 */
export function previousFailedOf(book: Book, r: Pick<Report, 'id' | 'generated_at'>): readonly string[] | null {
  return previousAnalysisOf(book, r)?.failed ?? null;
}

/** The analysis before the one the report shows, when sitedeck saw it with its checks; else null. */
export function previousAnalysisOf(book: Book, r: Pick<Report, 'id' | 'generated_at'>): PreviousAnalysis | null {
  if (!r.generated_at) return null;
  const earlier = analysesOf(book, r.id).filter((a) => a.generated_at < r.generated_at!);
  const prev = earlier[earlier.length - 1];
  return prev?.failed ? { generated_at: prev.generated_at, failed: prev.failed } : null;
}

/**
 * The score change since the analysis before the one the report shows (`+12`, `-5`, 0), or null
 * when sitedeck has seen no earlier one.
 */
export function changeOf(book: Book, r: Pick<Report, 'id' | 'generated_at' | 'result'>): number | null {
  if (!r.generated_at || typeof r.result !== 'number') return null;
  const earlier = analysesOf(book, r.id).filter((a) => a.generated_at < r.generated_at!);
  const prev = earlier[earlier.length - 1];
  return prev ? Math.round(r.result) - Math.round(prev.result) : null;
}

/** A book read from disk, kept only where it has the right shape (anything else is dropped). */
export function parseHistory(raw: unknown): HistoryData | null {
  if (typeof raw !== 'object' || raw === null || (raw as { version?: unknown }).version !== 1) return null;
  const hosts = (raw as { hosts?: unknown }).hosts;
  if (typeof hosts !== 'object' || hosts === null || Array.isArray(hosts)) return null;
  const out: Record<string, Book> = {};
  for (const [host, book] of Object.entries(hosts)) {
    if (typeof book !== 'object' || book === null || Array.isArray(book)) continue;
    const clean: Record<string, Analysis[]> = {};
    for (const [id, list] of Object.entries(book as Record<string, unknown>)) {
      if (!/^\d+$/.test(id) || !Array.isArray(list)) continue;
      const ok = list.filter(
        (a): a is Analysis =>
          typeof a === 'object' && a !== null && typeof a.url === 'string' && typeof a.generated_at === 'string' && typeof a.result === 'number',
      );
      if (ok.length) clean[id] = ok.map(cleanAnalysis).sort(byDate).slice(-PER_REPORT);
    }
    out[host] = bound(clean);
  }
  return { version: 1, hosts: out };
}

/** An analysis as kept: its failed checks only when they are a list of names (older files have none). */
function cleanAnalysis(a: Analysis): Analysis {
  const out: Analysis = { url: a.url, generated_at: a.generated_at, result: a.result };
  const f: unknown = a.failed;
  if (Array.isArray(f)) out.failed = [...new Set(f.filter((n): n is string => typeof n === 'string').map((n) => n.slice(0, MAX_NAME)))].slice(0, MAX_FAILED);
  return out;
}

/** `↑12`, `↓5`, `=` (no change); '' when nothing earlier is known. */
export function arrow(change: number | null): string {
  if (change === null) return '';
  return change > 0 ? `↑${change}` : change < 0 ? `↓${-change}` : '=';
}

const SPARKS = '▁▂▃▄▅▆▇█';

/** One cell per score (0–100 on a fixed scale, so two reports' lines compare). */
export function sparkline(scores: readonly number[]): string {
  return scores.map((s) => SPARKS[Math.max(0, Math.min(7, Math.round((s / 100) * 7)))]).join('');
}

/** Rows of a trend, newest first: when, the score, the change from the analysis before it. */
interface TrendRow {
  generated_at: string;
  result: number;
  change: number | null;
}

export interface Trend {
  /** `▅▆█ 3 analyses, ↑12 since 2026-10-01` */
  summary: string;
  rows: TrendRow[];
}

/** The trend of a report's analyses (oldest first in); null until sitedeck has seen two. */
export function trendOf(analyses: readonly Analysis[], rows = 8): Trend | null {
  if (analyses.length < 2) return null;
  const first = analyses[0];
  const last = analyses[analyses.length - 1];
  const total = Math.round(last.result) - Math.round(first.result);
  const out: TrendRow[] = [];
  for (let i = analyses.length - 1; i >= 0 && out.length < rows; i--) {
    const before = analyses[i - 1];
    out.push({
      generated_at: analyses[i].generated_at,
      result: Math.round(analyses[i].result),
      change: before ? Math.round(analyses[i].result) - Math.round(before.result) : null,
    });
  }
  const moved = total === 0 ? 'unchanged' : arrow(total);
  return { summary: `${sparkline(analyses.map((a) => a.result))} ${analyses.length} analyses, ${moved} since ${first.generated_at.slice(0, 10)}`, rows: out };
}
