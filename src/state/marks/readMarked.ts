// The marked rows as the host has them now, read as their plan says (pages of the list, or one
// read a row), each request paced by the client; the requests are counted as they go, so the
// question says how many it took. A row the host no longer has is null.
import { readAll } from '../../api/readAll';
import { isGone } from '../../api/writes';
import type { ResourceClient } from '../../api/types';
import { fieldsOf, type RecordId, type ResourceName } from '../../domain';
import type { ReadPlan } from './state';

export type Current = ReadonlyMap<RecordId, Readonly<Record<string, unknown>> | null>;

export async function readMarked<R extends ResourceName>(
  rc: ResourceClient<R>,
  ids: readonly RecordId[],
  plan: ReadPlan,
  signal: AbortSignal,
): Promise<{ current: Current; requests: number }> {
  const current = new Map<RecordId, Readonly<Record<string, unknown>> | null>();
  let requests = 0;
  const wanted = new Set(ids);
  if (plan.kind === 'pages') {
    // Counted where sent: readAll may read a page again when rows go meanwhile.
    const counted: ResourceClient<R> = { ...rc, list: (q, o) => (requests++, rc.list(q, o)) };
    for await (const batch of readAll(counted, plan.query, { signal })) for (const r of batch) if (wanted.has(r.id)) current.set(r.id, fieldsOf(r));
  }
  // Each row the pages did not hold (or every row, when that is fewer requests); not on a list of
  // every record, it is gone.
  for (const id of ids) {
    if (current.has(id)) continue;
    if (plan.kind === 'pages' && plan.whole) {
      current.set(id, null);
      continue;
    }
    requests++;
    try {
      current.set(id, fieldsOf(await rc.get(id, { signal })));
    } catch (e) {
      if (!isGone(e)) throw e;
      current.set(id, null);
    }
  }
  return { current, requests };
}
