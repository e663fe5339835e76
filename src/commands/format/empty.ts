// What a terminal shows for an empty list instead of a bare header row: the question asked, in
// words (`No websites match "no-such-site".`). Piped output stays empty and --json stays JSON.
import type { ResourceDef } from '../../domain';
import { sanitize } from '../../text/sanitize';

type Query = Readonly<Record<string, unknown>>;

/** Filters other than paging and order, as `name=value`. */
const PAGING = new Set(['page', 'per_page', 'sort', 'sort_by', 'search', 'search_by']);

export function emptyListLine(def: ResourceDef, asked: object): string {
  const query = asked as Query;
  const noun = def.title.toLowerCase();
  const filters = Object.entries(query)
    .filter(([k, v]) => !PAGING.has(k) && v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${sanitize(String(v))}`);
  const search = typeof query.search === 'string' && query.search !== '' ? ` match "${sanitize(query.search)}"` : '';
  const by = search && typeof query.search_by === 'string' ? ` in ${sanitize(query.search_by)}` : '';
  const also = filters.length ? `${search ? ' with' : ' match'} ${filters.join(', ')}` : '';
  const page = Number(query.page ?? 1) > 1 ? ` on page ${Number(query.page)}` : '';
  if (!search && !also) return page ? `No ${noun}${page}.\n` : `No ${noun} yet.\n`;
  return `No ${noun}${search}${by}${also}${page}.\n`;
}
