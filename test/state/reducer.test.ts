import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/state/actions';
import { modeOf } from '../../src/state/stack';
import { changeLine } from '../../src/state/changes';
import { perPageFor, reducer, initialState } from '../../src/state/reducer';
import type { DeckState } from '../../src/state/types';
import { pageOf, report, website } from '../helpers/records';
import { keyWords } from '../../src/ui/keys/keyWords';

const run = (state: DeckState, ...actions: Action[]) => actions.reduce(reducer, state);

/** A deck with a loaded first page of 5 websites (and 5 reports). */
function loadedState(opts: { readOnly?: boolean } = {}): DeckState {
  let s = initialState(opts);
  s = run(
    s,
    { type: 'list/request', tab: 'websites', requestId: 1 },
    { type: 'list/loaded', tab: 'websites', requestId: 1, page: pageOf([1, 2, 3, 4, 5].map((i) => website(i))) },
    { type: 'list/request', tab: 'reports', requestId: 2 },
    {
      type: 'list/loaded',
      tab: 'reports',
      requestId: 2,
      page: pageOf(
        [1, 2, 3, 4, 5].map((i) => report(i, { result: 40 + i * 10, result_class: null })),
        { perPage: 25 },
      ),
    },
  );
  return s;
}

const web = (s: DeckState) => s.tabs.websites;
const rep = (s: DeckState) => s.tabs.reports;

describe('reducer: tabs and cursor', () => {
  it('starts on Websites with the table defaults and nothing loaded', () => {
    const s = initialState();
    expect(s.tab).toBe('websites');
    expect(web(s).query).toEqual({ search_by: 'domain', sort_by: 'id', sort: 'desc', per_page: 10, page: 1 });
    expect(rep(s).query.per_page).toBe(25);
    expect(modeOf(s)).toEqual({ kind: 'list' });
  });

  it('tab/select and tab/cycle switch tabs and keep each tab’s cursor and query', () => {
    let s = run(loadedState(), { type: 'cursor/move', delta: 2 }, { type: 'sort/next' });
    s = run(s, { type: 'tab/select', tab: 'reports' });
    expect(s.tab).toBe('reports');
    // Websites → Reports → Projects → Websites: each tab kept as it was left.
    s = run(s, { type: 'cursor/move', delta: 1 }, { type: 'tab/cycle', dir: 1 });
    expect(s.stack.map((x) => x.kind)).toEqual(['projects']);
    s = run(s, { type: 'tab/cycle', dir: 1 });
    expect(s.tab).toBe('websites');
    expect(web(s).query.sort_by).toBe('domain');
    s = run(s, { type: 'tab/cycle', dir: -1 }, { type: 'tab/cycle', dir: -1 });
    expect(s.tab).toBe('reports');
    expect(rep(s).cursor).toBe(1);
    expect(run(s, { type: 'tab/select', tab: 'reports' })).toBe(s);
  });

  it('cursor/move clamps to the page and tracks the selected id; first and last jump', () => {
    let s = run(loadedState(), { type: 'cursor/move', delta: 3 });
    expect(web(s).cursor).toBe(3);
    expect(web(s).selectedId).toBe(4);
    s = run(s, { type: 'cursor/move', delta: 50 });
    expect(web(s).cursor).toBe(4);
    s = run(s, { type: 'cursor/move', delta: -50 });
    expect(web(s).cursor).toBe(0);
    s = run(s, { type: 'cursor/last' });
    expect(web(s).selectedId).toBe(5);
    s = run(s, { type: 'cursor/first' });
    expect(web(s).selectedId).toBe(1);
  });

  it('cursor moves never touch the query (so never a request)', () => {
    const s = loadedState();
    const moved = run(s, { type: 'cursor/move', delta: 1 }, { type: 'cursor/last' }, { type: 'cursor/first' });
    expect(web(moved).query).toBe(web(s).query);
  });
});

describe('reducer: query changes', () => {
  it('page/next and page/prev stay within 1..lastPage, flashing at the ends', () => {
    let s = run(loadedState(), { type: 'page/prev' });
    expect(web(s).query.page).toBe(1);
    expect(s.flash?.text).toMatch(/first page/);
    s = run(s, { type: 'page/next' });
    expect(web(s).query.page).toBe(2);
    s = run(
      s,
      { type: 'list/request', tab: 'websites', requestId: 9 },
      {
        type: 'list/loaded',
        tab: 'websites',
        requestId: 9,
        page: pageOf([website(6)], { page: 3, lastPage: 3 }),
      },
    );
    s = run(s, { type: 'page/set', page: 3 }, { type: 'page/next' });
    expect(web(s).query.page).toBe(3);
    expect(s.flash?.text).toMatch(/last page/);
    s = run(s, { type: 'page/prev' });
    expect(web(s).query.page).toBe(2);
  });

  it('page/set clamps to the known last page', () => {
    expect(web(run(loadedState(), { type: 'page/set', page: 99 })).query.page).toBe(3);
    expect(web(run(loadedState(), { type: 'page/set', page: 0 })).query.page).toBe(1);
  });

  it('sort/next cycles the table’s sort keys; sort/reverse flips; sort/set sets; each back to page 1', () => {
    let s = run(loadedState(), { type: 'page/next' }, { type: 'sort/next' });
    expect(web(s).query).toMatchObject({ sort_by: 'domain', page: 1 });
    s = run(s, { type: 'sort/next' });
    expect(web(s).query.sort_by).toBe('id');
    s = run(s, { type: 'sort/reverse' });
    expect(web(s).query.sort).toBe('asc');
    s = run(s, { type: 'sort/reverse' });
    expect(web(s).query.sort).toBe('desc');
    s = run(s, { type: 'tab/select', tab: 'reports' }, { type: 'sort/next' }, { type: 'sort/next' }, { type: 'sort/next' });
    expect(rep(s).query.sort_by).toBe('result');
    s = run(s, { type: 'sort/set', sortBy: 'url', sort: 'asc' });
    expect(rep(s).query).toMatchObject({ sort_by: 'url', sort: 'asc' });
    s = run(s, { type: 'sort/set', sort: 'desc' });
    expect(rep(s).query).toMatchObject({ sort_by: 'url', sort: 'desc' });
  });

  it('perPage/cycle walks 10 → 25 → 50 → 100 → 10 keeping the first row in view; perPage/set sets', () => {
    let s = run(loadedState(), { type: 'page/set', page: 3 }, { type: 'perPage/cycle', dir: 1 });
    expect(web(s).query).toMatchObject({ per_page: 25, page: 1 }); // rows 21.. are on page 1 of 25
    s = run(s, { type: 'perPage/cycle', dir: 1 }, { type: 'perPage/cycle', dir: 1 }, { type: 'perPage/cycle', dir: 1 });
    expect(web(s).query.per_page).toBe(10);
    s = run(s, { type: 'perPage/cycle', dir: -1 });
    expect(web(s).query.per_page).toBe(100);
    s = run(s, { type: 'perPage/set', perPage: 50 });
    expect(web(s).query.per_page).toBe(50);
  });

  it('search/start, input, backspace, commit: live search that starts at page 1', () => {
    let s = run(loadedState(), { type: 'page/next' }, { type: 'search/start' });
    expect(modeOf(s).kind).toBe('search');
    s = run(s, { type: 'search/input', text: 'sh' }, { type: 'search/input', text: 'opx' }, { type: 'search/edit', op: { kind: 'backspace' } });
    expect(web(s).query).toMatchObject({ search: 'shop', page: 1 });
    s = run(s, { type: 'search/commit' });
    expect(modeOf(s).kind).toBe('list');
    expect(web(s).query.search).toBe('shop');
  });

  it('search/backspace to empty drops the search parameter; search/cancel clears it', () => {
    let s = run(loadedState(), { type: 'search/start' }, { type: 'search/input', text: 'a' }, { type: 'search/edit', op: { kind: 'backspace' } });
    expect('search' in web(s).query).toBe(false);
    s = run(s, { type: 'search/input', text: 'abc' }, { type: 'search/cancel' });
    expect(web(s).query.search).toBeUndefined();
    expect(modeOf(s).kind).toBe('list');
  });

  it('search/set (from the command line) sets or clears the search', () => {
    let s = run(loadedState(), { type: 'search/set', text: 'blog' });
    expect(web(s).query.search).toBe('blog');
    s = run(s, { type: 'search/set', text: '' });
    expect(web(s).query.search).toBeUndefined();
  });

  it('result/cycle walks all → good → decent → bad → all on Reports only', () => {
    let s = run(loadedState(), { type: 'result/cycle' });
    expect(web(s).query).not.toHaveProperty('result');
    expect(s.flash).toBeNull(); // the keymap explains it; the reducer only refuses
    s = run(s, { type: 'tab/select', tab: 'reports' });
    const seen: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      s = run(s, { type: 'result/cycle' });
      seen.push(rep(s).query.result);
    }
    expect(seen).toEqual(['good', 'decent', 'bad', undefined]);
    s = run(s, { type: 'result/set', result: 'bad' });
    expect(rep(s).query.result).toBe('bad');
  });

  it('project/toggle filters by the selected row’s project and clears it again; project/set sets it', () => {
    let s = run(loadedState(), { type: 'tab/select', tab: 'reports' }, { type: 'cursor/move', delta: 1 });
    s = run(s, { type: 'project/toggle' });
    expect(rep(s).query.project).toBe('proj2.example.com');
    s = run(s, { type: 'project/toggle' });
    expect(rep(s).query.project).toBeUndefined();
    s = run(s, { type: 'project/set', project: 'x.example.com' });
    expect(rep(s).query.project).toBe('x.example.com');
  });

  it('filters/clear drops search, result and project, says how a search comes back, and does nothing when none is set', () => {
    let s = run(
      loadedState(),
      { type: 'tab/select', tab: 'reports' },
      { type: 'search/set', text: 'a' },
      { type: 'result/cycle' },
      { type: 'project/set', project: 'p' },
    );
    s = run(s, { type: 'filters/clear' });
    expect(rep(s).query).toEqual({ search_by: 'url', sort_by: 'id', sort: 'desc', per_page: 25, page: 1 });
    expect(keyWords(s.flash?.text ?? '')).toBe('Cleared search "a", result good, project p (/ then ↑ brings the search back)');
    // u undoes host changes only: the search cleared is the latest earlier search instead.
    expect(s.searches[s.searches.length - 1]).toBe('a');
    expect(run(s, { type: 'filters/clear' })).toBe(s);
    const noSearch = run(loadedState(), { type: 'tab/select', tab: 'reports' }, { type: 'result/cycle' }, { type: 'filters/clear' });
    expect(noSearch.flash?.text).toBe('Cleared result good');
  });

  it('search/recall: ↑ after / goes back through earlier searches, ↓ forward to what it was before /', () => {
    let s = run({ ...loadedState(), searches: ['shop', 'blog'] }, { type: 'search/set', text: 'x' }, { type: 'search/start' });
    s = run(s, { type: 'search/recall', dir: 1 });
    expect(web(s).query.search).toBe('blog');
    s = run(s, { type: 'search/recall', dir: 1 });
    expect(web(s).query.search).toBe('shop');
    // Past the oldest: stays.
    expect(run(s, { type: 'search/recall', dir: 1 })).toBe(s);
    s = run(s, { type: 'search/recall', dir: -1 }, { type: 'search/recall', dir: -1 });
    expect(web(s).query.search).toBe('x');
    s = run(s, { type: 'search/recall', dir: 1 }, { type: 'search/commit' });
    expect(s.searches).toEqual(['shop', 'blog']);
    s = run(s, { type: 'search/start' }, { type: 'search/input', text: 's' }, { type: 'search/commit' });
    expect(s.searches).toEqual(['shop', 'blog', 'blogs']);
  });

  it("searches/kept: the profile's earlier searches, read after the start, go before this session's, each once", () => {
    const s = run({ ...loadedState(), searches: ['blog', 'new'] }, { type: 'searches/kept', searches: ['shop', 'blog', 'old'] });
    expect(s.searches).toEqual(['shop', 'old', 'blog', 'new']);
  });

  it('search/cancel backs out of typing to the search as it was before /', () => {
    let s = run(loadedState(), { type: 'search/set', text: 'shop' }, { type: 'search/start' }, { type: 'search/input', text: 'x' });
    expect(web(s).query.search).toBe('shopx');
    s = run(s, { type: 'search/cancel' });
    expect(web(s).query.search).toBe('shop');
    expect(modeOf(s).kind).toBe('list');
  });

  it('refresh bumps the tab’s epoch and keeps the page', () => {
    const s = run(loadedState(), { type: 'page/next' }, { type: 'refresh' });
    expect(web(s).epoch).toBe(1);
    expect(web(s).query.page).toBe(2);
  });
});

describe('reducer: list answers', () => {
  it('list/request marks loading; list/loaded keeps the selected record when it is on the new page', () => {
    let s = run(loadedState(), { type: 'cursor/move', delta: 3 }, { type: 'list/request', tab: 'websites', requestId: 7 });
    expect(web(s).loading).toBe(true);
    s = run(s, { type: 'list/loaded', tab: 'websites', requestId: 7, page: pageOf([website(9), website(4), website(8)]) });
    expect(web(s).loading).toBe(false);
    expect(web(s).cursor).toBe(1);
    expect(web(s).selectedId).toBe(4);
  });

  it('list/loaded of an emptied page past the end goes back to the last page', () => {
    let s = run(loadedState(), { type: 'page/set', page: 3 }, { type: 'list/request', tab: 'websites', requestId: 7 });
    s = run(s, { type: 'list/loaded', tab: 'websites', requestId: 7, page: pageOf([], { page: 3, lastPage: 2, total: 20 }) });
    expect(web(s).query.page).toBe(2);
  });

  it('list/loaded ignores an answer to a superseded request', () => {
    const s = run(loadedState(), { type: 'list/request', tab: 'websites', requestId: 8 });
    expect(run(s, { type: 'list/loaded', tab: 'websites', requestId: 7, page: pageOf([]) })).toBe(s);
  });

  it('list/cached shows a cached page and drops whatever answer was awaited', () => {
    let s = run(loadedState(), { type: 'list/request', tab: 'websites', requestId: 8 });
    s = run(s, { type: 'list/cached', tab: 'websites', page: pageOf([website(42)]) });
    expect(web(s).loading).toBe(false);
    expect(web(s).data!.items[0].id).toBe(42);
    expect(run(s, { type: 'list/loaded', tab: 'websites', requestId: 8, page: pageOf([]) })).toBe(s);
  });

  it('list/failed keeps the last page, marks it stale and flashes the error', () => {
    let s = run(loadedState(), { type: 'list/request', tab: 'websites', requestId: 8 });
    s = run(s, { type: 'list/failed', tab: 'websites', requestId: 8, message: 'The analytics host had a server error (r to retry)' });
    expect(web(s).stale).toBe(true);
    expect(web(s).data!.items).toHaveLength(5);
    expect(s.flash).toMatchObject({ kind: 'error', text: expect.stringContaining('analytics host') });
    expect(run(s, { type: 'list/failed', tab: 'websites', requestId: 3, message: 'old' })).toBe(s);
  });

  it('a list that answers again clears its failure’s flash; another error stays', () => {
    let s = run(loadedState(), { type: 'list/request', tab: 'websites', requestId: 8 });
    s = run(s, { type: 'list/failed', tab: 'websites', requestId: 8, message: 'The analytics host had a server error (r to retry)' });
    const failed = s;
    s = run(
      s,
      { type: 'refresh' },
      { type: 'list/request', tab: 'websites', requestId: 9 },
      { type: 'list/loaded', tab: 'websites', requestId: 9, page: pageOf([website(1)]) },
    );
    expect(s.flash).toBeNull();
    expect(run(failed, { type: 'list/cached', tab: 'websites', page: pageOf([website(1)]) }).flash).toBeNull();
    const other = run(
      failed,
      { type: 'flash/show', kind: 'error', text: 'Could not save' },
      { type: 'list/request', tab: 'websites', requestId: 9 },
      {
        type: 'list/loaded',
        tab: 'websites',
        requestId: 9,
        page: pageOf([website(1)]),
      },
    );
    expect(other.flash?.text).toBe('Could not save');
  });

  it('dist/request, dist/loaded and dist/failed track the distribution, dropping stale answers', () => {
    let s = run(loadedState(), { type: 'dist/request', key: 'k', requestId: 4 });
    expect(s.distribution.loading).toBe(true);
    expect(run(s, { type: 'dist/loaded', key: 'k', requestId: 3, counts: { good: 1, decent: 1, bad: 1 } })).toBe(s);
    s = run(s, { type: 'dist/loaded', key: 'k', requestId: 4, counts: { good: 5, decent: 2, bad: 1 } });
    expect(s.distribution).toMatchObject({ loading: false, counts: { good: 5, decent: 2, bad: 1 } });
    s = run(s, { type: 'dist/request', key: 'k2', requestId: 5 }, { type: 'dist/failed', key: 'k2', requestId: 5 });
    expect(s.distribution).toMatchObject({ loading: false, counts: { good: 5 } });
  });
});

describe('reducer: modes and flash', () => {
  it('detail/open, detail/scroll, detail/close', () => {
    let s = run(loadedState(), { type: 'detail/open' });
    expect(modeOf(s)).toEqual({ kind: 'detail', scroll: 0 });
    s = run(s, { type: 'detail/scroll', delta: 3 }, { type: 'detail/scroll', delta: -5 });
    expect(modeOf(s)).toEqual({ kind: 'detail', scroll: 0 });
    s = run(s, { type: 'detail/scroll', delta: 2 });
    expect(modeOf(s)).toEqual({ kind: 'detail', scroll: 2 });
    s = run(s, { type: 'detail/close' });
    expect(modeOf(s).kind).toBe('list');
    expect(modeOf(run(initialState(), { type: 'detail/open' })).kind).toBe('list'); // nothing selected
  });

  it('help/toggle opens and closes help; help/page turns its pages, not below the first', () => {
    const s = run(loadedState(), { type: 'help/toggle' });
    expect(modeOf(s)).toEqual({ kind: 'help', page: 0 });
    expect(modeOf(run(s, { type: 'help/page', delta: 1 }))).toEqual({ kind: 'help', page: 1 });
    expect(modeOf(run(s, { type: 'help/page', delta: -1 }))).toEqual({ kind: 'help', page: 0 });
    expect(modeOf(run(s, { type: 'help/toggle' })).kind).toBe('list');
    expect(modeOf(run(loadedState(), { type: 'help/page', delta: 1 })).kind).toBe('list');
  });

  it('prompt/open, input, backspace, close', () => {
    let s = run(loadedState(), { type: 'prompt/open' }, { type: 'prompt/input', text: 'sort x' }, { type: 'prompt/edit', op: { kind: 'backspace' } });
    expect(modeOf(s)).toEqual({ kind: 'prompt', text: 'sort ', cursor: 5 });
    s = run(s, { type: 'prompt/close' });
    expect(modeOf(s).kind).toBe('list');
  });

  it('flash/show replaces the flash; flash/clear only clears the one it names', () => {
    let s = run(loadedState(), { type: 'flash/show', kind: 'info', text: 'one' });
    const id = s.flash!.id;
    s = run(s, { type: 'flash/show', kind: 'success', text: 'two' });
    expect(run(s, { type: 'flash/clear', id }).flash?.text).toBe('two');
    expect(run(s, { type: 'flash/clear', id: s.flash!.id }).flash).toBeNull();
  });
});

describe('reducer: forms', () => {
  it('form/new opens a create form with the table defaults', () => {
    const s = run(loadedState(), { type: 'form/new' });
    expect(modeOf(s).kind).toBe('form');
    expect(s.form).toMatchObject({ op: 'create', tab: 'websites', focus: 'domain', values: { domain: '', privacy: 1, email: 0, exclude_bots: 1 } });
  });

  it('form/edit opens an edit form from the selected record', () => {
    const s = run(loadedState(), { type: 'cursor/move', delta: 1 }, { type: 'form/edit' });
    expect(s.form).toMatchObject({ op: 'update', id: 2, name: 'site2.example.com', focus: 'privacy' });
  });

  it('form/focus, form/type, form/text, form/choice and form/set edit values', () => {
    let s = run(loadedState(), { type: 'form/new' }, { type: 'form/type', text: 'ab' }, { type: 'form/text', op: { kind: 'backspace' } });
    expect(s.form!.values.domain).toBe('a');
    s = run(s, { type: 'form/text', op: { kind: 'kill', what: 'toStart' } });
    expect(s.form!.values.domain).toBe('');
    s = run(s, { type: 'form/focus', delta: 1 }, { type: 'form/choice', dir: 1 });
    expect(s.form).toMatchObject({ focus: 'privacy', values: { privacy: 2 } });
    s = run(s, { type: 'form/focus', delta: 1 });
    expect(s.form!.focus).toBe('password'); // shown now that privacy is Password
    s = run(s, { type: 'form/set', name: 'exclude_ips', value: '1.2.3.4' });
    expect(s.form!.values.exclude_ips).toBe('1.2.3.4');
  });

  it('form/submit with invalid values keeps the form and marks the fields', () => {
    const s = run(loadedState(), { type: 'form/new' }, { type: 'form/submit' });
    expect(modeOf(s).kind).toBe('form');
    expect(s.form!.errors.domain).toEqual(['Domain is required.']);
    expect(s.form!.focus).toBe('domain');
    expect(s.op).toBeNull();
    expect(s.flash?.kind).toBe('error');
  });

  it('form/submit queues one save; a second submit while it is in flight is ignored', () => {
    const s = run(loadedState(), { type: 'form/new' }, { type: 'form/type', text: 'new.example.com' }, { type: 'form/submit' });
    expect(s.op).toMatchObject({ kind: 'save', op: 'create', values: { domain: 'new.example.com', privacy: 1, email: 0, exclude_bots: 1 } });
    expect(s.form!.submitting).toBe(true);
    expect(run(s, { type: 'form/submit' })).toBe(s);
  });

  it('form/submit of an unchanged edit closes the form without a request', () => {
    const s = run(loadedState(), { type: 'form/edit' }, { type: 'form/submit' });
    expect(s.op).toBeNull();
    expect(s.form).toBeNull();
    expect(s.flash?.text).toBe('Nothing changed');
  });

  it('form/failed keeps everything typed and puts the server messages on their fields', () => {
    let s = run(loadedState(), { type: 'form/new' }, { type: 'form/type', text: 'dup.example.com' }, { type: 'form/focus', delta: 3 }, { type: 'form/submit' });
    const seq = s.op!.seq;
    s = run(s, { type: 'form/failed', seq, message: 'The analytics host rejected the website', fields: { domain: ['The domain has already been taken.'] } });
    expect(s.form).toMatchObject({
      submitting: false,
      focus: 'domain',
      values: { domain: 'dup.example.com' },
      errors: { domain: ['The domain has already been taken.'] },
    });
    expect(s.op).toBeNull();
    expect(modeOf(s).kind).toBe('form');
    expect(run(s, { type: 'form/failed', seq: 999, message: 'x' })).toBe(s);
  });

  it('a message about the form goes when the form goes (discarded or cancelled), and stays while it is open', () => {
    let s = run(loadedState(), { type: 'form/new' }, { type: 'form/type', text: 'dup.example.com' }, { type: 'form/submit' });
    s = run(s, {
      type: 'form/failed',
      seq: s.op!.seq,
      message: 'The analytics host rejected the website (your input is kept: fix the marked fields and Ctrl+S to save again)',
    });
    expect(s.flash).toMatchObject({ kind: 'error', about: 'form' });
    expect(run(s, { type: 'form/type', text: 'x' }).flash).toBe(s.flash);
    // Esc on edited fields asks; discarding closes the form and its message with it.
    const asked = run(s, { type: 'form/cancel' });
    expect(modeOf(asked).kind).toBe('confirm-discard');
    expect(asked.flash).toBe(s.flash);
    const gone = run(asked, { type: 'form/discard' });
    expect([gone.form, gone.flash, modeOf(gone).kind]).toEqual([null, null, 'list']);
    // Fields refused before sending: the same.
    const invalid = run(loadedState(), { type: 'form/new' }, { type: 'form/submit' });
    expect(invalid.flash).toMatchObject({ text: 'Fix the marked fields, then save again', about: 'form' });
    expect(run(invalid, { type: 'form/cancel' }).flash).toBeNull();
    // A message about something else stays.
    const other = run(loadedState(), { type: 'form/edit' }, { type: 'form/submit' });
    expect(other.flash?.text).toBe('Nothing changed');
  });

  it('form/saved closes the form, flashes, updates the row and asks for a fresh page', () => {
    // Private → Public (Password would need a password: the record has none).
    let s = run(loadedState(), { type: 'form/edit' }, { type: 'form/choice', dir: -1 }, { type: 'form/submit' });
    const seq = s.op!.seq;
    s = run(s, { type: 'form/saved', seq, record: website(1, { privacy: 0 }) });
    expect(s.form).toBeNull();
    expect(modeOf(s).kind).toBe('list');
    expect(web(s).data!.items[0]).toMatchObject({ id: 1, privacy: 0 });
    expect(web(s).epoch).toBe(1);
    expect(keyWords(s.flash!.text)).toBe('✓ saved site1.example.com · u undoes');
  });

  it('form/cancel closes a clean form at once and asks first when it has edits; discard/cancel goes back', () => {
    expect(run(loadedState(), { type: 'form/new' }, { type: 'form/cancel' }).form).toBeNull();
    let s = run(loadedState(), { type: 'form/new' }, { type: 'form/type', text: 'x' }, { type: 'form/cancel' });
    expect(modeOf(s)).toEqual({ kind: 'confirm-discard', then: 'close' });
    s = run(s, { type: 'discard/cancel' });
    expect(modeOf(s).kind).toBe('form');
    expect(s.form!.values.domain).toBe('x');
    s = run(s, { type: 'discard/ask', then: 'close' });
    expect(modeOf(s)).toEqual({ kind: 'confirm-discard', then: 'close' });
    s = run(s, { type: 'form/discard' });
    expect(s.form).toBeNull();
    expect(modeOf(s).kind).toBe('list');
  });

  it('read-only never queues a write, however the action arrives (the keymap refuses the keys first)', () => {
    const ro = loadedState({ readOnly: true });
    const saved = run(ro, { type: 'form/edit' }, { type: 'form/choice', dir: 1 }, { type: 'form/submit' });
    expect(saved.op).toBeNull();
    expect(saved.flash?.text).toMatch(/^read-only mode: nothing was sent/);
    const deleted = run(ro, { type: 'delete/ask' }, { type: 'question/toggle' }, { type: 'delete/confirm' });
    expect(deleted.op).toBeNull();
    expect(modeOf(deleted).kind).toBe('list');
    expect(deleted.flash?.text).toMatch(/^read-only mode: nothing was sent/);
    const rerun = run(ro, { type: 'tab/select', tab: 'reports' }, { type: 'rerun/start' });
    expect(rerun.op).toBeNull();
    expect(rerun.flash?.text).toMatch(/^read-only mode: nothing was sent/);
  });

  it('Reports-only actions and row actions change nothing where they do not apply (no second message)', () => {
    const s = loadedState();
    for (const type of ['result/cycle', 'project/toggle', 'rerun/start'] as const) expect(run(s, { type }), type).toBe(s);
    const empty = run(
      initialState(),
      { type: 'list/request', tab: 'websites', requestId: 1 },
      {
        type: 'list/loaded',
        tab: 'websites',
        requestId: 1,
        page: pageOf([]),
      },
    );
    for (const type of ['form/edit', 'delete/ask', 'detail/open'] as const) expect(run(empty, { type }), type).toBe(empty);
  });
});

describe('reducer: delete and re-run', () => {
  it('delete/ask names the item with No preselected; question/toggle flips; delete/cancel closes', () => {
    let s = run(loadedState(), { type: 'cursor/move', delta: 1 }, { type: 'delete/ask' });
    expect(modeOf(s)).toEqual({ kind: 'confirm-delete', tab: 'websites', id: 2, name: 'site2.example.com', yes: false });
    s = run(s, { type: 'question/toggle' });
    expect(modeOf(s)).toMatchObject({ yes: true });
    s = run(s, { type: 'delete/cancel' });
    expect(modeOf(s).kind).toBe('list');
  });

  it('delete/confirm queues the delete; delete/done removes the row and selects the next one', () => {
    let s = run(loadedState(), { type: 'cursor/move', delta: 1 }, { type: 'delete/ask' }, { type: 'delete/confirm' });
    expect(s.op).toMatchObject({ kind: 'delete', id: 2 });
    s = run(s, { type: 'delete/done', seq: s.op!.seq });
    expect(web(s).data!.items.map((r) => r.id)).toEqual([1, 3, 4, 5]);
    expect(web(s).selectedId).toBe(3);
    expect(web(s).data!.meta.total).toBe(26);
    expect(s.flash?.text).toBe('✓ deleted site2.example.com · u re-creates it (with a new id; not its exclude params: never returned by the host)');
    expect(web(s).epoch).toBe(1);
  });

  it('deleting the last row selects the one before it', () => {
    let s = run(loadedState(), { type: 'cursor/last' }, { type: 'delete/ask' }, { type: 'delete/confirm' });
    s = run(s, { type: 'delete/done', seq: s.op!.seq });
    expect(web(s).selectedId).toBe(4);
    expect(web(s).cursor).toBe(3);
  });

  it('delete/failed keeps the row and flashes the error', () => {
    let s = run(loadedState(), { type: 'delete/ask' }, { type: 'delete/confirm' });
    s = run(s, { type: 'delete/failed', seq: s.op!.seq, message: 'The analytics host had a server error (d to try again)' });
    expect(web(s).data!.items).toHaveLength(5);
    expect(s.op).toBeNull();
    expect(s.flash?.kind).toBe('error');
  });

  it('rerun/start queues a re-run on Reports; rerun/done shows the new score; rerun/failed flashes', () => {
    let s = run(loadedState(), { type: 'rerun/start' });
    expect(s.op).toBeNull();
    s = run(s, { type: 'tab/select', tab: 'reports' }, { type: 'rerun/start' });
    expect(s.op).toMatchObject({ kind: 'rerun', id: 1, before: 50 });
    const done = run(s, { type: 'rerun/done', seq: s.op!.seq, record: report(1, { result: 91, result_class: 'good' }) });
    expect(done.flash?.text).toBe('✓ re-ran https://proj1.example.com/page-1: ● 91 good (was 50)');
    expect(rep(done).data!.items[0]).toMatchObject({ result: 91 });
    const failed = run(s, { type: 'rerun/failed', seq: s.op!.seq, message: 'nope' });
    expect(failed.op).toBeNull();
    expect(failed.flash).toMatchObject({ kind: 'error', text: 'nope' });
  });
});

describe('reducer: page size from the screen, and j/k across pages', () => {
  it('picks the smallest allowed page size that fills the list, the largest when none does', () => {
    expect([1, 10, 11, 19, 25, 35, 50, 51, 100, 300].map(perPageFor)).toEqual([10, 10, 25, 25, 25, 50, 50, 100, 100, 100]);
    const s = initialState({ fitRows: { websites: 19, reports: 18 } });
    expect(web(s).query.per_page).toBe(25);
    expect(rep(s).query.per_page).toBe(25);
    expect(initialState().tabs.websites.query.per_page).toBe(10); // no screen known: the table default
  });

  it('follows a resize on the page that holds the selected row, until the user picks a size', () => {
    let s = initialState({ fitRows: { websites: 19, reports: 18 } });
    s = run(
      s,
      { type: 'list/request', tab: 'websites', requestId: 1 },
      {
        type: 'list/loaded',
        tab: 'websites',
        requestId: 1,
        page: pageOf(
          Array.from({ length: 25 }, (_, i) => website(60 - i)),
          { perPage: 25, lastPage: 3, total: 60 },
        ),
      },
    );
    s = run(s, { type: 'cursor/move', delta: 20 }); // row 21 of 60: id 40
    s = run(s, { type: 'view/rows', rows: { websites: 35, reports: 34 } });
    expect(web(s).query).toMatchObject({ per_page: 50, page: 1 });
    expect(web(s).cursor).toBe(20);
    expect(web(s).selectedId).toBe(40);
    expect(rep(s).query.per_page).toBe(50);
    expect(run(s, { type: 'view/rows', rows: { websites: 35, reports: 34 } })).toBe(s);
    s = run(s, { type: 'perPage/cycle', dir: -1 });
    expect(web(s).query.per_page).toBe(25);
    s = run(s, { type: 'view/rows', rows: { websites: 9, reports: 8 } });
    expect(web(s).query.per_page).toBe(25); // chosen: stays
    expect(rep(s).query.per_page).toBe(10); // not chosen there: follows
    const fixed = initialState();
    expect(run(fixed, { type: 'view/rows', rows: { websites: 35, reports: 34 } })).toBe(fixed);
  });

  it('a saved view without a page size keeps the one that fills the screen', () => {
    const s = initialState({ fitRows: { websites: 35, reports: 34 } });
    const next = run(s, { type: 'view/apply', name: 'shops', view: { resource: 'websites', query: { search: 'shop' } } });
    expect(web(next).query).toMatchObject({ search: 'shop', per_page: 50, page: 1 });
    expect(web(next).perPageChosen).toBe(false);
  });

  it('j on the last row opens the next page at its first row; k on the first row the previous page at its last', () => {
    let s = run(loadedState(), { type: 'cursor/last' }, { type: 'cursor/move', delta: 1 });
    expect(web(s).query.page).toBe(2);
    expect(web(s).cursor).toBe(0);
    s = run(
      s,
      { type: 'list/request', tab: 'websites', requestId: 5 },
      {
        type: 'list/loaded',
        tab: 'websites',
        requestId: 5,
        page: pageOf(
          [11, 12, 13].map((i) => website(i)),
          { page: 2 },
        ),
      },
    );
    expect(web(s).selectedId).toBe(11);
    s = run(s, { type: 'cursor/move', delta: -1 });
    expect(web(s).query.page).toBe(1);
    expect(web(s).cursor).toBe(9); // 10 per page: the previous page's last row
    s = run(s, { type: 'list/cached', tab: 'websites', page: pageOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => website(i))) });
    expect(web(s).selectedId).toBe(10);
    // The first row of the first page and the last row of the last page stay where they are.
    const first = run(loadedState(), { type: 'cursor/move', delta: -1 });
    expect(web(first).query.page).toBe(1);
    expect(web(first).cursor).toBe(0);
    const onLast = run(
      loadedState(),
      { type: 'page/set', page: 3 },
      { type: 'list/request', tab: 'websites', requestId: 7 },
      {
        type: 'list/loaded',
        tab: 'websites',
        requestId: 7,
        page: pageOf([website(1)], { page: 3, lastPage: 3 }),
      },
    );
    expect(web(onLast).query.page).toBe(3);
    expect(run(onLast, { type: 'cursor/move', delta: 1 }).tabs.websites.query).toEqual(web(onLast).query);
  });
});

describe('coming back to the detail', () => {
  const inDetail = () => run(loadedState(), { type: 'detail/open' }, { type: 'detail/scroll', delta: 4 });

  it('help opened over the detail closes back to it, at the same place', () => {
    const s = run(inDetail(), { type: 'help/toggle' }, { type: 'help/page', delta: 1 });
    expect(modeOf(s)).toMatchObject({ kind: 'help', page: 1 });
    expect(modeOf(run(s, { type: 'help/toggle' }))).toEqual({ kind: 'detail', scroll: 4 });
    expect(modeOf(run(loadedState(), { type: 'help/toggle' }, { type: 'help/toggle' }))).toEqual({ kind: 'list' });
  });

  it('an edit opened from the detail goes back to it when cancelled, discarded, unchanged or saved', () => {
    const editing = run(inDetail(), { type: 'form/edit' });
    expect(modeOf(editing).kind).toBe('form');
    expect(modeOf(run(editing, { type: 'form/cancel' }))).toEqual({ kind: 'detail', scroll: 4 });
    expect(modeOf(run(editing, { type: 'form/submit' }))).toEqual({ kind: 'detail', scroll: 4 }); // nothing changed
    const changed = run(editing, { type: 'form/set', name: 'email', value: 1 } as Action);
    expect(modeOf(run(changed, { type: 'form/cancel' })).kind).toBe('confirm-discard');
    expect(modeOf(run(changed, { type: 'form/cancel' }, { type: 'form/discard' }))).toEqual({ kind: 'detail', scroll: 4 });
    const sent = run(changed, { type: 'form/submit' });
    const record = { ...sent.tabs.websites.data!.items[0], email: 1 };
    const saved = run(sent, { type: 'form/saved', seq: sent.op!.seq, record } as Action);
    expect(modeOf(saved)).toEqual({ kind: 'detail', scroll: 4 });
    expect(saved.stack.map((x) => x.kind)).toEqual(['list', 'detail']);
    // From the list, back to the list.
    expect(modeOf(run(loadedState(), { type: 'form/edit' }, { type: 'form/cancel' }))).toEqual({ kind: 'list' });
  });
});

describe('what the keys need of the frame is state', () => {
  it('view/drawn keeps the detail window and the audit rows the view reported; the same report changes nothing', () => {
    const s = run(initialState(), { type: 'view/drawn', drawn: { detail: { maxTop: 12, page: 20 } } });
    expect(s.drawn).toEqual({
      detail: { maxTop: 12, page: 20 },
      auditRows: 10,
      list: null,
      compactTabs: false,
      helpPages: 0,
      messagePages: 0,
      projectsRows: 10,
    });
    expect(run(s, { type: 'view/drawn', drawn: { detail: { maxTop: 12, page: 20 } } })).toBe(s);
    expect(run(s, { type: 'view/drawn', drawn: { auditRows: 30 } }).drawn).toEqual({
      detail: { maxTop: 12, page: 20 },
      auditRows: 30,
      list: null,
      compactTabs: false,
      helpPages: 0,
      messagePages: 0,
      projectsRows: 10,
    });
  });
});

describe('the change log and undo', () => {
  /** An edit of the selected row's email, saved: the state after the host's answer. */
  function edit(s: DeckState, at: number): DeckState {
    s = run(s, { type: 'form/edit' });
    const was = (s.tabs.websites.data!.items[s.tabs.websites.cursor] as unknown as { email: number }).email;
    s = run(s, { type: 'form/set', name: 'email', value: was === 1 ? 0 : 1 } as Action, { type: 'form/submit' });
    const record = { ...s.tabs.websites.data!.items[s.tabs.websites.cursor], email: was === 1 ? 0 : 1 };
    return run(s, { type: 'form/saved', seq: s.op!.seq, record, at } as Action);
  }
  /** What the effects do for an undo: read the records (as given), then each request done. */
  function finishUndo(s: DeckState, current: Record<number, Record<string, unknown> | null>): DeckState {
    s = run(s, { type: 'undo/checked', seq: s.undoCheck!.seq, current } as Action);
    const b = s.bulk!;
    for (const id of b.ids) s = run(s, { type: 'bulk/step', seq: b.seq, id } as Action);
    return run(s, { type: 'bulk/end', seq: b.seq, notStarted: 0 } as Action);
  }

  it('logs each edit with before and after; u undoes the latest not yet undone, long after its message, in reverse order', () => {
    let s = loadedState();
    const first = s.tabs.websites.data!.items[0] as unknown as { id: number; email: number };
    s = edit(s, 1000);
    s = run(s, { type: 'cursor/move', delta: 1 });
    const second = s.tabs.websites.data!.items[1] as unknown as { id: number; email: number };
    s = edit(s, 2000);
    expect(s.changes.map((c) => [c.kind, c.items[0].id, c.items[0].before, c.at])).toEqual([
      ['edit', first.id, { email: first.email }, 1000],
      ['edit', second.id, { email: second.email }, 2000],
    ]);
    // Messages come and go: the log stays.
    s = run(s, { type: 'flash/clear', id: s.flash!.id }, { type: 'flash/show', kind: 'info', text: 'something else' });
    s = run(s, { type: 'undo/start' });
    expect(s.undoCheck).toMatchObject({ change: s.changes[1].seq });
    s = finishUndo(s, { [second.id]: { ...second, email: second.email === 1 ? 0 : 1 } });
    expect(s.changes.map((c) => c.undone)).toEqual([false, true]);
    expect(s.flash!.text).toBe('✓ Undo: 1 undone');
    s = run(s, { type: 'undo/start' });
    expect(s.undoCheck).toMatchObject({ change: s.changes[0].seq });
    s = run(s, { type: 'undo/checked', seq: s.undoCheck!.seq, current: { [first.id]: { ...first, email: first.email === 1 ? 0 : 1 } } } as Action);
    expect(s.bulk).toMatchObject({ verb: 'undo', ids: [first.id], undo: { steps: [{ kind: 'put', id: first.id, values: { email: first.email } }] } });
  });

  it('asks first when the record changed on the host since, saying what differs; No sends nothing', () => {
    let s = edit(loadedState(), 1000);
    const w = s.tabs.websites.data!.items[0] as unknown as { id: number; email: number; privacy: number };
    const was = s.changes[0].items[0].before!.email;
    s = run(s, { type: 'undo/start' });
    // Someone set email reports back already: the host's value is not the one the edit left.
    s = run(s, { type: 'undo/checked', seq: s.undoCheck!.seq, current: { [w.id]: { ...w, email: was } } } as Action);
    expect(s.bulk).toBeNull();
    expect(s.overlay).toMatchObject({ kind: 'confirm-bulk', verb: 'undo' });
    // The question names the change, its detail what a yes sends; what differs is said whole below it.
    expect(s.overlay).toMatchObject({ question: 'Undo the edit of site1.example.com?', detail: expect.stringMatching(/^It puts back email reports \w+\.$/) });
    expect(s.flash!.text).toMatch(/^Changed on the host since: site1\.example\.com: email reports is \w+, not \w+$/i);
    s = run(s, { type: 'bulk/cancel' });
    expect(s.bulk).toBeNull();
    expect(s.changes[0].undone).toBe(false);
  });

  it('a delete is logged with the fields to re-create it; its undo posts them and says the new id', () => {
    let s = run(loadedState(), { type: 'delete/ask' }, { type: 'delete/confirm' });
    const op = s.op as { seq: number; id: number; name: string };
    s = run(s, { type: 'delete/done', seq: op.seq, at: 5 } as Action);
    expect(s.changes[0]).toMatchObject({ kind: 'delete', items: [{ id: op.id, before: { domain: op.name } }] });
    expect(s.flash!.text).toContain('u re-creates it (with a new id; not its exclude params: never returned by the host)');
    s = run(s, { type: 'undo/start' });
    expect(s.undoCheck).toBeNull();
    const b = s.bulk!;
    expect(b.undo!.steps[0]).toMatchObject({ kind: 'post', id: op.id });
    s = run(s, { type: 'bulk/step', seq: b.seq, id: op.id, record: website(99) } as Action, { type: 'bulk/end', seq: b.seq, notStarted: 0 } as Action);
    // What the host never returns is named as not put back, as the delete's message said.
    expect(s.flash!.text).toBe(
      `✓ Undo: 1 undone · re-created ${op.name} as id 99 (a new id; it was ${op.id}) · not put back: its exclude params (never returned by the host)`,
    );
    expect(s.changes[0].undone).toBe(true);
    expect(run(s, { type: 'undo/start' }).flash!.text).toMatch(/^Nothing to undo/);
  });

  it('a delete whose record the create form cannot take (a password never returned) says undo cannot re-create it', () => {
    let s = run(
      initialState(),
      { type: 'list/request', tab: 'websites', requestId: 1 },
      { type: 'list/loaded', tab: 'websites', requestId: 1, page: pageOf([website(1, { privacy: 2, password: true })]) },
    );
    s = run(s, { type: 'delete/ask' }, { type: 'delete/confirm' });
    s = run(s, { type: 'delete/done', seq: s.op!.seq } as Action);
    expect(s.flash!.text).toBe(
      '✓ deleted site1.example.com · u cannot re-create it (Password is required when privacy is Password and no password is set yet.)',
    );
    expect(changeLine(s.changes[0], () => '12:00:00')).toMatch(/^--:--:-- {2}no undo {3}delete of site1\.example\.com/);
    expect(run(s, { type: 'undo/start' }).flash!.text).toMatch(/^Nothing to undo/);
  });

  it("a password typed in an edit is never compared with the host's `password: true`, kept or said: its undo runs at once and names it", () => {
    const pw = 's3cret99';
    let s = loadedState();
    const w = s.tabs.websites.data!.items[0] as unknown as { id: number; privacy: number };
    s = run(s, { type: 'form/edit' }, { type: 'form/set', name: 'privacy', value: 2 } as Action, { type: 'form/set', name: 'password', value: pw } as Action, {
      type: 'form/submit',
    });
    expect(s.op).toMatchObject({ kind: 'save', values: { privacy: 2, password: pw } });
    s = run(s, { type: 'form/saved', seq: s.op!.seq, record: { ...s.tabs.websites.data!.items[0], privacy: 2, password: true }, at: 1000 } as Action);
    // Once saved, the password is nowhere in the deck's state: the log names it.
    expect(JSON.stringify(s)).not.toContain(pw);
    expect(s.changes[0].items[0]).toMatchObject({ before: { privacy: w.privacy }, after: { privacy: 2 }, lost: ['password'] });
    // (The undo key is spelled as bound: matched as any word.)
    expect(s.flash!.text).toMatch(/^✓ saved site1\.example\.com · \S+ undoes \(not the password you set: never returned by the host\)$/);
    expect(changeLine(s.changes[0], () => '12:00:00')).toContain('edit of site1.example.com (privacy to Password and a new password)');
    s = run(s, { type: 'undo/start' });
    // The host answers as it does: the password as a flag. Nothing changed since: no question.
    s = run(s, { type: 'undo/checked', seq: s.undoCheck!.seq, current: { [w.id]: { ...w, privacy: 2, password: true } } } as Action);
    expect(s.overlay).toBeNull();
    expect(s.bulk).toMatchObject({ verb: 'undo', undo: { steps: [{ kind: 'put', values: { privacy: w.privacy } }] } });
    const b = s.bulk!;
    s = run(s, { type: 'bulk/step', seq: b.seq, id: w.id } as Action, { type: 'bulk/end', seq: b.seq, notStarted: 0 } as Action);
    expect(s.flash!.text).toBe('✓ Undo: 1 undone · not put back: the password you set (never returned by the host)');
    expect(JSON.stringify(s)).not.toContain(pw);
  });

  it('an undo asked about names the change in a short question and what a yes sends, and what it cannot put back, on the detail line', () => {
    let s = loadedState();
    const w = s.tabs.websites.data!.items[0] as unknown as { id: number; privacy: number; email: number };
    s = run(
      s,
      { type: 'form/edit' },
      { type: 'form/set', name: 'privacy', value: 2 } as Action,
      { type: 'form/set', name: 'password', value: 'hunter22' } as Action,
      { type: 'form/submit' },
    );
    s = run(s, { type: 'form/saved', seq: s.op!.seq, record: { ...s.tabs.websites.data!.items[0], privacy: 2, password: true } } as Action, {
      type: 'undo/start',
    });
    // Someone set privacy to Public since.
    s = run(s, { type: 'undo/checked', seq: s.undoCheck!.seq, current: { [w.id]: { ...w, privacy: 0, password: false } } } as Action);
    expect(s.overlay).toMatchObject({
      kind: 'confirm-bulk',
      question: 'Undo the edit of site1.example.com?',
      detail: 'It puts back privacy Private; not the password you set.',
    });
    // The box at 80 columns holds 68: both lines whole.
    const o = s.overlay as { question: string; detail: string };
    expect(Math.max(o.question.length, o.detail.length)).toBeLessThanOrEqual(68);
    expect(s.flash!.text).toBe('Changed on the host since: site1.example.com: privacy is Public, not Password');
  });

  it(':changes lists the log, newest first, with what and whether undone', () => {
    let s = edit(loadedState(), Date.UTC(2026, 0, 1, 12, 3, 4));
    s = run(s, { type: 'changes/toggle' });
    expect(s.overlay).toEqual({ kind: 'messages', page: 0, of: 'changes' });
    expect(keyWords(changeLine(s.changes[0], () => '12:03:04'))).toMatch(/^12:03:04 {2}u undoes {2}edit of site1\.example\.com \(email reports to \w+\)$/);
  });
});
