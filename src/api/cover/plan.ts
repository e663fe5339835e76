// The plan of a cover, before any write: the site's pages beside every report of the site, both
// compared as the SEO host stores a URL (src/domain/storedUrl.ts). A page without a report is a
// create; with --rerun-older-than, a page whose newest report is older is a re-run; a report of the
// site whose page left the sitemap is counted, and with --prune deleted. The command reads, this
// decides, in SQL over the pages and reports kept in a scratch database (./planStore.ts).
import { storedUrl } from '../../domain/storedUrl';
import type { CoverAction } from '../../files/db';
import type { GatherCounts, Gathered } from './gather';
import { PlanStore, type KnownReport } from './planStore';
import { COVER_LIMITS } from '../../files/coverLimits';

/** What the plan needs of a report. */
export interface PlanStep {
  action: CoverAction;
  /** The page as the sitemap gave it (create), or the report's URL as the host keeps it. */
  url: string;
  report_id: string | null;
}

/** The counts, as `--dry-run --json` writes them (snake_case, the hosts' style). */
export interface PlanCounts {
  site: string;
  pages: number;
  with_report: number;
  to_create: number;
  to_rerun: number;
  other_hosts: number;
  not_web: number;
  duplicates: number;
  over_limit: number;
  too_deep: number;
  /** Reports of the site whose page is no longer in the sitemap. */
  gone: number;
  to_delete: number;
  documents: number;
}

export interface Plan {
  counts: PlanCounts;
  /** Every step, in order: creates and re-runs in the sitemap's order, then deletes. */
  steps: Iterable<PlanStep>;
  /** The reports of the site no longer in the sitemap (deleted with --prune). */
  gone: Iterable<{ id: string; url: string }>;
}

/** A plan whose steps are in the heap (the deck's). */
export interface ListedPlan extends Plan {
  steps: PlanStep[];
  gone: { id: string; url: string }[];
}

export interface PlanOptions {
  /** Re-run a page whose newest report was generated before this time (ms); undefined: no re-runs. */
  rerunBefore?: number;
  prune: boolean;
}

/** Rows read back as they are iterated, each time anew. */
function rows<T>(read: () => Iterator<Record<string, unknown>>, as: (r: Record<string, unknown>) => T): Iterable<T> {
  return {
    *[Symbol.iterator]() {
      for (let it = read(), r = it.next(); !r.done; r = it.next()) yield as(r.value);
    },
  };
}

// A page wants a step when it has no report, or (asked to re-run, ?1 not NULL) its newest is older
// than ?1 or was never analysed (no date: as old as can be).
const STEPS = `
  SELECT p.url AS page, n.id, n.url AS report_url FROM pages p LEFT JOIN newest n ON n.key = p.key
  WHERE n.key IS NULL OR (?1 IS NOT NULL AND (n.at IS NULL OR n.at < ?1)) ORDER BY p.seq`;

/**
 * The plan of the pages and reports in `store` (every page added before the first report). Its
 * steps and gone reports are read from the store each time they are iterated, so it is good for as
 * long as the store is open.
 */
export function storedPlan(store: PlanStore, g: GatherCounts, opts: PlanOptions): Plan {
  const { db } = store;
  const before = opts.rerunBefore ?? null;
  const count = (row: unknown) => Number((row as { n: number }).n);
  const withReport = count(db.prepare('SELECT count(*) AS n FROM pages p JOIN newest n ON n.key = p.key').get());
  const reruns =
    before === null ? 0 : count(db.prepare('SELECT count(*) AS n FROM pages p JOIN newest n ON n.key = p.key WHERE n.at IS NULL OR n.at < ?').get(before));
  const gone = count(db.prepare('SELECT count(*) AS n FROM gone').get());
  const goneRows = rows(
    () => db.prepare('SELECT id, url FROM gone ORDER BY seq').iterate(),
    (r) => ({ id: String(r.id), url: String(r.url) }),
  );
  const pageSteps = rows(
    () => db.prepare(STEPS).iterate(before),
    (r): PlanStep =>
      r.id === null ? { action: 'create', url: String(r.page), report_id: null } : { action: 'rerun', url: String(r.report_url), report_id: String(r.id) },
  );
  return {
    counts: {
      site: g.site,
      pages: store.size,
      with_report: withReport,
      to_create: store.size - withReport,
      to_rerun: reruns,
      other_hosts: g.otherHosts,
      not_web: g.notWeb,
      duplicates: g.duplicates,
      over_limit: g.overLimit,
      too_deep: g.tooDeep,
      gone,
      to_delete: opts.prune ? gone : 0,
      documents: g.documents,
    },
    steps: {
      *[Symbol.iterator]() {
        yield* pageSteps;
        if (opts.prune) for (const r of goneRows) yield { action: 'delete', url: r.url, report_id: r.id };
      },
    },
    gone: goneRows,
  };
}

/** The plan of pages and reports in the heap (the deck's cover): worked out as a cover's is, and listed. */
export function planCover(g: Gathered, reports: readonly KnownReport[], opts: PlanOptions): ListedPlan {
  const store = new PlanStore();
  try {
    for (const page of g.pages) {
      const key = storedUrl(page);
      if (!store.has(key)) store.add(key, page);
    }
    for (const r of reports) store.addReport(r, g.site);
    const plan = storedPlan(store, g, opts);
    return { counts: plan.counts, steps: [...plan.steps], gone: [...plan.gone] };
  } finally {
    store.close();
  }
}

const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** `412 pages · 180 have a report · 232 to create · 2 on other hosts left out · 17 reports of this site no longer in the sitemap`. */
export function planLine(c: PlanCounts): string {
  const parts = [n(c.pages, 'page'), `${c.with_report} ${c.with_report === 1 ? 'has' : 'have'} a report`, `${c.to_create} to create`];
  if (c.to_rerun) parts.push(`${c.to_rerun} to re-run`);
  if (c.other_hosts) parts.push(`${c.other_hosts} on other hosts left out`);
  if (c.not_web) parts.push(`${c.not_web} not web addresses left out`);
  if (c.duplicates) parts.push(`${c.duplicates} listed twice, taken once`);
  if (c.over_limit) parts.push(`${c.over_limit} past the ${COVER_LIMITS.pages} pages a cover takes, left out`);
  if (c.too_deep) parts.push(`${n(c.too_deep, 'sitemap')} nested too deep left out`);
  parts.push(`${n(c.gone, 'report')} of this site no longer in the sitemap${c.to_delete ? ' (to delete: --prune)' : ''}`);
  return parts.join(' · ');
}
