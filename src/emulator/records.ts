// Stored rows ↔ wire records. A row keeps what the server keeps (the password itself,
// exclude_params, whole-number scores, a report's url without scheme and www.); the wire record
// shows what the real servers show: password as a boolean, write-only fields left out, a report's
// `results` computed from its page and analysis run. Row fields starting with "_" are the
// emulator's own bookkeeping and never leave it (`_url`: the full URL of a report's page).

import type { ResourceDef } from '../domain';
import { laravelDate } from './dates';
import { cleanUrl, projectOf } from './laravel';
import { analyse } from './scoring';
import type { Row } from './table';
import type { Input } from './validate';

export { projectOf };

/** A choice column as the database keeps it: an integer, or null. */
const int = (v: string | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

/** What the analytics host stores for a new website: unsent privacy and email stay null. */
export function newWebsite(domain: string, input: Input, now: Date): Record<string, unknown> {
  const at = laravelDate(now);
  return {
    domain,
    privacy: int(input.privacy),
    email: int(input.email),
    password: input.password ?? null,
    exclude_bots: 'exclude_bots' in input ? int(input.exclude_bots) : 1,
    exclude_params: input.exclude_params ?? null,
    exclude_ips: input.exclude_ips ?? null,
    favorite: false,
    favorited_at: null,
    created_at: at,
    updated_at: at,
  };
}

/** What the SEO host stores for a new report of `url` (its page fetched and analysed as run `run`). */
export function newReport(url: string, input: Input, now: Date, run: number): Record<string, unknown> {
  const at = laravelDate(now);
  return {
    url: cleanUrl(url),
    project: projectOf(url),
    result: Math.round(analyse(url, run).exact),
    privacy: int(input.privacy),
    password: input.password ?? null,
    generated_at: at,
    created_at: at,
    updated_at: at,
    _url: url,
    _run: run,
  };
}

/** The page a report row is about, with its scheme (rows from older data files keep it in `url`). */
export function pageOf(row: Row): string {
  return typeof row._url === 'string' ? row._url : String(row.url ?? '');
}

/** Applies an update's fields to a row: the columns the form sent, as the database keeps them. */
export function applyUpdate(def: ResourceDef, row: Row, input: Input, at: string): Row {
  const next: Row = { ...row, updated_at: at };
  for (const f of def.fields) {
    if (!f.ops.includes('update') || !(f.name in input) || f.name === 'results') continue;
    next[f.name] = f.kind === 'choice' ? int(input[f.name]) : input[f.name];
  }
  return next;
}

/**
 * What the server sends for a row. `echo`: the fields a write sent, answered as the strings the
 * form held (Laravel answers the model's attributes as assigned, before any reload); `exact`: a
 * fresh analysis's score before the database rounds it.
 */
export function toWire(def: ResourceDef, row: Row, echo: Record<string, unknown> = {}, exact?: number): Record<string, unknown> {
  const writeOnly = new Set(def.fields.filter((f) => f.writeOnly).map((f) => f.name));
  const echoed = new Set(def.fields.filter((f) => f.kind === 'choice' && f.name !== 'results' && f.name in echo).map((f) => f.name));
  const out: Record<string, unknown> = {};
  const computeResults = def.name === 'reports' && !('results' in row) && typeof row.url === 'string';
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('_') || writeOnly.has(key)) continue;
    if (key === 'password') out[key] = Boolean(value);
    else if (echoed.has(key)) out[key] = echo[key];
    else if (key === 'result' && exact !== undefined) out[key] = exact;
    else out[key] = value;
    if (key === 'result' && computeResults) {
      out.results = analyse(pageOf(row), typeof row._run === 'number' ? row._run : 0).results;
    }
  }
  return out;
}
