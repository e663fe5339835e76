// A ListQuery → the query string parameters actually sent: undefined and empty values left out.

import type { ListQuery } from '../domain';

export function listQueryParams(query: ListQuery | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'string' && v.trim() === '') continue;
    if (typeof v === 'number' && !Number.isFinite(v)) continue;
    out[k] = typeof v === 'number' ? v : String(v);
  }
  return out;
}
