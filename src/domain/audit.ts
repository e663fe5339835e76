// A site audit across reports: per check, the pages failing it, its importance, a summary in words
// of what those pages show, and (with history) how many newly fail it or were fixed since each
// page's previous analysis. A page is a URL (comparableName): of several reports of one URL the
// latest analysis counts, and the one before it says what is new or fixed. Importance is what the
// reports say; the domain's table fills in only what they leave out. Pure; the score history is
// a higher layer, so it comes as a callback.
import { comparableName } from '../text/url';
import { checkLabel, checkReason, keySummary, type KeyFacts } from './checkReasons';
import { projectOf } from './projects';
import type { Check, Report } from './records';
import { CHECKS, classify, IMPORTANCE_ORDER, type Importance, type ResultClass } from './results';
import { compareIds, type RecordId } from './ids';

export interface AuditPage {
  id: RecordId;
  url: string;
  /** projectOf(report). */
  project: string;
  score: number | null;
  /** This page's own reason, in words. */
  reason: string;
  /** Fails now and passed in the page's previous analysis; null: no history of the page. */
  isNew: boolean | null;
}

export interface AuditCheck {
  /** The check's name as the host sends it. */
  name: string;
  label: string;
  /**
   * As the reports sent it (the most severe when they disagree); the domain's table when no report
   * said; null for a check neither the reports nor the domain give one (sorted after low).
   */
  importance: Importance | null;
  /** Pages per importance the reports sent, when they disagree (`{high: 1, medium: 12}`); else null. */
  importances: Partial<Record<Importance, number>> | null;
  failing: number;
  /** Pages read. */
  of: number;
  /** failing / of (0 when no page was read). */
  share: number;
  /** What the failing pages show, in words: `too long: 61–100 characters (max 60)`, `missing`. */
  summary: string;
  /** Up to EXAMPLES pages, the lowest scores first. */
  examples: AuditPage[];
  /** Every failing page, lowest score first (pages without a score last), then by id. */
  pages: AuditPage[];
  /** Pages failing it now that passed it in their previous analysis; null without any history. */
  newlyFailing: number | null;
  /** Pages that failed it in their previous analysis and pass it now; null without any history. */
  fixed: number | null;
}

export interface Audit {
  /** Distinct pages (URLs), each at its latest analysis. */
  pages: number;
  /** Reports read: analyses, older ones of a page included. */
  reports: number;
  /** Rounded average of the pages with a score; null when none has one. */
  averageScore: number | null;
  classes: Readonly<Record<ResultClass, number>>;
  /** Failing checks: importance (high, medium, low, unknown), then pages failing (most first), then name. */
  checks: AuditCheck[];
  /** Pages whose latest analysis carries a verdict of some check: what a release gate can judge. */
  analysed: number;
  /** Pages whose previous analysis is known (an older report, or the score history's): what is new or fixed is judged on these. */
  compared: number;
  /** Per check, the pages whose latest analysis carries its verdict, passed or failed. */
  verdicts: ReadonlyMap<string, number>;
}

/** Example pages per check. */
const EXAMPLES = 3;
/** Phrases a summary says before `…`. */
const SUMMARY_PHRASES = 3;

/** An earlier analysis of a page: when, and the names of the checks that failed then. */
export interface PreviousAnalysis {
  generated_at: string | null;
  failed: readonly string[];
}

/** The analysis before the one a report shows, as the score history saw it; null when unknown. */
export type PreviousFailed = (r: Report) => PreviousAnalysis | null;

const tableImportance = (name: string): Importance | null => CHECKS.find((c) => c.name === name)?.importance ?? null;
const rank = (i: Importance | null) => (i === null ? IMPORTANCE_ORDER.length : IMPORTANCE_ORDER.indexOf(i));
const scoreOf = (r: Report) => (typeof r.result === 'number' && Number.isFinite(r.result) ? r.result : null);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Acc {
  name: string;
  /** Pages per importance as the reports sent it (not the table's fill). */
  sent: Map<Importance, number>;
  pages: AuditPage[];
  keys: Map<string, { details: unknown[]; values: unknown[] }>;
  newly: number;
  fixed: number;
}

function byScore(a: AuditPage, b: AuditPage): number {
  if (a.score !== b.score) {
    if (a.score === null) return 1;
    if (b.score === null) return -1;
    return a.score - b.score;
  }
  return compareIds(a.id, b.id);
}

/** The summary of one check over its failing pages: its error keys, the most common first. */
function summaryOf(acc: Acc): string {
  const keys: (KeyFacts & { n: number })[] = [...acc.keys].map(([key, k]) => ({ key, details: k.details, values: k.values, n: k.details.length }));
  keys.sort((a, b) => b.n - a.n || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const phrases = [...new Set(keys.map((k) => keySummary(acc.name, k)))];
  return phrases.slice(0, SUMMARY_PHRASES).join('; ') + (phrases.length > SUMMARY_PHRASES ? '; …' : '');
}

/** Older first: by `generated_at` (none is oldest), then by id. */
function byAnalysis(a: Report, b: Report): number {
  const x = a.generated_at ?? '';
  const y = b.generated_at ?? '';
  return x < y ? -1 : x > y ? 1 : compareIds(a.id, b.id);
}

const failedNames = (r: Report): string[] => (Array.isArray(r.checks) ? r.checks.filter((c) => !c.passed).map((c) => c.name) : []);

/** The analysis before `latest`: the later of the history's and the page's own older report. */
function previousOf(latest: Report, older: Report | undefined, previousFailed?: PreviousFailed): readonly string[] | null {
  const fromHistory = previousFailed?.(latest) ?? null;
  if (!older || !Array.isArray(older.checks) || older.checks.length === 0) return fromHistory?.failed ?? null;
  if (fromHistory && fromHistory.generated_at !== null && (older.generated_at === null || fromHistory.generated_at > older.generated_at))
    return fromHistory.failed;
  return failedNames(older);
}

/**
 * The audit of `reports` (a report read twice counts once, the last read; several reports of one
 * URL count as one page, at its latest analysis). `previousFailed` says what failed in a report's
 * previous analysis, or null when that is unknown.
 */
export function buildAudit(reports: readonly Report[], previousFailed?: PreviousFailed): Audit {
  const unique = [...new Map(reports.map((r) => [r.id, r])).values()];
  const byPage = new Map<string, Report[]>();
  for (const r of unique) {
    const key = comparableName(r.url);
    const list = byPage.get(key);
    if (list) list.push(r);
    else byPage.set(key, [r]);
  }
  const classes: Record<ResultClass, number> = { good: 0, decent: 0, bad: 0 };
  const accs = new Map<string, Acc>();
  let sum = 0;
  let scored = 0;
  let withHistory = 0;
  let analysed = 0;
  const verdicts = new Map<string, number>();
  for (const analyses of byPage.values()) {
    analyses.sort(byAnalysis);
    const r = analyses[analyses.length - 1];
    const score = scoreOf(r);
    if (score !== null) {
      sum += score;
      scored++;
      classes[classify(score)]++;
    }
    const prev = previousOf(r, analyses[analyses.length - 2], previousFailed);
    if (prev) withHistory++;
    const checks: readonly Check[] = Array.isArray(r.checks) ? r.checks : [];
    const seen = new Set<string>();
    if (checks.length) analysed++;
    for (const c of checks) {
      // A name sent twice in one report counts once (its first verdict).
      if (seen.has(c.name)) continue;
      seen.add(c.name);
      verdicts.set(c.name, (verdicts.get(c.name) ?? 0) + 1);
      const wasFailing = prev ? prev.includes(c.name) : null;
      let acc = accs.get(c.name);
      if (!c.importanceFrom && IMPORTANCE_ORDER.includes(c.importance)) {
        acc ??= newAcc(accs, c.name);
        acc.sent.set(c.importance, (acc.sent.get(c.importance) ?? 0) + 1);
      }
      if (c.passed) {
        if (wasFailing) {
          acc ??= newAcc(accs, c.name);
          acc.fixed++;
        }
        continue;
      }
      acc ??= newAcc(accs, c.name);
      const isNew = wasFailing === null ? null : !wasFailing;
      if (isNew) acc.newly++;
      acc.pages.push({ id: r.id, url: r.url, project: projectOf(r), score, reason: checkReason(c), isNew });
      const errors = isObject(c.errors) ? Object.entries(c.errors) : [];
      for (const [key, detail] of errors.length ? errors : [['', null] as const]) {
        let k = acc.keys.get(key);
        if (!k) acc.keys.set(key, (k = { details: [], values: [] }));
        k.details.push(detail);
        k.values.push(c.value);
      }
    }
  }
  const of = byPage.size;
  const history = withHistory > 0;
  const checks: AuditCheck[] = [...accs.values()]
    .filter((a) => a.pages.length > 0)
    .map((a) => {
      const pages = [...a.pages].sort(byScore);
      const sent = [...a.sent.keys()].sort((x, y) => rank(x) - rank(y));
      return {
        name: a.name,
        label: checkLabel(a.name),
        importance: sent[0] ?? tableImportance(a.name),
        importances: sent.length > 1 ? Object.fromEntries(sent.map((i) => [i, a.sent.get(i)!])) : null,
        failing: pages.length,
        of,
        share: of ? pages.length / of : 0,
        summary: summaryOf(a),
        examples: pages.slice(0, EXAMPLES),
        pages,
        newlyFailing: history ? a.newly : null,
        fixed: history ? a.fixed : null,
      };
    });
  checks.sort((a, b) => rank(a.importance) - rank(b.importance) || b.failing - a.failing || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    pages: of,
    reports: unique.length,
    averageScore: scored ? Math.round(sum / scored) : null,
    classes,
    checks,
    analysed,
    compared: withHistory,
    verdicts,
  };
}

function newAcc(accs: Map<string, Acc>, name: string): Acc {
  const acc: Acc = { name, sent: new Map(), pages: [], keys: new Map(), newly: 0, fixed: 0 };
  accs.set(name, acc);
  return acc;
}

/** `reports disagree: ▲ high on 1 page, ◆ medium on 12` — said in a check's row when they do; '' when they agree. */
export function importancesText(c: Pick<AuditCheck, 'importances'>, word: (i: Importance) => string = (i) => i): string {
  if (!c.importances) return '';
  const parts = IMPORTANCE_ORDER.filter((i) => c.importances![i]).map(
    (i) => `${word(i)} on ${c.importances![i]} ${c.importances![i] === 1 ? 'page' : 'pages'}`,
  );
  return `reports disagree: ${parts.join(', ')}`;
}

/** The summary of a check with what the reports disagree on first, for a row that says both. */
export function checkSummaryText(c: Pick<AuditCheck, 'importances' | 'summary'>, word?: (i: Importance) => string): string {
  const note = importancesText(c, word);
  return note ? `${note}; ${c.summary}` : c.summary;
}
