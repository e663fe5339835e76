import { describe, expect, it } from 'vitest';
import { PER_PAGE_VALUES, resourceDef, sortKeys } from '../../src/domain';
import { modeOf } from '../../src/state/stack';
import { completePrompt, loadedWords, parsePrompt } from '../../src/ui/keys/promptCommands';
import { initialState, reducer } from '../../src/state/reducer';
import { pageOf, website } from '../helpers/records';

describe(':command line', () => {
  it('switches tabs and quits', () => {
    expect(parsePrompt('websites', 'reports')).toEqual({ kind: 'actions', actions: [{ type: 'tab/select', tab: 'websites' }] });
    expect(parsePrompt(':reports', 'websites')).toEqual({ kind: 'actions', actions: [{ type: 'tab/select', tab: 'reports' }] });
    expect(parsePrompt('q', 'websites')).toEqual({ kind: 'quit' });
  });

  it('sorts by a table sort key or its label, with an optional direction', () => {
    expect(parsePrompt('sort domain asc', 'websites')).toEqual({ kind: 'actions', actions: [{ type: 'sort/set', sortBy: 'domain', sort: 'asc' }] });
    expect(parsePrompt('sort Date generated', 'reports')).toEqual({ kind: 'actions', actions: [{ type: 'sort/set', sortBy: 'generated_at' }] });
    expect(parsePrompt('sort desc', 'websites')).toEqual({ kind: 'actions', actions: [{ type: 'sort/set', sort: 'desc' }] });
    const bad = parsePrompt('sort url', 'websites');
    expect(bad.kind).toBe('error');
    expect((bad as { message: string }).message).toMatch(/Sort by must be one of/);
  });

  it('sets per page and page from the table’s allowed values', () => {
    expect(parsePrompt('per 50', 'websites')).toEqual({ kind: 'actions', actions: [{ type: 'perPage/set', perPage: 50 }] });
    expect(parsePrompt('per 30', 'websites').kind).toBe('error');
    expect(parsePrompt('page 3', 'websites')).toEqual({ kind: 'actions', actions: [{ type: 'page/set', page: 3 }] });
    expect(parsePrompt('page x', 'websites').kind).toBe('error');
  });

  it('sets search, result and project filters', () => {
    expect(parsePrompt('search shop', 'websites')).toEqual({ kind: 'actions', actions: [{ type: 'search/set', text: 'shop' }] });
    expect(parsePrompt('result Decent', 'reports')).toEqual({ kind: 'actions', actions: [{ type: 'result/set', result: 'decent' }] });
    expect(parsePrompt('result all', 'reports')).toEqual({ kind: 'actions', actions: [{ type: 'result/set', result: undefined }] });
    expect(parsePrompt('result good', 'websites').kind).toBe('error');
    expect(parsePrompt('project a.example.com', 'reports')).toEqual({ kind: 'actions', actions: [{ type: 'project/set', project: 'a.example.com' }] });
  });

  it('completes commands, then fields and values from the domain tables, with Tab', () => {
    expect(completePrompt('so', 'websites')).toEqual({ text: 'sort ', options: [] });
    expect(completePrompt('re', 'websites')).toEqual({ text: 're', options: ['reports', 'result', 'refresh'] });
    expect(completePrompt('rep', 'websites')).toEqual({ text: 'reports ', options: [] });
    expect(completePrompt('sort d', 'websites')).toEqual({ text: 'sort domain ', options: [] });
    expect(completePrompt('sort ', 'reports').options).toEqual(sortKeys(resourceDef('reports')));
    expect(completePrompt('sort id a', 'reports')).toEqual({ text: 'sort id asc ', options: [] });
    expect(completePrompt('per ', 'websites')).toEqual({ text: 'per ', options: PER_PAGE_VALUES.map(String) });
    expect(completePrompt('result d', 'reports')).toEqual({ text: 'result decent ', options: [] });
    expect(completePrompt('result ', 'websites')).toEqual({ text: 'result ', options: [] }); // Reports only
    expect(completePrompt('zz', 'websites')).toEqual({ text: 'zz', options: [] });
  });

  it('completes saved views by name, and ↓/↑ pick among the words offered', () => {
    const views = ['worst', 'weekly-bad', 'shops'];
    expect(completePrompt('view wo', 'reports', { views })).toEqual({ text: 'view worst ', options: [] });
    expect(completePrompt('view w', 'reports', { views })).toEqual({ text: 'view w', options: ['worst', 'weekly-bad'] });
    expect(completePrompt('view delete s', 'reports', { views })).toEqual({ text: 'view delete shops ', options: [] });
    expect(completePrompt('view ', 'reports', { views }).options).toEqual([...views, 'save', 'delete']);
    expect(completePrompt('view save ', 'reports', { views }).options).toEqual([]); // a new name is typed
    // v opens the line with the views offered; ↓ picks the first, again the next, ↑ goes back, and it wraps.
    let s = reducer(reducer(initialState(), { type: 'prompt/open' }), { type: 'prompt/set', text: 'view ', options: views });
    s = reducer(s, { type: 'prompt/pick', delta: 1 });
    expect(modeOf(s)).toEqual({ kind: 'prompt', text: 'view worst', options: views, picked: 0 });
    s = reducer(s, { type: 'prompt/pick', delta: 1 });
    expect(modeOf(s)).toMatchObject({ text: 'view weekly-bad', picked: 1 });
    s = reducer(s, { type: 'prompt/pick', delta: -1 });
    s = reducer(s, { type: 'prompt/pick', delta: -1 });
    expect(modeOf(s)).toMatchObject({ text: 'view shops', picked: 2 });
    expect(parsePrompt((modeOf(s) as { text: string }).text, 'reports')).toEqual({ kind: 'view', command: { kind: 'apply', name: 'shops' } });
  });

  it('names the commands on an unknown one', () => {
    const r = parsePrompt('frobnicate', 'websites');
    expect(r).toMatchObject({ kind: 'error', message: expect.stringContaining(':sort FIELD') });
  });
});

describe('Tab in the : line', () => {
  it('inserts the common part of what it could be, then takes each in turn (as a shell does)', async () => {
    const { createStore } = await import('../../src/state/store');
    const { routeKey } = await import('../../src/ui/input/useInputRouter');
    const { NO_KEY } = await import('../../src/ui/keys/keymap');
    const store = createStore(initialState());
    const ctx = { store, exit: () => {}, write: () => {} };
    const tab = () => routeKey(ctx, '', { ...NO_KEY, tab: true });
    routeKey(ctx, ':', NO_KEY);
    routeKey(ctx, 'r', NO_KEY);
    routeKey(ctx, 'e', NO_KEY);
    tab();
    expect(store.getState().overlay).toMatchObject({ text: 're', options: ['reports', 'result', 'refresh'] });
    tab();
    expect(store.getState().overlay).toMatchObject({ text: 'reports', picked: 0 });
    tab();
    expect(store.getState().overlay).toMatchObject({ text: 'result', picked: 1 });
    tab();
    tab();
    expect(store.getState().overlay).toMatchObject({ text: 'reports', picked: 0 });
  });
});

describe(':line completion from what is loaded', () => {
  const row = (project: string) => ({
    project,
    reports: 1,
    scored: 1,
    average: 50,
    lowest: 50,
    highest: 50,
    mix: { good: 0, decent: 1, bad: 0 },
    worst: null,
    last_generated_at: null,
  });

  it(':project completes from the projects the Projects view read, and from the Reports rows shown', () => {
    let s = reducer(initialState({ tab: 'reports' }), { type: 'projects/open' });
    s = reducer(s, {
      type: 'projects/progress',
      requestId: s.projects.requestId,
      read: 3,
      total: 3,
      rows: [row('shop.example.com'), row('shoes.example.org'), row('blog.example.net')],
      done: true,
    });
    const loaded = loadedWords(s);
    expect(loaded.projects).toEqual(['blog.example.net', 'shoes.example.org', 'shop.example.com']);
    expect(completePrompt('project ', 'reports', loaded)).toEqual({ text: 'project ', options: loaded.projects });
    expect(completePrompt('project sho', 'reports', loaded)).toEqual({ text: 'project sho', options: ['shoes.example.org', 'shop.example.com'] });
    expect(completePrompt('project b', 'reports', loaded)).toEqual({ text: 'project blog.example.net ', options: [] });
    // Before anything is read there is nothing to offer; the filter belongs to Reports.
    expect(completePrompt('project ', 'reports', loadedWords(initialState())).options).toEqual([]);
    expect(completePrompt('project ', 'websites', loaded).options).toEqual([]);
  });

  it(':open completes from the rows shown, :page from the list’s pages', () => {
    let s = reducer(initialState(), { type: 'list/request', tab: 'websites', requestId: 1 });
    s = reducer(s, {
      type: 'list/loaded',
      tab: 'websites',
      requestId: 1,
      page: pageOf([website(1, { domain: 'shop.example.com' }), website(2, { domain: 'shoes.example.org' }), website(3, { domain: 'two words' })], {
        lastPage: 3,
      }),
    });
    const loaded = loadedWords(s);
    expect(completePrompt('open sho', 'websites', loaded)).toEqual({ text: 'open sho', options: ['shop.example.com', 'shoes.example.org'] });
    expect(completePrompt('open shoe', 'websites', loaded)).toEqual({ text: 'open shoes.example.org ', options: [] });
    expect(parsePrompt('open shoes.example.org', 'websites')).toEqual({ kind: 'open', name: 'shoes.example.org' });
    expect(parsePrompt('open', 'websites')).toEqual({ kind: 'open' });
    expect(completePrompt('page ', 'websites', loaded).options).toEqual(['1', '2', '3']);
    expect(completePrompt('page ', 'websites', { ...loaded, page: 40, lastPage: 90 }).options).toEqual(['1', '39', '40', '41', '90']);
  });

  it(':search completes from earlier searches, the latest first; :copy from the values a row has', () => {
    const s = initialState({ searches: ['shop', 'two words', 'blog'] });
    expect(completePrompt('search ', 'websites', loadedWords(s)).options).toEqual(['blog', 'shop']);
    expect(completePrompt('copy ', 'websites').options).toEqual(['id', 'name', 'link', 'json']);
    expect(completePrompt('copy j', 'websites')).toEqual({ text: 'copy json ', options: [] });
    expect(parsePrompt('copy', 'websites')).toEqual({ kind: 'copy', what: 'name' });
    expect(parsePrompt('copy LINK', 'websites')).toEqual({ kind: 'copy', what: 'link' });
    expect(parsePrompt('copy url', 'websites')).toEqual({ kind: 'error', message: 'Usage: :copy id|name|link|json' });
  });
});
