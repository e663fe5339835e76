// The plan of a cover, before any write: the site's pages beside every report of the site, both
// compared as the SEO host stores a URL (src/domain/storedUrl.ts). A page without a report is a
// create; with --rerun-older-than, a page whose newest report is older is a re-run; a report of the
// site whose page left the sitemap is counted, and with --prune deleted. Pure: the command reads,
// this decides.
import { idText, type RecordId } from '../../domain';
import { projectOf } from '../../domain/projects';
import { storedUrl } from '../../domain/storedUrl';
import type { CoverAction } from '../../files/db';
import type { Gathered } from './gather';
import { COVER_LIMITS } from '../../files/coverLimits';

/** What the plan needs of a report. */
export interface KnownReport {
  id: RecordId;
  url: string;
  project?: string | null;
  generated_at: string | null;
}

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
  steps: PlanStep[];
  /** The reports of the site no longer in the sitemap (deleted with --prune). */
  gone: { id: string; url: string }[];
}

export interface PlanOptions {
  /** Re-run a page whose newest report was generated before this time (ms); undefined: no re-runs. */
  rerunBefore?: number;
  prune: boolean;
}

const timeOf = (r: KnownReport) => (r.generated_at ? Date.parse(r.generated_at) : NaN);

export function planCover(g: Gathered, reports: readonly KnownReport[], opts: PlanOptions): Plan {
  // The newest report of each page (a page may have several).
  const newest = new Map<string, KnownReport>();
  for (const r of reports) {
    const key = storedUrl(r.url);
    const had = newest.get(key);
    if (!had || !(timeOf(had) >= timeOf(r))) newest.set(key, r);
  }
  const steps: PlanStep[] = [];
  let withReport = 0;
  let reruns = 0;
  for (const page of g.pages) {
    const r = newest.get(storedUrl(page));
    if (!r) {
      steps.push({ action: 'create', url: page, report_id: null });
      continue;
    }
    withReport++;
    // A report never analysed (no date) is as old as can be.
    if (opts.rerunBefore !== undefined && !(timeOf(r) >= opts.rerunBefore)) {
      steps.push({ action: 'rerun', url: r.url, report_id: idText(r.id) });
      reruns++;
    }
  }
  const gone = reports
    .filter((r) => projectOf({ project: r.project ?? '', url: r.url }) === g.site && !g.keys.has(storedUrl(r.url)))
    .map((r) => ({ id: idText(r.id), url: r.url }));
  if (opts.prune) for (const r of gone) steps.push({ action: 'delete', url: r.url, report_id: r.id });
  const creates = steps.length - reruns - (opts.prune ? gone.length : 0);
  return {
    counts: {
      site: g.site,
      pages: g.pages.length,
      with_report: withReport,
      to_create: creates,
      to_rerun: reruns,
      other_hosts: g.otherHosts,
      not_web: g.notWeb,
      duplicates: g.duplicates,
      over_limit: g.overLimit,
      too_deep: g.tooDeep,
      gone: gone.length,
      to_delete: opts.prune ? gone.length : 0,
      documents: g.documents,
    },
    steps,
    gone,
  };
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
