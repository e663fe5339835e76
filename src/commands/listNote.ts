// What a one-page list left out, and what an empty one was asked: said in words beside the rows.
import type { ListQuery, PageMeta, ResourceDef } from '../domain';
import { TOTAL_UNKNOWN } from '../domain/hostNumbers';
import { groupDigits } from '../text/digits';
import { sanitize } from '../text/sanitize';

/** `No websites match "shop".`, `No reports match result bad, project x.`, `No websites yet.` */
export function emptyNote(def: ResourceDef, query: ListQuery): string {
  const asked = [
    query.search ? `"${sanitize(query.search)}"` : null,
    query.result ? `result ${query.result}` : null,
    query.project ? `project ${sanitize(query.project)}` : null,
  ].filter((x): x is string => x !== null);
  return asked.length ? `No ${def.name} match ${asked.join(', ')}.` : `No ${def.name} yet.`;
}

/**
 * The note after one page of a list: how many of how many, and how to get the rest; a page past
 * the last says so. Null when the page is the whole list.
 */
export function pageNote(def: ResourceDef, meta: PageMeta, shown: number, query: ListQuery): string | null {
  if (meta.totalUnknown) return unknownNote(def, meta, shown);
  if (meta.total === 0) return emptyNote(def, query);
  if (shown === 0 && meta.page > meta.lastPage)
    return `page ${meta.page} of ${meta.lastPage}: empty (${meta.total} ${def.name} in all; --page ${meta.lastPage} is the last)`;
  if (meta.lastPage <= 1 && shown >= meta.total) return null;
  const next = meta.page < meta.lastPage ? `, --page ${meta.page + 1} for the next` : '';
  return `${shown} of ${meta.total} ${def.name} · --all for every page${next}`;
}

/** A page whose host sent no count to believe: what it shows, `total unknown`, and a next page only when one can be there. */
function unknownNote(def: ResourceDef, meta: PageMeta, shown: number): string {
  const rows = `${groupDigits(shown)} ${shown === 1 ? def.singular : def.name} on page ${groupDigits(meta.page)}`;
  const next = meta.page < meta.lastPage ? `, --page ${meta.page + 1} for the next` : '';
  return `${rows} · ${TOTAL_UNKNOWN} (the host's count is not one) · --all for every page${next}`;
}
