// A cover's plan is worked out on disk, not in the heap: the pages go into the plan's store as the
// source is read (the counts hold none), every report into it as it arrives, and the steps are read
// back from it in order, again each time, never made a list. The SQL decides as the list did: the
// newest report of a page (an undated one older than any), compared as the host stores a URL.
import { describe, expect, it } from 'vitest';
import { gatherInto } from '../../src/api/cover/gather';
import { planCover, planLine, storedPlan } from '../../src/api/cover/plan';
import type { KnownReport } from '../../src/api/cover/planStore';
import { PlanStore } from '../../src/api/cover/planStore';
import { printPlan } from '../../src/commands/cover/printPlan';
import { toJson } from '../../src/commands/format/json';
import type { Io } from '../../src/commands/io';

/** What printPlan writes on stdout, and how many writes it took. */
async function printed(plan: Parameters<typeof printPlan>[2], json: boolean, out = { text: '', writes: 0 }) {
  const io = { stdout: { write: (t: string) => ((out.text += t), out.writes++, true) }, stderr: { write: () => true } } as unknown as Io;
  await printPlan(io, 'src', plan, json);
  return out;
}

const PAGES = 40_000;
const list = Array.from({ length: PAGES }, (_, i) => `https://www.shop.example.com/p/${i}`);
const reader = { timeoutMs: 1000, signal: new AbortController().signal, stdin: () => Promise.resolve(`${list.join('\n')}\n${list[7]}\n`) };

describe("a cover's plan in its store", () => {
  it(`keeps ${PAGES} pages in the store, not the heap: the counts hold none, the steps are read back in order`, async () => {
    const store = new PlanStore();
    try {
      const counts = await gatherInto({ kind: 'stdin' }, undefined, reader, store);
      expect(store.size).toBe(PAGES);
      expect(counts).toMatchObject({ site: 'shop.example.com', duplicates: 1 });
      // Nothing of the pages in what the gathering returns.
      expect(JSON.stringify(counts).length).toBeLessThan(300);
      for (let i = 0; i < PAGES; i += 10)
        store.addReport({ id: i, url: `shop.example.com/p/${i}`, project: 'shop.example.com', generated_at: null }, counts.site);
      store.addReport({ id: 999_999, url: 'shop.example.com/left', project: 'shop.example.com', generated_at: null }, counts.site);
      const plan = storedPlan(store, counts, { prune: true });
      expect(Array.isArray(plan.steps)).toBe(false);
      expect(plan.counts).toMatchObject({ pages: PAGES, with_report: PAGES / 10, to_create: PAGES - PAGES / 10, gone: 1, to_delete: 1 });
      const steps = [...plan.steps];
      expect(steps.filter((s) => s.action === 'create').map((s) => s.url)).toEqual(list.filter((_, i) => i % 10 !== 0));
      // Read again, the same.
      expect(steps.length).toBe(plan.counts.to_create + 1);
      expect([...plan.steps].at(-1)).toEqual({ action: 'delete', url: 'shop.example.com/left', report_id: '999999' });
      // Written as it is read back, in pieces, byte for byte what the whole plan's text and toJson are.
      const json = await printed(plan, true);
      expect(json.text).toBe(toJson({ source: 'src', ...plan.counts, steps, gone_reports: [...plan.gone] }));
      expect(json.writes).toBeGreaterThan(10);
      // A turn of the event loop after each piece, so a pipe's queue drains as the plan is written, not after it.
      const live = { text: '', writes: 0 };
      let writesAtTurn = -1;
      setImmediate(() => (writesAtTurn = live.writes));
      await printed(plan, true, live);
      expect(live.text).toBe(json.text);
      expect(writesAtTurn).toBe(1);
      const text = await printed(plan, false);
      expect(text.text).toBe(`${planLine(plan.counts)}\n${steps.map((s) => `${s.action}\t${s.url}${s.report_id ? `\t${s.report_id}` : ''}\n`).join('')}`);
    } finally {
      store.close();
    }
  });

  it('takes the newest report of a page (undated: older than any; a tie: the first listed) and re-runs by it', () => {
    const pages = ['https://a.example/one', 'http://www.a.example/two', 'https://a.example/three'];
    const g = { pages, keys: new Set<string>(), site: 'a.example', otherHosts: 0, notWeb: 0, duplicates: 0, overLimit: 0, documents: 1, tooDeep: 0 };
    const at = (d: string | null, id: number, url: string, project = 'a.example'): KnownReport => ({ id, url, project, generated_at: d });
    const reports = [
      at('2026-01-01T00:00:00Z', 1, 'a.example/one'),
      at('2026-09-01T00:00:00Z', 2, 'a.example/one'),
      at(null, 3, 'a.example/two'),
      at('2026-09-01T00:00:00Z', 4, 'a.example/three'),
      at('2026-09-01T00:00:00Z', 5, 'a.example/three'),
      at('2026-01-01T00:00:00Z', 6, 'a.example/elsewhere', 'b.example'),
      at('2026-01-01T00:00:00Z', 7, 'a.example/gone'),
    ];
    const plan = planCover(g, reports, { prune: true, rerunBefore: Date.parse('2026-06-01T00:00:00Z') });
    // one's newest (2) is recent; two's only one is undated; three's tie keeps the first listed (4): recent.
    expect(plan.steps).toEqual([
      { action: 'rerun', url: 'a.example/two', report_id: '3' },
      { action: 'delete', url: 'a.example/gone', report_id: '7' },
    ]);
    expect(plan.gone).toEqual([{ id: '7', url: 'a.example/gone' }]);
    expect(plan.counts).toMatchObject({ pages: 3, with_report: 3, to_create: 0, to_rerun: 1, gone: 1, to_delete: 1 });
  });
});
