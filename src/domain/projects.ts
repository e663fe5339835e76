// A whole project (site) at once, from its reports: how many, the average, lowest and highest
// score, the good/decent/bad mix, the worst page and the last analysis. Pure and incremental,
// so a long read shows usable partial results page by page.
import { classify, type ResultClass } from './results';
import type { Report } from './records';
import type { Choice } from './types';
import type { SortDirection } from './choices';
import type { RecordId } from './ids';

export interface ProjectRow {
  project: string;
  reports: number;
  /** Reports with a score (the average, lowest, highest and mix count only those). */
  scored: number;
  average: number | null;
  lowest: number | null;
  highest: number | null;
  mix: Record<ResultClass, number>;
  worst: { id: RecordId; url: string; result: number } | null;
  last_generated_at: string | null;
}

interface Acc {
  project: string;
  reports: number;
  scored: number;
  sum: number;
  lowest: number | null;
  highest: number | null;
  mix: Record<ResultClass, number>;
  worst: ProjectRow['worst'];
  last: string | null;
}

/** Projects read so far, by name. Treat as read-only: addReports returns a new one. */
export type ProjectsAcc = ReadonlyMap<string, Acc>;

export const NO_PROJECTS: ProjectsAcc = new Map();

/** The project a report belongs to: the server's, else its URL's host without `www.`. */
export function projectOf(r: Pick<Report, 'project' | 'url'>): string {
  return r.project || projectOfUrl(r.url);
}

/**
 * A page's project as the SEO host stores it (its filter matches it exactly): the URL's host,
 * lower-case, without scheme and `www.`. Also what `--project https://www.Shop.example/` means.
 */
export function projectOfUrl(url: string): string {
  const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:www\.)?([^/?#]+)/i.exec(url.trim());
  return m ? m[1].toLowerCase() : url;
}

export function addReports(acc: ProjectsAcc, reports: readonly Report[]): ProjectsAcc {
  const next = new Map(acc);
  for (const r of reports) {
    const name = projectOf(r);
    const a: Acc = {
      ...(next.get(name) ?? {
        project: name,
        reports: 0,
        scored: 0,
        sum: 0,
        lowest: null,
        highest: null,
        mix: { good: 0, decent: 0, bad: 0 },
        worst: null,
        last: null,
      }),
    };
    a.reports++;
    if (typeof r.result === 'number' && Number.isFinite(r.result)) {
      const s = r.result;
      a.scored++;
      a.sum += s;
      a.lowest = a.lowest === null ? s : Math.min(a.lowest, s);
      a.highest = a.highest === null ? s : Math.max(a.highest, s);
      a.mix = { ...a.mix, [classify(s)]: a.mix[classify(s)] + 1 };
      if (!a.worst || s < a.worst.result) a.worst = { id: r.id, url: r.url, result: s };
    }
    if (r.generated_at && (!a.last || r.generated_at > a.last)) a.last = r.generated_at;
    next.set(name, a);
  }
  return next;
}

export function projectRows(acc: ProjectsAcc): ProjectRow[] {
  return [...acc.values()].map((a) => ({
    project: a.project,
    reports: a.reports,
    scored: a.scored,
    average: a.scored ? Math.round(a.sum / a.scored) : null,
    lowest: a.lowest,
    highest: a.highest,
    mix: a.mix,
    worst: a.worst,
    last_generated_at: a.last,
  }));
}

/** What the Projects view and `reports projects` sort by (s cycles through them). */
export const PROJECT_SORTS = [
  { value: 'average', label: 'Average score' },
  { value: 'reports', label: 'Reports' },
  { value: 'lowest', label: 'Lowest score' },
  { value: 'project', label: 'Project' },
  { value: 'last', label: 'Last analysis' },
] as const satisfies readonly Choice<string>[];
export type ProjectSort = (typeof PROJECT_SORTS)[number]['value'];

const keyOf: Record<ProjectSort, (r: ProjectRow) => number | string | null> = {
  average: (r) => r.average,
  reports: (r) => r.reports,
  lowest: (r) => r.lowest,
  project: (r) => r.project,
  last: (r) => r.last_generated_at,
};

/** Sorted by `by` (rows without a value last either way), then by name. */
export function sortProjects(rows: readonly ProjectRow[], by: ProjectSort, dir: SortDirection): ProjectRow[] {
  const k = keyOf[by];
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = k(a);
    const y = k(b);
    if (x === null || y === null) return x === y ? a.project.localeCompare(b.project) : x === null ? 1 : -1;
    const c = x < y ? -1 : x > y ? 1 : 0;
    return c * sign || a.project.localeCompare(b.project);
  });
}
