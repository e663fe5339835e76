// Saved views: a tab's search, filters, sort and page size under a name, per profile (the
// config file's `views`). Checked against the list parameters of their resource whenever they
// are read, so a hand-edited file cannot send what a flag could not.
import { excerpt } from '../text/sanitize';
import { parseListParam } from './parse';
import type { ListQuery } from './query';
import { REPORTS } from './reports';
import type { ResourceDef, ResourceName } from './types';
import { WEBSITES } from './websites';

// The index re-exports this module: the tables are taken from their own modules, not from it.
const DEFS: Readonly<Record<ResourceName, ResourceDef>> = { websites: WEBSITES, reports: REPORTS };
const RESOURCE_NAMES = Object.keys(DEFS) as ResourceName[];
const resourceDef = (name: ResourceName): ResourceDef => DEFS[name];

export interface SavedView {
  resource: ResourceName;
  /** Every list parameter but the page. */
  query: ListQuery;
}

/** Letters, digits, `_`, `.` and `-`, 1 to 40 of them: a word a shell and the `:` line keep whole. */
const VIEW_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,39}$/;

export function viewNameError(name: string): string | null {
  return VIEW_NAME.test(name) ? null : `A view name is 1 to 40 letters, digits, "_", "." or "-" (got "${excerpt(name)}")`;
}

/** The view of a query: its parameters without the page. */
export function viewOf(resource: ResourceName, query: ListQuery): SavedView {
  const { page: _page, ...rest } = query;
  return { resource, query: rest };
}

/** A view as stored (JSON), checked: its resource exists and each parameter is allowed there. */
export function checkView(name: string, raw: unknown): { ok: true; view: SavedView } | { ok: false; error: string } {
  const o = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : null;
  const resource = o?.resource;
  if (!o || typeof resource !== 'string' || !(RESOURCE_NAMES as readonly string[]).includes(resource)) {
    return { ok: false, error: `view "${name}": resource must be one of ${RESOURCE_NAMES.join(', ')}` };
  }
  const def = resourceDef(resource as ResourceName);
  const q = o.query && typeof o.query === 'object' ? (o.query as Record<string, unknown>) : {};
  const query: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(q)) {
    const param = def.listParams.find((p) => p.name === k);
    if (!param || k === 'page') return { ok: false, error: `view "${name}": ${def.title} has no list parameter "${k}"` };
    if (typeof v !== 'string' && typeof v !== 'number') return { ok: false, error: `view "${name}": ${k} must be text or a number` };
    const parsed = parseListParam(param, v);
    if (!parsed.ok) return { ok: false, error: `view "${name}": ${parsed.error}` };
    query[k] = parsed.value;
  }
  return { ok: true, view: { resource: resource as ResourceName, query } };
}

/** "search shop · sort domain asc · 25 per page": what a view holds, for a flash or a list. */
export function describeView(v: SavedView): string {
  const q = v.query;
  const parts = [resourceDef(v.resource).title];
  if (q.search) parts.push(`search "${q.search}"`);
  if (q.result) parts.push(`result ${q.result}`);
  if (q.project) parts.push(`project ${q.project}`);
  if (q.sort_by || q.sort) parts.push(`sort ${[q.sort_by, q.sort].filter(Boolean).join(' ')}`);
  if (q.per_page) parts.push(`${q.per_page} per page`);
  return parts.join(' · ');
}
