// Every record of a list, page by page, each exactly once, paced by the host's pacer (a 429 is
// waited out, never a failure). Read in id order, oldest first, unless the caller sorts otherwise:
// new records get higher ids, so records added during the read only ever land after the cursor.
// A deletion of a record already read moves the rest one place up; sitedeck sees it as the total
// going down and steps back by that many places, and skips ids it has already given. What this
// guarantees is written in docs/scripting.md ("Reading everything").

import type { ListQuery, PageMeta, RecordOf, ResourceName } from '../domain';
import type { ResourceClient } from './types';
import type { RecordId } from '../domain';

export interface ReadProgress {
  /** Records given so far (each once). */
  read: number;
  /** The server's count at the last page. */
  total: number;
  /** The server sent no sane count: `total` is only what is known to be there. */
  totalUnknown?: true;
  page: number;
  lastPage: number;
}

export interface ReadAllOptions {
  signal?: AbortSignal;
  onPage?: (p: ReadProgress) => void;
}

/** The query `readAll` sends: id ascending unless a sort was asked for; 100 a page unless given. */
function readAllQuery(query: ListQuery): ListQuery {
  const q: ListQuery = { ...query, page: undefined, per_page: query.per_page ?? 100 };
  if (q.sort_by === undefined) {
    q.sort_by = 'id';
    q.sort = q.sort ?? 'asc';
  }
  return q;
}

/** Yields each page's records not given before; ends after the last page. */
export async function* readAll<R extends ResourceName>(
  client: ResourceClient<R>,
  query: ListQuery,
  opts: ReadAllOptions = {},
): AsyncGenerator<RecordOf[R][], PageMeta | undefined> {
  const q = readAllQuery(query);
  const seen = new Set<RecordId>();
  let prevTotal: number | undefined;
  let meta: PageMeta | undefined;
  for (let page = 1; ; page++) {
    const res = await client.list({ ...q, page }, { signal: opts.signal });
    meta = res.meta;
    const perPage = res.meta.perPage > 0 ? res.meta.perPage : (q.per_page ?? 100);
    // Fewer records than before: some already read may have gone, moving unread ones onto pages
    // already read. Read again from where the first of them can now be.
    if (prevTotal !== undefined && res.meta.total < prevTotal && page > 1) {
      const back = Math.ceil((prevTotal - res.meta.total) / perPage);
      prevTotal = res.meta.total;
      page = Math.max(0, page - 1 - back);
      continue;
    }
    prevTotal = res.meta.total;
    const fresh = res.items.filter((r) => !seen.has(r.id));
    for (const r of fresh) seen.add(r.id);
    opts.onPage?.({ read: seen.size, total: res.meta.total, ...(res.meta.totalUnknown ? { totalUnknown: true } : {}), page, lastPage: res.meta.lastPage });
    if (fresh.length) yield fresh;
    if (res.items.length === 0 || page >= res.meta.lastPage) return meta;
  }
}
