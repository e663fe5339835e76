// Response envelopes → records, pages and delete receipts. Accepts the nested Laravel resource
// collection (data/links/meta), the flat paginator, a bare array, and `{data: record}` or a bare record.

import { recordIdOf, type Deleted, type Page, type PageMeta, type Parsed, type RecordId } from '../../domain';
import { isPlainObject, toBoolean, toNumber } from './values';

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

function whole(v: unknown): number | null {
  const n = toNumber(v);
  return n !== null && Number.isInteger(n) && n >= 0 ? n : null;
}

function metaOf(src: Record<string, unknown>, count: number, hasNext: boolean): PageMeta {
  const page = Math.max(1, whole(src.current_page) ?? 1);
  const perPage = whole(src.per_page) || Math.max(count, 1);
  const firstIndex = (page - 1) * perPage + 1;
  const total = whole(src.total) ?? firstIndex - 1 + count + (hasNext ? 1 : 0);
  const lastPage = Math.max(1, whole(src.last_page) ?? (hasNext ? page + 1 : Math.ceil(total / perPage)));
  const from = whole(src.from) ?? (count ? firstIndex : null);
  const to = whole(src.to) ?? (count ? firstIndex + count - 1 : null);
  return { page, lastPage, perPage, total, from: from || null, to: to || null };
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
    meta = metaOf({}, rows.length, false);
  } else if (isPlainObject(body) && Array.isArray(body.data)) {
    rows = body.data;
    // Nested: paginator fields under `meta`; flat: beside `data`.
    meta = metaOf(isPlainObject(body.meta) ? body.meta : body, rows.length, hasNextLink(body));
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
