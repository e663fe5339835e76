// Stored rows ↔ wire records. A row keeps what the server keeps (the password itself,
// exclude_params); the wire record shows what the real servers show: password as a boolean,
// write-only fields left out, a report's `results` computed from its URL and analysis run.
// Row fields starting with "_" are the emulator's own bookkeeping and never leave it.

import { createDefaults, type ResourceDef } from '../domain';
import { laravelDate } from './dates';
import { analyse } from './scoring';
import type { Row } from './table';

export type Values = Record<string, string | number | null>;

/** Host name of a report's page without www.: its project. */
export function projectOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** Domain as the analytics host stores it: lower-case, no scheme, no www., no path. */
export function normaliseDomain(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/?#].*$/, '');
}

export function newWebsite(def: ResourceDef, values: Values, now: Date): Record<string, unknown> {
  const v = { ...createDefaults(def), ...values };
  const at = laravelDate(now);
  return {
    domain: v.domain,
    privacy: v.privacy,
    email: v.email,
    password: v.password ?? null,
    exclude_bots: v.exclude_bots,
    exclude_params: v.exclude_params ?? null,
    exclude_ips: v.exclude_ips ?? null,
    favorite: false,
    favorited_at: null,
    created_at: at,
    updated_at: at,
  };
}

export function newReport(def: ResourceDef, values: Values, now: Date, run: number): Record<string, unknown> {
  const v = { ...createDefaults(def), ...values };
  const url = String(v.url);
  const at = laravelDate(now);
  return {
    url,
    project: projectOf(url),
    result: analyse(url, run).score,
    privacy: v.privacy,
    password: v.password ?? null,
    generated_at: at,
    created_at: at,
    updated_at: at,
    _run: run,
  };
}

/** What the server sends for a row. */
export function toWire(def: ResourceDef, row: Row): Record<string, unknown> {
  const writeOnly = new Set(def.fields.filter((f) => f.writeOnly).map((f) => f.name));
  const out: Record<string, unknown> = {};
  const computeResults = def.name === 'reports' && !('results' in row) && typeof row.url === 'string';
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('_') || writeOnly.has(key)) continue;
    out[key] = key === 'password' ? Boolean(value) : value;
    if (key === 'result' && computeResults) {
      out.results = analyse(row.url as string, typeof row._run === 'number' ? row._run : 0).results;
    }
  }
  return out;
}
