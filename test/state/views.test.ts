// Saved views: `:view save NAME` keeps the current tab's search, filters, sort and page size in the
// profile's config file; `:view NAME` and `v` bring it back (`sitedeck … list --view NAME`: test/commands/views.test.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { modeOf } from '../../src/state/stack';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { fileViews, readConfigFile, resolveConfig } from '../../src/config';
import { checkView, viewOf } from '../../src/domain';
import { parsePrompt } from '../../src/ui/keys/promptCommands';
import { initialState, reducer } from '../../src/state/reducer';
import { createStore } from '../../src/state/store';
import type { DeckState } from '../../src/state/types';
import { pickView, runPrompt, type KeyContext } from '../../src/ui/keys/handlers';

describe('a saved view, checked', () => {
  it('keeps every list parameter but the page, and reads back only what the resource allows', () => {
    const v = viewOf('reports', { search: 'shop', result: 'bad', sort_by: 'url', sort: 'asc', per_page: 50, page: 3 });
    expect(v).toEqual({ resource: 'reports', query: { search: 'shop', result: 'bad', sort_by: 'url', sort: 'asc', per_page: 50 } });
    expect(checkView('x', JSON.parse(JSON.stringify(v)))).toEqual({ ok: true, view: v });
    // Labels are read as values, as a flag would be.
    expect(checkView('x', { resource: 'reports', query: { result: 'Bad', per_page: '25' } })).toEqual({
      ok: true,
      view: { resource: 'reports', query: { result: 'bad', per_page: 25 } },
    });
    expect(checkView('x', { resource: 'websites', query: { result: 'bad' } })).toEqual({
      ok: false,
      error: 'view "x": Websites has no list parameter "result"',
    });
    expect(checkView('x', { resource: 'reports', query: { per_page: 7 } })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^view "x": Per page must be one of: 10, 25, 50, 100/),
    });
    expect(checkView('x', { resource: 'pages', query: {} })).toEqual({ ok: false, error: 'view "x": resource must be one of websites, reports' });
    expect(checkView('x', 'reports')).toMatchObject({ ok: false });
  });

  it(':view parses to list, save, delete and apply; a bad name or extra words are refused', () => {
    expect(parsePrompt(':view', 'reports')).toEqual({ kind: 'view', command: { kind: 'list' } });
    expect(parsePrompt(':view save bad-ones', 'reports')).toEqual({ kind: 'view', command: { kind: 'save', name: 'bad-ones' } });
    expect(parsePrompt(':view delete bad-ones', 'reports')).toEqual({ kind: 'view', command: { kind: 'delete', name: 'bad-ones' } });
    expect(parsePrompt('view bad-ones', 'websites')).toEqual({ kind: 'view', command: { kind: 'apply', name: 'bad-ones' } });
    expect(parsePrompt(':view save', 'reports')).toMatchObject({ kind: 'error', message: expect.stringMatching(/^Usage: :view NAME/) });
    expect(parsePrompt(':view a b', 'reports')).toMatchObject({ kind: 'error' });
    expect(parsePrompt(':view save no/slash', 'reports')).toMatchObject({ kind: 'error', message: expect.stringMatching(/^A view name is 1 to 40 letters/) });
  });

  it('view/apply switches to its tab with exactly its query, page 1, and keeps its page size', () => {
    let s: DeckState = initialState();
    s = reducer(s, { type: 'search/set', text: 'old' });
    s = reducer(s, { type: 'tab/select', tab: 'reports' });
    s = reducer(s, { type: 'project/set', project: 'example.com' });
    s = reducer(s, { type: 'page/set', page: 2 });
    s = reducer(s, { type: 'tab/select', tab: 'websites' });
    const next = reducer(s, {
      type: 'view/apply',
      name: 'bad',
      view: { resource: 'reports', query: { result: 'bad', sort_by: 'url', sort: 'asc', per_page: 50 } },
    });
    expect(next.tab).toBe('reports');
    expect(next.tabs.reports.query).toEqual({ result: 'bad', sort_by: 'url', sort: 'asc', per_page: 50, page: 1 });
    expect(next.tabs.reports.perPageChosen).toBe(true);
    expect(next.tabs.websites.query.search).toBe('old'); // the other tab keeps its own
    expect(next.flash?.text).toBe('View bad: Reports · result bad · sort url asc · 50 per page');
  });
});

describe('the round trip through the config file', () => {
  let dir: string;
  let configPath: string;
  const flashes: string[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sitedeck-views-'));
    configPath = join(dir, 'config.json');
    writeFileSync(configPath, JSON.stringify({ current: 'work', profiles: { work: { base_url: 'https://a.example' }, home: {} } }), { mode: 0o600 });
    flashes.length = 0;
  });

  const deck = () => {
    const config = resolveConfig({ flags: {}, env: {}, file: readConfigFile(configPath), configDir: dir });
    const store = createStore(initialState());
    store.subscribe(() => {
      const f = store.getState().flash;
      if (f && flashes.at(-1) !== f.text) flashes.push(f.text);
    });
    const views = fileViews(config);
    const ctx = (): KeyContext => ({ store, state: store.getState(), exit: () => {}, write: () => {}, views });
    const prompt = (text: string) => {
      store.dispatch({ type: 'prompt/open' });
      store.dispatch({ type: 'prompt/set', text });
      runPrompt(ctx());
    };
    return { store, prompt, pick: () => pickView(ctx()) };
  };

  it('saves into the profile (the rest of the file kept), and a new deck brings it back by :view and by v', () => {
    const a = deck();
    a.store.dispatch({ type: 'tab/select', tab: 'reports' });
    a.store.dispatch({ type: 'result/set', result: 'bad' });
    a.store.dispatch({ type: 'search/set', text: 'pricing' });
    a.store.dispatch({ type: 'perPage/set', perPage: 100 });
    a.prompt('view save bad-pricing');
    expect(flashes.at(-1)).toBe('Saved view bad-pricing: Reports · search "pricing" · result bad · sort id desc · 100 per page');
    const file = JSON.parse(readFileSync(configPath, 'utf8'));
    expect(file.profiles.work).toEqual({
      base_url: 'https://a.example',
      views: {
        'bad-pricing': { resource: 'reports', query: { search: 'pricing', search_by: 'url', result: 'bad', sort_by: 'id', sort: 'desc', per_page: 100 } },
      },
    });
    expect(file.profiles.home).toEqual({});

    const b = deck();
    b.pick();
    // The picker opens on the first name: Enter takes it.
    expect(modeOf(b.store.getState())).toEqual({ kind: 'prompt', text: 'view bad-pricing', options: ['bad-pricing'], picked: 0 });
    runPrompt({
      store: b.store,
      state: b.store.getState(),
      exit: () => {},
      write: () => {},
      views: fileViews(resolveConfig({ flags: {}, env: {}, file: readConfigFile(configPath), configDir: dir })),
    });
    expect(b.store.getState().tab).toBe('reports');
    expect(b.store.getState().tabs.reports.query).toEqual({
      search: 'pricing',
      search_by: 'url',
      result: 'bad',
      sort_by: 'id',
      sort: 'desc',
      per_page: 100,
      page: 1,
    });

    b.prompt('view delete bad-pricing');
    expect(flashes.at(-1)).toBe('Deleted view bad-pricing');
    expect(JSON.parse(readFileSync(configPath, 'utf8')).profiles.work.views).toEqual({});
    b.prompt('view bad-pricing');
    expect(flashes.at(-1)).toBe('No view "bad-pricing" (views: none)');
  });

  it('a view broken by hand is refused with its reason; the tab stays as it was', () => {
    writeFileSync(
      configPath,
      JSON.stringify({ current: 'work', profiles: { work: { views: { odd: { resource: 'websites', query: { sort_by: 'score' } } } } } }),
      { mode: 0o600 },
    );
    const d = deck();
    d.prompt('view odd');
    expect(flashes.at(-1)).toMatch(/^view "odd": Sort by must be one of: date created \(id\), domain/);
    expect(d.store.getState().tabs.websites.query).toEqual(initialState().tabs.websites.query);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));
});
