// Every report of a cover's site, read once (paced, 100 a page: src/api/readAll.ts) and kept as
// the plan needs it and no more: each page's reports, with their checks and fields, are let go as
// the next page is read. The command hands each to the plan's store (./planStore.ts), so a site of
// 10 000 reports costs the heap one page of them; the deck's small cover keeps them in a list.
import { readAll } from '../readAll';
import type { ResourceClient } from '../types';
import type { KnownReport } from './planStore';

/** Each report of `site` to `take`, as it arrives. */
export async function eachSiteReport(client: ResourceClient<'reports'>, site: string, signal: AbortSignal, take: (r: KnownReport) => void): Promise<void> {
  for await (const batch of readAll(client, { project: site }, { signal }))
    for (const r of batch) take({ id: r.id, url: r.url, project: r.project ?? null, generated_at: r.generated_at ?? null });
}

export async function siteReports(client: ResourceClient<'reports'>, site: string, signal: AbortSignal): Promise<KnownReport[]> {
  const known: KnownReport[] = [];
  await eachSiteReport(client, site, signal, (r) => known.push(r));
  return known;
}
