// Response envelopes → records, pages and delete receipts. Accepts the nested Laravel resource
// collection (data/links/meta), the flat paginator, a bare array, and `{data: record}` or a bare record.

import { recordIdOf, type Deleted, type Page, type PageMeta, type Parsed, type RecordId } from '../../domain';
import { saneCount, saneLastPage } from '../../domain/hostNumbers';
import { isPlainObject, toBoolean, toNumber } from './values';

/** Fields only a paginator sends: with none of them, `{data: [...]}` is the whole list. */
const PAGINATOR_KEYS = ['total', 'last_page', 'current_page', 'per_page'];

type ItemReader<T> = (raw: unknown) => Parsed<T>;

/** `{data: {...}}` → the record; a bare record (it has an id) → itself. */
function unwrapRecord(body: unknown): Parsed<Record<string, unknown>> {
  if (isPlainObject(body) && isPlainObject(body.data)) return { ok: true, value: body.data };
  if (isPlainObject(body) && body.id !== undefined) return { ok: true, value: body };
  return { ok: false, error: 'the answer holds no record' };
}

export function normaliseRecordBody<T>(body: unknown, item: ItemReader<T>): Parsed<T> {
  const raw = unwrapRecord(body);
  return raw.ok ? item(raw.value) : raw;
}

const whole = (v: unknown): number | null => saneCount(toNumber(v));

/**
 * The page's meta, its numbers judged by domain/hostNumbers.ts: a total that is not a whole number
 * of at least 0 is unknown (said so, the count then only what is known to be there), and the last
 * page agrees with the total and the page size. A bare list (no paginator at all) is whole.
 */
function metaOf(src: Record<string, unknown>, count: number, hasNext: boolean, paginated: boolean): PageMeta {
  const page = Math.max(1, whole(src.current_page) ?? 1);
  const perPage = whole(src.per_page) || Math.max(count, 1);
  const firstIndex = (page - 1) * perPage + 1;
  const sent = whole(src.total);
  const known = sent ?? (paginated || hasNext ? null : firstIndex - 1 + count);
  const total = known ?? firstIndex - 1 + count + (hasNext ? 1 : 0);
  const lastPage = saneLastPage({ page, perPage, count, total: known, lastPage: toNumber(src.last_page), hasNext });
  const from = whole(src.from) ?? (count ? firstIndex : null);
  const to = whole(src.to) ?? (count ? firstIndex + count - 1 : null);
  return { page, lastPage, perPage, total, ...(known === null ? { totalUnknown: true as const } : {}), from: from || null, to: to || null };
}

function hasNextLink(body: Record<string, unknown>): boolean {
  const links = isPlainObject(body.links) ? body.links : {};
  return typeof links.next === 'string' || typeof body.next_page_url === 'string';
}

export function normalisePage<T>(body: unknown, item: ItemReader<T>): Parsed<Page<T>> {
  let rows: unknown[];
  let meta: PageMeta;
  if (Array.isArray(body)) {
    rows = body;
    meta = metaOf({}, rows.length, false, false);
  } else if (isPlainObject(body) && Array.isArray(body.data)) {
    rows = body.data;
    // Nested: paginator fields under `meta`; flat: beside `data`.
    const src = isPlainObject(body.meta) ? body.meta : body;
    meta = metaOf(
      src,
      rows.length,
      hasNextLink(body),
      PAGINATOR_KEYS.some((k) => k in src),
    );
  } else {
    return { ok: false, error: 'the answer holds no list' };
  }
  const items: T[] = [];
  for (const [i, row] of rows.entries()) {
    const parsed = item(row);
    if (!parsed.ok) return { ok: false, error: `item ${i + 1} of the list: ${parsed.error}` };
    items.push(parsed.value);
  }
  return { ok: true, value: { items, meta } };
}

/**
 * `{id, object, deleted, status}`, possibly under `data`; an empty answer (204) is a success too.
 * `id` and `object` fall back to what was asked.
 */
export function normaliseDeleted(body: unknown, asked: { id: RecordId; object: string }): Parsed<Deleted> {
  if (body === undefined || body === null || body === '') return { ok: true, value: { ...asked, deleted: true } };
  const src = isPlainObject(body) && isPlainObject(body.data) ? body.data : body;
  if (!isPlainObject(src)) return { ok: false, error: 'the answer to a delete is not an object' };
  return {
    ok: true,
    value: {
      id: recordIdOf(src.id) ?? asked.id,
      object: typeof src.object === 'string' ? src.object : asked.object,
      deleted: toBoolean(src.deleted) ?? true,
    },
  };
}
