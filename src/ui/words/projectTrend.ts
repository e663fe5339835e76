// A project's average score over the analyses sitedeck has seen of its pages, as a small
// sparkline for the Projects view. Point k (oldest first) is the average of each page's score k
// analyses before its latest (a page seen fewer times counts with its oldest): the average as it
// was, page by page, however far apart the pages were re-run.
import { maxOf } from '../../text/bounded';
import { projectOf, type Report } from '../../domain';
import { arrow, sparkline, type Analysis } from '../../history/model';
import type { RecordId } from '../../domain';

/** Points of the trend, oldest first; fewer than two: nothing to draw. */
const TREND_POINTS = 6;

/** The project's averages, oldest first (at most `points`); [] while no page has two analyses. */
export function averageTrend(lists: readonly (readonly Analysis[])[], points = TREND_POINTS): number[] {
  const seen = lists.filter((l) => l.length > 0);
  const depth = Math.min(
    points,
    maxOf(
      seen.map((l) => l.length),
      0,
    ),
  );
  if (depth < 2) return [];
  const out: number[] = [];
  for (let back = depth - 1; back >= 0; back--) {
    const scores = seen.map((l) => l[Math.max(0, l.length - 1 - back)].result);
    out.push(Math.round(scores.reduce((a, b) => a + b, 0) / scores.length));
  }
  return out;
}

/** `▅▆▇ ↑4`: the sparkline and the change from its first point to its last ('' when none). */
export function trendText(points: readonly number[]): string {
  if (points.length < 2) return '';
  const change = points[points.length - 1] - points[0];
  return `${sparkline(points)} ${change === 0 ? '=' : arrow(change)}`;
}

/** Each project's trend text, from the reports read and their analyses in the history. */
function projectTrends(reports: readonly Report[], analyses: (id: RecordId) => readonly Analysis[]): ReadonlyMap<string, string> {
  const lists = new Map<string, (readonly Analysis[])[]>();
  for (const r of reports) {
    const name = projectOf(r);
    const l = lists.get(name) ?? [];
    l.push(analyses(r.id));
    lists.set(name, l);
  }
  const out = new Map<string, string>();
  for (const [name, l] of lists) {
    const text = trendText(averageTrend(l));
    if (text) out.set(name, text);
  }
  return out;
}

/** projectTrends kept for the last reports and history version (the view draws every frame). */
export function makeProjectTrends(): (
  reports: readonly Report[],
  analyses: (id: RecordId) => readonly Analysis[],
  version: number,
) => ReadonlyMap<string, string> {
  let last: { reports: readonly Report[]; version: number; trends: ReadonlyMap<string, string> } | null = null;
  return (reports, analyses, version) => {
    if (last && last.reports === reports && last.version === version) return last.trends;
    last = { reports, version, trends: projectTrends(reports, analyses) };
    return last.trends;
  };
}
