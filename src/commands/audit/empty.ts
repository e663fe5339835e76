// Why an audit read no page, in words a CI log can act on: the filters named, and for a project
// the host has no report of, the known projects nearest to it (a typo: `gama-site.io`). The known
// projects come from the reports themselves, read only on this path and at most MAX_PAGES pages.
import { readAll, type ReadProgress } from '../../api/readAll';
import type { ResourceClient } from '../../api/types';
import { projectOf } from '../../domain';
import { groupDigits } from '../../text/digits';
import { nearest } from '../../text/nearest';
import { sanitize } from '../../text/sanitize';
import type { AuditScope } from './words';

/** Pages of 100 reports read to learn the known projects: a bounded cost on a failing path. */
const MAX_PAGES = 10;

const filterText = (s: AuditScope) =>
  [s.project !== undefined && `--project ${s.project}`, s.result !== undefined && `--result ${s.result}`, s.search !== undefined && `--search "${s.search}"`]
    .filter(Boolean)
    .join(' ');

const quoted = (names: readonly string[]) => names.map((n) => `'${sanitize(n)}'`).join(' or ');

/** One line: why no report matched. */
export async function whyEmpty(reports: ResourceClient<'reports'>, scope: AuditScope, signal: AbortSignal): Promise<string> {
  const filters = sanitize(filterText(scope));
  if (!filters) return 'the SEO host has no reports';
  if (scope.project === undefined) return `no report matched ${filters}`;
  const known = new Set<string>();
  let at: ReadProgress | undefined;
  try {
    let pages = 0;
    for await (const batch of readAll(reports, { per_page: 100 }, { signal, onPage: (p) => (at = p) })) {
      for (const r of batch) known.add(projectOf(r));
      if (++pages >= MAX_PAGES) break;
    }
  } catch (e) {
    // Only the suggestion is lost: the filters are still named.
    if (signal.aborted) throw e;
    return `no report matched ${filters}`;
  }
  const cut = at !== undefined && at.page < at.lastPage;
  const project = sanitize(scope.project);
  if (known.has(scope.project)) return `project '${project}' has reports, but none matched ${filters}`;
  const looked = cut ? ` (looked among the projects of its first ${groupDigits(MAX_PAGES * 100)} reports)` : '';
  const near = nearest(scope.project, [...known]);
  if (near.length) return `the SEO host has no report of project '${project}'; did you mean ${quoted(near)}?${looked}`;
  const count = cut || !known.size ? '' : `; sitedeck reports projects lists its ${groupDigits(known.size)} ${known.size === 1 ? 'project' : 'projects'}`;
  return `the SEO host has no report of project '${project}', nor of one close to it${looked}${count}`;
}
