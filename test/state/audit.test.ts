// The Audit view's slice, pure: opening it starts the shared read only when none is there, its
// source is the Reports tab's filters or a project, Esc backs out one level at a time, and what
// is drawn over it (help, the `:` line, a question) returns to it, while a tab or Projects closes it.
import { describe, expect, it } from 'vitest';
import { auditOf, modeOf } from '../../src/state/stack';
import { auditOfState, inSource, makeAuditOf, sourceWords } from '../../src/state/auditSource';
import { initialState, reducer } from '../../src/state/reducer';
import type { Action } from '../../src/state/actions';
import type { DeckState } from '../../src/state/types';
import { report } from '../helpers/records';

const run = (s: DeckState, ...actions: Action[]) => actions.reduce(reducer, s);
const reports = [report(1, { result: 20 }), report(2, { result: 90 }), report(3, { result: 55 })];
const read = (s: DeckState) => run(s, { type: 'projects/progress', requestId: s.projects.requestId, read: 3, total: 3, rows: [], reports, done: true });

describe('the audit slice', () => {
  it('opens over the reports in view, starting the read of every report only when it is not there', () => {
    const s = run(initialState({ tab: 'reports' }), { type: 'result/set', result: 'bad' }, { type: 'audit/open' });
    expect(modeOf(s).kind).toBe('audit');
    expect(s.stack.map((x) => x.kind)).toEqual(['list', 'audit']);
    expect(auditOf(s)!).toMatchObject({ level: 'checks', source: { kind: 'view', filters: { result: 'bad' } } });
    expect(s.projects).toMatchObject({ status: 'loading', requestId: 1 });
    // Read once: closing and opening again asks for nothing.
    const done = read(s);
    const again = run(done, { type: 'audit/back' }, { type: 'audit/open' });
    expect(again.projects).toMatchObject({ status: 'done', requestId: 1 });
    expect(again.projects.reports).toBe(done.projects.reports);
  });

  it(':audit from inside an audit takes its place: Esc then leads where the first one did', () => {
    const s = read(run(initialState({ tab: 'reports' }), { type: 'audit/open' }));
    const deeper = run(s, { type: 'audit/pages', check: 'title' });
    expect(deeper.stack.map((x) => (x.kind === 'audit' ? x.audit.level : x.kind))).toEqual(['list', 'checks', 'pages']);
    const again = run(deeper, { type: 'audit/open' });
    expect(again.stack.map((x) => (x.kind === 'audit' ? x.audit.level : x.kind))).toEqual(['list', 'checks']);
    expect(run(again, { type: 'audit/back' }).stack.map((x) => x.kind)).toEqual(['list']);
  });

  it('walks checks → pages → report and backs out one level per Esc, to the view it came from', () => {
    let s = read(run(initialState(), { type: 'projects/open' }));
    s = run(s, {
      type: 'projects/progress',
      requestId: s.projects.requestId,
      read: 3,
      total: 3,
      rows: [
        {
          project: 'proj1.example.com',
          reports: 1,
          scored: 1,
          average: 20,
          lowest: 20,
          highest: 20,
          mix: { good: 0, decent: 0, bad: 1 },
          worst: null,
          last_generated_at: null,
        },
      ],
      reports,
      done: true,
    });
    s = run(s, { type: 'audit/open-project' });
    expect(s.stack.map((x) => x.kind)).toEqual(['projects', 'audit']);
    expect(auditOf(s)!).toMatchObject({ source: { kind: 'project', project: 'proj1.example.com' } });
    s = run(s, { type: 'audit/move', delta: 5, count: 3 });
    expect(auditOf(s)!.checkCursor).toBe(2);
    s = run(
      s,
      { type: 'audit/pages', check: 'title' },
      { type: 'audit/move', delta: 1, count: 2 },
      { type: 'audit/report', id: 2 },
      { type: 'audit/scroll', delta: 3 },
    );
    expect(auditOf(s)!).toMatchObject({ level: 'report', check: 'title', pageCursor: 1, reportId: 2, scroll: 3 });
    s = run(s, { type: 'audit/back' });
    expect(auditOf(s)!).toMatchObject({ level: 'pages', pageCursor: 1, reportId: null });
    s = run(s, { type: 'audit/back' });
    expect(auditOf(s)!).toMatchObject({ level: 'checks', check: null, checkCursor: 2 });
    s = run(s, { type: 'audit/back' });
    expect(modeOf(s).kind).toBe('projects');
    expect(auditOf(s)).toBeNull();
  });

  it('Space on a page marks it and moves down, and stays on the last row', () => {
    let s = run(read(run(initialState(), { type: 'audit/open' })), { type: 'audit/pages', check: 'title' });
    s = run(s, { type: 'audit/mark', id: 1, count: 2 });
    expect(s.marked.reports).toEqual([1]);
    expect(auditOf(s)?.pageCursor).toBe(1);
    s = run(s, { type: 'audit/mark', id: 3, count: 2 }, { type: 'audit/mark', id: 3, count: 2 });
    expect(s.marked.reports).toEqual([1]);
    expect(auditOf(s)?.pageCursor).toBe(1);
  });

  it('comes back from the help, the `:` line and a question; a tab closes it', () => {
    let s = read(run(initialState(), { type: 'audit/open' }));
    s = run(s, { type: 'help/toggle' });
    expect(modeOf(s).kind).toBe('help');
    s = run(s, { type: 'help/toggle' });
    expect(modeOf(s).kind).toBe('audit');
    s = run(s, { type: 'prompt/open' }, { type: 'prompt/close' });
    expect(modeOf(s).kind).toBe('audit');
    s = run(
      s,
      { type: 'audit/pages', check: 'title' },
      { type: 'audit/mark', id: 1, count: 3 },
      { type: 'audit/mark', id: 3, count: 3 },
      { type: 'audit/rerun', id: 1 },
    );
    expect(modeOf(s)).toMatchObject({ kind: 'confirm-bulk', ids: [1, 3], question: 'Re-run the analysis of 2 reports?' });
    expect(s.op).toBeNull();
    s = run(s, { type: 'bulk/cancel' });
    expect(modeOf(s).kind).toBe('audit');
    expect(s.bulk).toBeNull();
    s = run(s, { type: 'tab/select', tab: 'websites' });
    expect(modeOf(s).kind).toBe('list');
    expect(auditOf(s)).toBeNull();
    // 3 from the audit: the Projects view, from the same read.
    s = run(s, { type: 'audit/open' }, { type: 'projects/open' });
    expect(modeOf(s).kind).toBe('projects');
    expect(auditOf(s)).toBeNull();
    expect(s.projects.requestId).toBe(1);
  });

  it('R without marks queues one re-run of the page; a re-run’s answer replaces the report in the read', () => {
    let s = read(run(initialState(), { type: 'audit/open' }, { type: 'audit/pages', check: 'title' }));
    s = run(s, { type: 'audit/rerun', id: 2 });
    expect(s.op).toMatchObject({ kind: 'rerun', id: 2, before: 90 });
    const fresh = report(2, { result: 40 });
    s = run(s, { type: 'rerun/done', seq: s.op!.seq, record: fresh });
    expect(s.projects.reports.find((r) => r.id === 2)).toBe(fresh);
    expect(modeOf(s).kind).toBe('audit');
    // Read-only: nothing is queued.
    const ro = read(run(initialState({ readOnly: true }), { type: 'audit/open' }, { type: 'audit/pages', check: 'title' }, { type: 'audit/rerun', id: 2 }));
    expect(ro.op).toBeNull();
  });

  it('narrows the read as the host narrows the list: project, result range, a piece of the URL', () => {
    const r = report(7, { project: 'shop.example', url: 'https://www.Shop.example/Cart', result: 48 });
    expect(inSource({ kind: 'view', filters: {} }, r)).toBe(true);
    expect(inSource({ kind: 'view', filters: { result: 'bad' } }, r)).toBe(true);
    expect(inSource({ kind: 'view', filters: { result: 'decent' } }, r)).toBe(false);
    expect(inSource({ kind: 'view', filters: { search: 'shop.example/cart' } }, r)).toBe(true);
    expect(inSource({ kind: 'view', filters: { search: 'https://shop.example' } }, r)).toBe(true);
    expect(inSource({ kind: 'view', filters: { search: 'blog' } }, r)).toBe(false);
    expect(inSource({ kind: 'view', filters: { project: 'other' } }, r)).toBe(false);
    expect(inSource({ kind: 'project', project: 'shop.example' }, r)).toBe(true);
    expect(sourceWords({ kind: 'view', filters: {} })).toBe('all reports');
    expect(sourceWords({ kind: 'view', filters: { search: 'cart', result: 'bad' } })).toBe('result bad · search "cart"');
  });

  it('is built again while reading only when the reports read have doubled, and at once when the read is done', () => {
    const auditOf = makeAuditOf();
    const source = { kind: 'view' as const, filters: {} };
    const many = Array.from({ length: 400 }, (_, i) => report(i + 1, { checks: [{ name: 'title', label: 'Title', passed: false, importance: 'high' }] }));
    const a100 = auditOf(many.slice(0, 100), source, undefined, 1, true);
    expect(a100.pages).toBe(100);
    // More pages and a newer history, still reading: the rows shown stay.
    expect(auditOf(many.slice(0, 199), source, undefined, 2, true)).toBe(a100);
    const a200 = auditOf(many.slice(0, 200), source, undefined, 3, true);
    expect(a200.pages).toBe(200);
    const done = auditOf(many.slice(0, 250), source, undefined, 3, false);
    expect(done.pages).toBe(250);
    expect(done.checks[0]).toMatchObject({ name: 'title', failing: 250, of: 250 });
    // The same arguments: the same audit; a new read from the start: built again.
    const all = many.slice(0, 250);
    expect(auditOf(all, source, undefined, 3)).toBe(auditOf(all, source, undefined, 3));
    expect(auditOf(many.slice(0, 100), source, undefined, 3, true).pages).toBe(100);
  });

  it('the keys build the rows the screen draws from the state alone, while reading too (no render-time copy)', () => {
    const many = Array.from({ length: 250 }, (_, i) =>
      report(i + 1, {
        result: (i * 37) % 100,
        checks: [{ name: i % 3 ? 'title' : 'h1', label: i % 3 ? 'Title' : 'H1', passed: false, importance: i % 3 ? 'high' : 'low' }],
      }),
    );
    let s = run(initialState(), { type: 'audit/open' });
    s = run(s, { type: 'projects/progress', requestId: s.projects.requestId, read: 250, total: 400, rows: [], reports: many, done: false });
    // The screen's build: with the history's counts (previousFailed), as the view makes it.
    const screen = makeAuditOf()(many, auditOf(s)!.source, () => ({ generated_at: null, failed: ['title'] }), 7, true);
    const keys = auditOfState(s);
    expect(keys.pages).toBe(200);
    expect(keys.checks.map((c) => [c.name, c.pages.map((p) => p.id)])).toEqual(screen.checks.map((c) => [c.name, c.pages.map((p) => p.id)]));
  });
});
