// The `meta` of `list --json`, under the hosts' names (docs/json.md): one page's as the host's
// paginator says it, or, with --all, the whole read's, which is no page of it.
import type { PageMeta } from '../../domain';

/** One page: the host's paginator, its numbers judged (domain/hostNumbers.ts); a total the host did not give is null, not a count it never said. */
interface PageMetaJson {
  page: number;
  last_page: number;
  per_page: number;
  total: number | null;
  from: number | null;
  to: number | null;
}

export function pageMetaJson(meta: PageMeta): PageMetaJson {
  return {
    page: meta.page,
    last_page: meta.lastPage,
    per_page: meta.perPage,
    total: meta.totalUnknown ? null : meta.total,
    from: meta.from,
    to: meta.to,
  };
}

/** `--all`: how many pages were read of what size, and every record from the first to the last; without the host's count, what was read is the count. */
interface WholeMetaJson {
  pages_read: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

export function wholeMetaJson(last: PageMeta | undefined, pagesRead: number, read: number): WholeMetaJson {
  return {
    pages_read: pagesRead,
    per_page: last?.perPage ?? 0,
    total: !last || last.totalUnknown ? read : last.total,
    from: read ? 1 : null,
    to: read || null,
  };
}
