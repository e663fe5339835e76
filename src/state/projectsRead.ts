// Every report, read once with per_page=100 through the host's pacer (readAll), folded into
// project rows as each page arrives, so partial results are usable while the read goes on. The
// reports themselves are kept too: the Audit view is built from this same read.
import { readAll } from '../api/readAll';
import type { ResourceClient } from '../api/types';
import { addReports, NO_PROJECTS, projectRows, type ProjectRow, type ProjectsAcc, type Report } from '../domain';

export interface ProjectsProgress {
  read: number;
  total: number | null;
  rows: ProjectRow[];
  /** Every report read so far, in the order read. */
  reports: Report[];
}

export async function readProjects(
  reports: ResourceClient<'reports'>,
  opts: { signal?: AbortSignal; onProgress?: (p: ProjectsProgress) => void } = {},
): Promise<ProjectsProgress> {
  let acc: ProjectsAcc = NO_PROJECTS;
  let kept: Report[] = [];
  let read = 0;
  let total: number | null = null;
  const it = readAll(reports, { per_page: 100 }, { signal: opts.signal, onPage: (p) => ((read = p.read), (total = p.total)) });
  for await (const batch of it) {
    acc = addReports(acc, batch);
    kept = [...kept, ...batch];
    opts.onProgress?.({ read, total, rows: projectRows(acc), reports: kept });
  }
  return { read, total, rows: projectRows(acc), reports: kept };
}
