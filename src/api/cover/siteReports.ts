// Every report of a cover's site, read once (paced, 100 a page: src/api/readAll.ts) and kept as
// the plan needs it and no more: each page's reports, with their checks and fields, are let go as
// the next page is read, so a site of 10 000 reports costs their ids, addresses and dates.
import { readAll } from '../readAll';
import type { ResourceClient } from '../types';
import type { KnownReport } from './plan';

export async function siteReports(client: ResourceClient<'reports'>, site: string, signal: AbortSignal): Promise<KnownReport[]> {
  const known: KnownReport[] = [];
  for await (const batch of readAll(client, { project: site }, { signal }))
    for (const r of batch) known.push({ id: r.id, url: r.url, project: r.project ?? null, generated_at: r.generated_at ?? null });
  return known;
}
