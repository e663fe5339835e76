import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/state/actions';
import { modeOf } from '../../src/state/stack';
import { initialState, reducer } from '../../src/state/reducer';
import { createStore } from '../../src/state/store';
import type { DeckState } from '../../src/state/types';
import { osc52 } from '../../src/ui/outside/clipboard';
import { helpLines } from '../../src/ui/components/HelpOverlay';
import { footerHints, helpSections } from '../../src/ui/keys/keyHelp';
import { bindingById, findBinding, keyName, KEYMAP, NO_KEY, splitKeys, type BindingId, type ModeKind } from '../../src/ui/keys/keymap';
import { routeKey } from '../../src/ui/input/useInputRouter';
import { pageOf, report, website } from '../helpers/records';
import { keyWords } from '../../src/ui/keys/keyWords';
import { WHY_NOT } from '../../src/state/gate';

const MODES: ModeKind[] = ['list', 'detail', 'search', 'prompt', 'form', 'help', 'confirm-delete', 'confirm-discard'];
const run = (state: DeckState, ...actions: Action[]) => actions.reduce(reducer, state);

function loaded(opts: { readOnly?: boolean; empty?: boolean } = {}): DeckState {
  const rows = opts.empty ? [] : [1, 2, 3];
  return run(
    initialState({ readOnly: opts.readOnly }),
    { type: 'list/request', tab: 'websites', requestId: 1 },
    { type: 'list/loaded', tab: 'websites', requestId: 1, page: pageOf(rows.map((i) => website(i))) },
    { type: 'list/request', tab: 'reports', requestId: 2 },
    { type: 'list/loaded', tab: 'reports', requestId: 2, page: pageOf(rows.map((i) => report(i))) },
  );
}

/** The deck's key path without a terminal: a store, the router, and a record of exits and writes. */
function deck(state: DeckState) {
  const store = createStore(state);
  const exits: number[] = [];
  const writes: string[] = [];
  const ctx = { store, exit: (c: number) => void exits.push(c), write: (d: string) => void writes.push(d) };
  return { store, exits, writes, press: (input: string, key = NO_KEY) => routeKey(ctx, input, key) };
}

const reason = (id: BindingId, s: DeckState) => bindingById(id).disabled?.(s) ?? null;

describe('keymap: every binding complete', () => {
  it('has keys, modes, a description and what it does for every id, and a label made of exactly its keys', () => {
    expect(new Set(KEYMAP.map((b) => b.id)).size).toBe(KEYMAP.length);
    for (const b of KEYMAP) {
      expect(b.keys.length, b.id).toBeGreaterThan(0);
      expect(b.modes.length, b.id).toBeGreaterThan(0);
      expect(b.description.trim(), b.id).not.toBe('');
      expect(['action', 'effect'], b.id).toContain(b.does.kind);
      expect(b.label.split(' ').sort(), b.id).toEqual([...new Set(b.keys.map(keyName))].sort());
    }
  });

  it('labels every key it binds: Esc Enter q closes the detail, + = adds rows, Space picks a choice', () => {
    expect(bindingById('detail.close').label).toBe('Esc Enter q');
    expect(bindingById('perPage.up').label).toBe('+ =');
    expect(bindingById('form.choiceNext').label).toBe('→ Space');
    expect(bindingById('tab.prev').label).toBe('S-Tab');
    expect(bindingById('form.save').label).toBe('C-s');
  });

  it('gives each key at most one meaning per mode (a `when` binding only over keys it can fall through to)', () => {
    for (const mode of MODES) {
      const seen = new Map<string, BindingId>();
      for (const b of KEYMAP.filter((x) => x.modes.includes(mode) && !x.when)) {
        for (const k of b.keys) {
          const id = keyName(k) + (k.key ?? '');
          expect(seen.get(id), `${mode}: ${id} is both ${seen.get(id)} and ${b.id}`).toBeUndefined();
          seen.set(id, b.id);
        }
      }
      for (const b of KEYMAP.filter((x) => x.modes.includes(mode) && x.when)) {
        for (const k of b.keys) expect(seen.get(keyName(k) + (k.key ?? '')), `${mode}: ${b.id}`).toBeUndefined();
      }
    }
  });

  it('routes by state: Shift+Tab is not Tab; Ctrl+S saves a form while s is typed text; Bksp only where typing', () => {
    const s = loaded();
    expect(findBinding(s, '', { ...NO_KEY, tab: true, shift: true })?.id).toBe('tab.prev');
    expect(findBinding(s, '', { ...NO_KEY, tab: true })?.id).toBe('tab.next');
    const form = run(s, { type: 'form/new' });
    expect(findBinding(form, 's', { ...NO_KEY, ctrl: true })?.id).toBe('form.save');
    expect(findBinding(form, 's', NO_KEY)).toBeUndefined();
    expect(findBinding(s, '', { ...NO_KEY, backspace: true })).toBeUndefined();
    expect(findBinding(run(s, { type: 'search/start' }), '', { ...NO_KEY, backspace: true })?.id).toBe('text.backspace');
    expect(findBinding(run(s, { type: 'search/start' }), '', { ...NO_KEY, delete: true })?.id).toBe('text.delete');
  });
});

describe('keymap: disabled reasons (one gate for tab, read-only and selection)', () => {
  it('refuses Reports-only keys on Websites and allows them on Reports', () => {
    const web = loaded();
    const rep = run(web, { type: 'tab/select', tab: 'reports' });
    for (const id of ['result.cycle', 'project.toggle', 'report.rerun'] as const) {
      expect(reason(id, web), id).toBe('Reports only');
      expect(reason(id, rep), id).toBeNull();
    }
  });

  it('refuses writes in read-only mode, and only writes', () => {
    const s = run(loaded({ readOnly: true }), { type: 'tab/select', tab: 'reports' });
    const refused = KEYMAP.filter((b) => b.disabled?.(s) === WHY_NOT.readOnly).map((b) => b.id);
    expect(refused.sort()).toEqual(['audit.rerun', 'change.undo', 'record.delete', 'record.edit', 'record.new', 'report.rerun']);
  });

  it('refuses keys that need a row when nothing is selected', () => {
    const s = loaded({ empty: true });
    const refused = KEYMAP.filter((b) => b.disabled?.(s) === WHY_NOT.nothingSelected).map((b) => b.id);
    expect(refused.sort()).toEqual(['copy', 'copy.menu', 'detail.open', 'mark.toggle', 'open', 'record.delete', 'record.edit']);
    expect(reason('record.new', s)).toBeNull();
  });

  it('a refused key says why in the flash line and changes nothing else; an allowed one acts', () => {
    const d = deck(loaded());
    const before = d.store.getState();
    d.press('f');
    expect(d.store.getState().flash?.text).toBe('f (result filter): Reports only');
    expect(d.store.getState().tabs).toBe(before.tabs);
    d.press('2');
    d.press('f');
    // The picker opens on the filter in force (all); a letter narrows to the class it begins.
    expect(modeOf(d.store.getState())).toMatchObject({ kind: 'prompt', text: 'result all', picked: 3 });
    d.press('g');
    expect(modeOf(d.store.getState())).toMatchObject({ kind: 'prompt', text: 'result good', picked: 0 });
    d.press('', { ...NO_KEY, return: true });
    expect(d.store.getState().tabs.reports.query.result).toBe('good');

    const ro = deck(loaded({ readOnly: true }));
    ro.press('d');
    expect(modeOf(ro.store.getState()).kind).toBe('list');
    expect(ro.store.getState().flash?.text).toBe(`d (delete): ${WHY_NOT.readOnly}`);

    const empty = deck(loaded({ empty: true }));
    empty.press('y');
    expect(empty.writes).toEqual([]);
    expect(empty.store.getState().flash?.text).toBe(`y (copy the name): ${WHY_NOT.nothingSelected}`);
  });

  it('Space cycles a choice field and types a space into a text field, through the keymap', () => {
    const d = deck(run(loaded(), { type: 'form/new' }));
    expect(d.store.getState().form?.focus).toBe('domain');
    d.press(' ');
    expect(d.store.getState().form?.values.domain).toBe(' ');
    d.press('', { ...NO_KEY, tab: true });
    const f = d.store.getState().form!;
    expect(f.focus).toBe('privacy');
    const privacy = f.values.privacy;
    expect(findBinding(d.store.getState(), ' ', NO_KEY)?.id).toBe('form.choiceNext');
    d.press(' ');
    expect(d.store.getState().form?.values.privacy).not.toBe(privacy);
  });

  it('greys refused keys in the help and the footer, with the reason in the help', () => {
    const s = loaded({ readOnly: true });
    const lines = helpLines(s);
    const line = (desc: string) => lines.find((l) => l.text.includes(desc))!;
    expect(line('result filter')).toMatchObject({ disabled: true });
    expect(line('result filter').text).toContain('Reports only');
    expect(line('edit')).toMatchObject({ disabled: true });
    expect(line('edit').text).toContain(WHY_NOT.readOnly);
    expect(line('search (live)')).toMatchObject({ disabled: false });
    expect(helpLines(loaded()).find((l) => l.text.includes('delete'))?.disabled).toBe(false);
    const hints = footerHints(s);
    expect(hints.find((h) => h.key === 'f')).toBeUndefined(); // the other tab's key: not in the footer
    expect(footerHints(run(s, { type: 'tab/select', tab: 'reports' })).find((h) => h.key === 'f')?.disabled).toBeNull();
    expect(hints.find((h) => h.key === 'n')?.disabled).toBe(WHY_NOT.readOnly);
    expect(hints.find((h) => h.key === '/')?.disabled).toBeNull();
  });

  it('the reference (docs/keys.md, the man page) lists a key once and says where else it works', () => {
    const sections = helpSections(null);
    const every = sections.find((s) => s.title.startsWith('Every screen'))!;
    expect(every.rows.map((r) => r.keys)).toEqual(expect.arrayContaining(['1', '?', ':', 'M']));
    const list = sections.find((s) => s.title === 'List')!;
    for (const key of ['y', 'Y', 'o']) expect(list.rows.find((r) => r.keys === key)?.description).toMatch(/; also on the Audit view$/);
    expect(list.rows.find((r) => r.keys === 'q')?.description).toBe('quit; also on Projects');
    const ids = sections.flatMap((s) => s.rows.map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the footer names Esc only where it backs out of something: on Projects a kept search, not the tab’s first screen', () => {
    const projects = run(loaded(), { type: 'projects/open' });
    const esc = (s: DeckState) => footerHints(s).find((h) => h.key === 'Esc');
    expect(esc(projects)).toBeUndefined();
    const searched = { ...projects, projects: { ...projects.projects, filter: 'shop' } };
    expect(esc(searched)).toMatchObject({ word: 'clear' });
    // What it says when pressed follows the same rule: the search goes, then the first screen says so.
    const once = run(searched, { type: 'screen/escape' });
    expect(once.projects.filter).toBe('');
    expect(esc(once)).toBeUndefined();
    expect(run(once, { type: 'screen/escape' }).flash?.text).toMatch(/Nothing to back out of: this is the Projects tab’s first screen/);
  });
});

describe('keymap: effects', () => {
  it('q quits from the list; : runs the command line; y copies the selected domain', () => {
    const d = deck(loaded());
    d.press('y');
    // The domain itself, what / finds the row by (the link is one of Y's values).
    expect(d.writes).toEqual([osc52('site1.example.com')]);
    d.press(':');
    d.press('sort domain asc');
    d.press('', { ...NO_KEY, return: true });
    expect(d.store.getState().tabs.websites.query).toMatchObject({ sort_by: 'domain', sort: 'asc' });
    d.press('q');
    expect(d.exits).toEqual([0]);
  });
});

describe('keymap: the command line and Esc', () => {
  it('Tab completes the : line, shows what it could be, and typing hides the offer', () => {
    const d = deck(loaded());
    d.press(':');
    d.press('re');
    d.press('', { ...NO_KEY, tab: true });
    expect(modeOf(d.store.getState())).toEqual({ kind: 'prompt', text: 're', options: ['reports', 'result', 'refresh'] });
    d.press('p');
    d.press('', { ...NO_KEY, tab: true });
    expect(modeOf(d.store.getState())).toEqual({ kind: 'prompt', text: 'reports ' });
    d.press('', { ...NO_KEY, return: true });
    expect(d.store.getState().tab).toBe('reports');
  });

  it('Enter then j j j in one burst, before the detail is drawn, scrolls it by 3; once drawn, scrolling stops at its end', () => {
    const d = deck(loaded());
    const scroll = () => {
      const top = d.store.getState().stack.at(-1);
      return top?.kind === 'detail' ? top.scroll : null;
    };
    // The last detail drawn (another record's, or none) must not clamp the new one's keys.
    d.store.dispatch({ type: 'view/drawn', drawn: { detail: { maxTop: 0, page: 1 } } });
    d.press('', { ...NO_KEY, return: true });
    for (let i = 0; i < 3; i++) d.press('j');
    expect(scroll()).toBe(3);
    // Its frame says where it ends: the keys stop there, and ↑ counts from what is shown.
    d.store.dispatch({ type: 'view/drawn', drawn: { detail: { maxTop: 4, page: 10 } } });
    for (let i = 0; i < 3; i++) d.press('j');
    expect(scroll()).toBe(4);
    d.press('k');
    expect(scroll()).toBe(3);
  });

  it('Esc backs out one step at a time: the screen on top, the search kept, then the filters; u undoes host changes only', () => {
    const filtered = run(loaded(), { type: 'tab/select', tab: 'reports' }, { type: 'result/cycle' }, { type: 'search/set', text: 'proj' });
    // The filtered list has arrived (until then a row key is refused: the list is changing).
    const d = deck(
      run(filtered, { type: 'list/request', tab: 'reports', requestId: 9 }, { type: 'list/loaded', tab: 'reports', requestId: 9, page: pageOf([report(1)]) }),
    );
    const query = d.store.getState().tabs.reports.query;
    const esc = () => d.press('', { ...NO_KEY, escape: true });
    d.press('', { ...NO_KEY, return: true });
    expect(modeOf(d.store.getState()).kind).toBe('detail');
    esc();
    expect(modeOf(d.store.getState()).kind).toBe('list');
    // The footer names Esc by what it does next, and not at all where it only says so.
    const escWord = () => footerHints(d.store.getState()).find((h) => h.id === 'list.escape')?.word;
    expect(escWord()).toBe('clear');
    // A search being typed: Esc backs out of the typing, the kept search as it was.
    d.press('/');
    d.press('x');
    esc();
    expect(d.store.getState().tabs.reports.query).toEqual(query);
    esc();
    expect(d.store.getState().tabs.reports.query).toEqual({ ...query, search: undefined });
    expect(keyWords(d.store.getState().flash?.text ?? '')).toBe('Cleared the search "proj" (/ then ↑ brings it back)');
    esc();
    expect(d.store.getState().tabs.reports.query).not.toHaveProperty('result');
    expect(d.store.getState().flash?.text).toBe('Cleared result good');
    expect(escWord()).toBeUndefined();
    esc();
    expect(d.store.getState().flash?.text).toBe('Nothing to back out of: this is the Reports tab’s first screen');
    // u never brings a search or filter back: with no change sent, it says there is nothing to undo.
    d.press('u');
    expect(d.store.getState().tabs.reports.query).toEqual({ ...query, search: undefined, result: undefined, page: 1 });
    d.press('/');
    d.press('', { ...NO_KEY, upArrow: true });
    expect(d.store.getState().tabs.reports.query.search).toBe('proj');
  });
});

describe('splitKeys', () => {
  it('splits a run of characters that arrived together into key presses', () => {
    expect(splitKeys('jj\r', NO_KEY).map((k) => [k.input, k.key.return])).toEqual([
      ['j', false],
      ['j', false],
      ['', true],
    ]);
    expect(splitKeys('\x13', NO_KEY)).toHaveLength(1);
    expect(splitKeys('a\x13', NO_KEY)[1]).toMatchObject({ input: 's', key: { ctrl: true } });
    expect(splitKeys('G', NO_KEY)).toEqual([{ input: 'G', key: NO_KEY }]);
    // Esc then q in one read arrives as Alt+q: two presses.
    expect(splitKeys('q', { ...NO_KEY, meta: true }).map((k) => [k.key.escape, k.input])).toEqual([
      [true, ''],
      [false, 'q'],
    ]);
    // Esc Esc in one read arrives as Alt+Esc: two presses, each a plain Esc (and so split no further).
    const esc = { input: '', key: { ...NO_KEY, escape: true } };
    expect(splitKeys('\x1b', { ...NO_KEY, escape: true, meta: true })).toEqual([esc, esc]);
    expect(splitKeys('', { ...NO_KEY, escape: true, meta: true })).toEqual([esc, esc]);
    expect(splitKeys('', { ...NO_KEY, escape: true })).toHaveLength(1);
  });
});

describe('OSC 52', () => {
  it('asks the terminal to set its clipboard', () => {
    expect(osc52('a.com')).toBe('\x1b]52;c;YS5jb20=\x07');
  });
});
