// Reading `sitedeck doctor --json`, for its tests in a process and in-process alike.
import type { Emulator } from '../../src/emulator';
import type { RunResult } from './helpers';

export interface Check {
  id: string;
  group: string;
  status: 'ok' | 'warn' | 'fail';
  title: string;
  detail: string;
  fix: string | null;
}

export const checksOf = (r: RunResult) => JSON.parse(r.stdout) as { ok: boolean; exit_code: number; checks: Check[] };
export const byId = (r: RunResult, id: string) => checksOf(r).checks.find((c) => c.id === id);
/** The requests the emulator saw, one line each, sorted. */
export const hitsOf = (emulator: Emulator) => emulator.hits.map((h) => `${h.host} ${h.method} ${h.path} per_page=${h.query.per_page}`).sort();
/** One list of one record per host: all doctor sends. */
export const ONE_EACH = ['analytics GET /public/api/v1/websites per_page=1', 'seo GET /api/v1/reports per_page=1'];
