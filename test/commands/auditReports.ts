// The reports an audit reads, as the emulator sends them (plain HTTP, not sitedeck's client), for
// the audit tests in-process (./in-process/audit.test.ts) and on a terminal (./audit.test.ts).
import { expect } from 'vitest';
import type { Emulator } from '../../src/emulator';

/** Every report as the emulator sends it. */
export interface RawReport {
  id: number;
  url: string;
  project: string;
  result: number;
  generated_at: string;
  results: Record<string, { passed: boolean }>;
}

/** The reports of each page (a URL; the host stores it without scheme and www.), oldest analysis first. */
export function byPage(raw: readonly RawReport[]): RawReport[][] {
  const pages = new Map<string, RawReport[]>();
  for (const x of raw) {
    const key = x.url.replace(/\/+$/, '');
    pages.set(key, [...(pages.get(key) ?? []), x]);
  }
  return [...pages.values()].map((l) => l.sort((a, b) => (a.generated_at < b.generated_at ? -1 : a.generated_at > b.generated_at ? 1 : a.id - b.id)));
}

/** Each page at its latest analysis: what the audit counts. */
export const latest = (raw: readonly RawReport[]) => byPage(raw).map((l) => l.at(-1)!);

export async function readReports(emulator: Emulator, query: Record<string, string> = {}): Promise<RawReport[]> {
  const all: RawReport[] = [];
  for (let page = 1; ; page++) {
    const url = new URL(`${emulator.seoBaseUrl}/api/v1/reports`);
    for (const [k, v] of Object.entries({ ...query, per_page: '100', page: String(page) })) url.searchParams.set(k, v);
    const body = (await (await fetch(url, { headers: { Authorization: `Bearer ${emulator.apiKey}`, Accept: 'application/json' } })).json()) as {
      data: RawReport[];
      meta: { last_page: number };
    };
    all.push(...body.data);
    if (page >= body.meta.last_page) return all;
  }
}

/** The SEO host was read once: `requests` pages of 100, in order, with `extra` in each query. */
export function expectReadOnce(emulator: Emulator, requests: number, extra: Record<string, string> = {}): void {
  const hits = emulator.hits.filter((h) => h.host === 'seo');
  expect(hits).toHaveLength(requests);
  hits.forEach((h, i) => expect(h).toMatchObject({ method: 'GET', query: { per_page: '100', page: String(i + 1), ...extra } }));
}
