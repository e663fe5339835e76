// The Audit view answers the keys people try there: `/` searches the checks by name and a check's
// pages by URL (the cursor on the first match; Enter keeps it, Esc clears it and says so, one level
// at a time), `y` / `Y` / `o` act on the page under the cursor, `M` shows the messages, and a key
// of another screen says it is not for this one instead of doing nothing.
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/state/actions';
import { auditRows, selectedCheck, selectedPage } from '../../src/state/auditSource';
import { initialState, reducer } from '../../src/state/reducer';
import { auditOf, modeOf } from '../../src/state/stack';
import { createStore } from '../../src/state/store';
import type { DeckState } from '../../src/state/types';
import { osc52 } from '../../src/ui/outside/clipboard';
import { NO_KEY } from '../../src/ui/keys/keymap';
import { keyWords } from '../../src/ui/keys/keyWords';
import { routeKey } from '../../src/ui/input/useInputRouter';
import { report } from '../helpers/records';

const run = (s: DeckState, ...actions: Action[]) => actions.reduce(reducer, s);
const fail = (name: string, label: string) => ({ name, label, passed: false, importance: 'high' as const });
// Three checks: "Title" fails on every page, "Meta" and "Alt" on some.
const reports = [
  report(1, { result: 20, url: 'https://shop.example.com/cart', checks: [fail('title', 'Title'), fail('meta', 'Meta description')] }),
  report(2, { result: 40, url: 'https://shop.example.com/checkout', checks: [fail('title', 'Title'), fail('alt', 'Image alt')] }),
  report(3, { result: 60, url: 'https://blog.example.com/hello', checks: [fail('title', 'Title'), fail('meta', 'Meta description')] }),
];

function audited(): DeckState {
  const s = run(initialState({ tab: 'reports' }), { type: 'audit/open' });
  return run(s, { type: 'projects/progress', requestId: s.projects.requestId, read: 3, total: 3, rows: [], reports, done: true });
}

/** The deck's key path without a terminal: the store, the router, and what was written, opened and exited. */
function deck(state: DeckState) {
  const store = createStore(state);
  const writes: string[] = [];
  const opened: string[] = [];
  const ctx = {
    store,
    exit: () => {},
    write: (d: string) => void writes.push(d),
    open: (href: string) => {
      opened.push(href);
      return { ok: true as const, how: 'test' };
    },
  };
  const press = (...keys: (string | Partial<typeof NO_KEY>)[]) => {
    for (const k of keys) routeKey(ctx, typeof k === 'string' ? k : '', typeof k === 'string' ? NO_KEY : { ...NO_KEY, ...k });
  };
  const flash = () => keyWords(store.getState().flash?.text ?? '', store.getState());
  return { store, writes, opened, press, flash, get: () => store.getState() };
}

const ESC = { escape: true };
const ENTER = { return: true };

describe('/ on the Audit view', () => {
  it('filters the checks by name as typed, the cursor on the first match; Enter keeps it, Esc clears it and says so', () => {
    const d = deck(audited());
    d.press('G');
    expect(auditOf(d.get())!.checkCursor).toBe(2);
    d.press('/');
    expect(d.get().overlay).toMatchObject({ kind: 'search', on: 'audit' });
    d.press('me');
    expect(auditRows(d.get()).map((c) => ('label' in c ? c.label : ''))).toEqual(['Meta']);
    expect(auditOf(d.get())!.checkCursor).toBe(0);
    expect(selectedCheck(d.get())!.label).toBe('Meta');
    d.press(ENTER);
    expect(d.get().overlay).toBeNull();
    expect(auditOf(d.get())!.filter).toBe('me');
    // Enter on the match: its pages, a level with a search of its own.
    d.press(ENTER);
    expect(auditOf(d.get())).toMatchObject({ level: 'pages', check: 'meta', filter: '' });
    d.press('/', 'blog', ENTER);
    expect(selectedPage(d.get())!.url).toBe('https://blog.example.com/hello');
    expect(auditRows(d.get())).toHaveLength(1);
    // Esc: the pages' search first (said, and kept among earlier searches), then back to the checks, still searched.
    d.press(ESC);
    expect(auditOf(d.get())).toMatchObject({ level: 'pages', filter: '' });
    expect(d.flash()).toBe('Cleared the search "blog" (/ then ↑ brings it back)');
    expect(d.get().searches).toContain('blog');
    d.press(ESC);
    expect(auditOf(d.get())).toMatchObject({ level: 'checks', filter: 'me' });
    d.press(ESC);
    expect(auditOf(d.get())!.filter).toBe('');
    // The check that was selected stays selected when the search goes.
    expect(selectedCheck(d.get())!.label).toBe('Meta');
    d.press(ESC);
    expect(modeOf(d.get()).kind).toBe('list');
  });

  it('Esc while typing puts back the search as it was before /, ↑ brings back an earlier one', () => {
    const d = deck(audited());
    d.press('/', 'title', ENTER);
    d.press('/', 'x');
    expect(auditRows(d.get())).toHaveLength(0);
    d.press(ESC);
    expect(auditOf(d.get())!.filter).toBe('title');
    d.press(ESC, '/', { upArrow: true });
    expect(auditOf(d.get())!.filter).toBe('title');
  });

  it('is refused in a report, with the reason', () => {
    const d = deck(audited());
    d.press(ENTER, ENTER);
    expect(auditOf(d.get())!.level).toBe('report');
    d.press('/');
    expect(d.get().overlay).toBeNull();
    expect(d.flash()).toMatch(/^\/ \(search, live: the checks by name, a check’s pages by URL\): on the checks or a check’s pages/);
  });
});

describe('y, Y, o and M on the Audit view', () => {
  it('y copies the page’s URL, o opens it; on the checks they say why not', () => {
    const d = deck(audited());
    d.press('y');
    expect(d.writes).toEqual([]);
    expect(d.flash()).toMatch(/^y \(copy the name\): on a check’s pages/);
    d.press(ENTER, 'y');
    expect(d.writes).toEqual([osc52('https://shop.example.com/cart')]);
    d.press('o');
    return Promise.resolve().then(() => expect(d.opened).toEqual(['https://shop.example.com/cart']));
  });

  it('Y offers the page’s values on the : line; Enter copies the one picked', () => {
    const d = deck(audited());
    d.press(ENTER, 'Y');
    expect(d.get().overlay).toMatchObject({ kind: 'prompt', text: 'copy name', options: ['id', 'name', 'link', 'json'], picked: 1 });
    d.press({ upArrow: true }, ENTER);
    expect(d.writes).toEqual([osc52('1')]);
  });

  it('M opens the message log', () => {
    const d = deck(audited());
    d.press('M');
    expect(modeOf(d.get()).kind).toBe('messages');
  });
});

describe('a key of another screen', () => {
  it('says it is not for the Audit view, or Projects, instead of doing nothing', () => {
    const d = deck(audited());
    d.press('s');
    expect(d.flash()).toBe('s (next sort field): not in the Audit view');
    d.press('d');
    expect(d.flash()).toBe('d (delete): not in the Audit view');
    d.press('%');
    expect(d.flash()).toBe('%: not a key in the Audit view (? lists the keys)');
    const p = deck(run(initialState(), { type: 'projects/open' }));
    p.press('y');
    expect(p.flash()).toBe('y (copy the name): not in Projects');
    p.press('x');
    expect(p.flash()).toBe('x: not a key in Projects (? lists the keys)');
  });

  it('Space on the checks gives the reason of the pages’ key', () => {
    const d = deck(audited());
    d.press(' ');
    expect(d.flash()).toMatch(/^Space \(mark or unmark the page, then the next page\): on a check’s pages/);
  });
});

describe('a report on the Audit view', () => {
  it('Enter then j j j in one burst, before the report is drawn, scrolls it by 3 (the last report drawn does not clamp it)', () => {
    const d = deck(audited());
    d.store.dispatch({ type: 'view/drawn', drawn: { detail: { maxTop: 0, page: 1 } } });
    d.press(ENTER, ENTER, 'j', 'j', 'j');
    const a = auditOf(d.get())!;
    expect(a.level).toBe('report');
    expect(a.level === 'report' && a.scroll).toBe(3);
  });
});

describe('marks on the Audit view', () => {
  it('* on a check’s pages marks them all and names the keys as bound (R re-runs them, * clears)', () => {
    const d = deck(audited());
    d.press(ENTER, '*');
    expect(d.flash()).toBe('3 reports marked (R re-runs them all; * clears)');
  });
});
