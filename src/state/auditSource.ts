// Which of the reports read the audit covers, and the audit of them. The read is of every report
// (shared with the Projects view); a source narrows it here, the way the host narrows a list:
// `project` by the report's project, `result` by the score's range, `search` as a piece of the
// URL, scheme and `www.` left out, any case.
import { buildAudit, projectOf, RESULT_RANGES, type Audit, type AuditCheck, type AuditPage, type PreviousFailed, type RecordId, type Report } from '../domain';
import { freshAudit, type AuditSource, type AuditView } from './auditState';
import { auditOf } from './stack';
import type { DeckState } from './types';

const bare = (url: string) =>
  url
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\./, '');

/** Whether a report is one the source covers. */
export function inSource(source: AuditSource, r: Report): boolean {
  if (source.kind === 'project') return projectOf(r) === source.project;
  const { search, result, project } = source.filters;
  if (project && r.project !== project) return false;
  if (result) {
    const [lo, hi] = RESULT_RANGES[result];
    if (typeof r.result !== 'number' || r.result < lo || r.result > hi) return false;
  }
  if (search && !bare(r.url).includes(bare(search))) return false;
  return true;
}

/** `all reports`, `project shop.example.com`, `search "blog" · result bad`: what the audit covers, in words. */
export function sourceWords(source: AuditSource): string {
  if (source.kind === 'project') return `project ${source.project}`;
  const { search, result, project } = source.filters;
  const parts = [project ? `project ${project}` : null, result ? `result ${result}` : null, search ? `search "${search}"` : null].filter(
    (x): x is string => x !== null,
  );
  return parts.length ? parts.join(' · ') : 'all reports';
}

/** The first page of the read of every report (per_page=100). */
const FIRST_READ = 100;

/**
 * How many of the reports read an audit covers: all once the read is done; while it goes on, those
 * up to the last doubling (100, 200, 400, …), so the rows stay put between doublings and the work
 * stays within twice one build. A function of the reports alone: the screen and the keys agree.
 */
function auditedCount(read: number, partial: boolean): number {
  if (!partial || read <= FIRST_READ) return read;
  let n = FIRST_READ;
  while (n * 2 <= read) n *= 2;
  return n;
}

/**
 * The audit of the source's reports (the first `auditedCount` of them while reading). Kept for the
 * last arguments: the view draws it every frame, and it changes only when the reports covered,
 * the source, or (once the read is done) the history (`version`) change.
 */
export function makeAuditOf(): (
  reports: readonly Report[],
  source: AuditSource,
  previousFailed?: PreviousFailed,
  version?: number,
  partial?: boolean,
) => Audit {
  let last: {
    reports: readonly Report[];
    n: number;
    nth: Report | undefined;
    partial: boolean;
    source: AuditSource;
    previousFailed?: PreviousFailed;
    version?: number;
    audit: Audit;
  } | null = null;
  return (reports, source, previousFailed, version, partial = false) => {
    const n = auditedCount(reports.length, partial);
    const sameSource = last !== null && last.source === source && last.previousFailed === previousFailed;
    if (sameSource && last!.reports === reports && last!.version === version && last!.partial === partial) return last!.audit;
    // While reading, the same reports covered (the nth is the same record): the rows stay, whatever the history's version.
    if (sameSource && partial && last!.partial && last!.n === n && last!.nth === reports[n - 1]) return last!.audit;
    const audit = buildAudit(
      reports.slice(0, n).filter((r) => inSource(source, r)),
      previousFailed,
    );
    last = { reports, n, nth: reports[n - 1], partial, source, previousFailed, version, audit };
    return audit;
  };
}

const forKeys = makeAuditOf();

const NO_AUDIT: AuditView = freshAudit({ kind: 'view', filters: {} });

/** The audit level on top of the stack (none: an empty one, whose rows no key reaches). */
const viewOf = (state: DeckState): AuditView => auditOf(state) ?? NO_AUDIT;

/**
 * The audit the state shows, built from the state alone (no history: its new and fixed counts
 * change no row or order), so the keys act on the rows the screen draws.
 */
export function auditOfState(state: DeckState): Audit {
  const { reports, status } = state.projects;
  return forKeys(reports, viewOf(state).source, undefined, undefined, status === 'loading');
}

/** The check whose pages are listed (a refresh may have fixed it everywhere: then none). */
export function listedCheck(state: DeckState, audit: Audit = auditOfState(state)): AuditCheck | null {
  const name = viewOf(state).check;
  return name === null ? null : (audit.checks.find((c) => c.name === name) ?? null);
}

/** The checks a search (`/` on the checks) leaves: those whose label holds it, any case. */
export function shownChecks(checks: readonly AuditCheck[], filter: string): readonly AuditCheck[] {
  const f = filter.trim().toLowerCase();
  return f ? checks.filter((c) => c.label.toLowerCase().includes(f)) : checks;
}

/** The pages a search (`/` on a check's pages) leaves: those whose URL holds it, scheme and `www.` left out, any case. */
export function shownPages(pages: readonly AuditPage[], filter: string): readonly AuditPage[] {
  const f = bare(filter);
  return f ? pages.filter((p) => bare(p.url).includes(f)) : pages;
}

/** The rows of the audit's current level as the screen lists them: the checks, or the listed check's pages, searched. */
export function auditRows(state: DeckState, audit: Audit = auditOfState(state)): readonly AuditCheck[] | readonly AuditPage[] {
  const a = viewOf(state);
  if (a.level === 'checks') return shownChecks(audit.checks, a.filter);
  return shownPages(listedCheck(state, audit)?.pages ?? [], a.filter);
}

/** Rows at the audit's current level: checks, or the listed check's pages (as searched). */
export function auditRowCount(state: DeckState): number {
  return auditRows(state).length;
}

/** The check under the cursor in the checks. */
export function selectedCheck(state: DeckState): AuditCheck | null {
  const checks = shownChecks(auditOfState(state).checks, viewOf(state).filter);
  return checks[Math.min(viewOf(state).checkCursor, checks.length - 1)] ?? null;
}

/** The page under the cursor in a check's pages. */
export function selectedPage(state: DeckState): AuditPage | null {
  const a = viewOf(state);
  if (a.level !== 'pages') return null;
  const pages = shownPages(listedCheck(state)?.pages ?? [], a.filter);
  return pages[Math.min(a.pageCursor, pages.length - 1)] ?? null;
}

/** The report an R or Enter acts on: the page under the cursor, or the report shown. */
export function auditReportId(state: DeckState): RecordId | null {
  const a = viewOf(state);
  if (a.level === 'report') return a.reportId;
  if (a.level === 'pages') return selectedPage(state)?.id ?? null;
  return null;
}

/** The report of the page under the cursor, or of the report shown (what `y` and `o` act on), as read. */
export function auditReport(state: DeckState): Report | null {
  const id = auditReportId(state);
  return id === null ? null : (state.projects.reports.find((r) => r.id === id) ?? null);
}
