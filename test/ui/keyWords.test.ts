// Keys named in the deck's words come from the bindings: the state names a key by what it does, the
// frame spells it as the user bound it, and a list of keys names only those that apply where the
// words are shown (a Reports-only key is not offered on Websites; none in read-only mode).
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { changeLine } from '../../src/state/changes';
import { errorText } from '../../src/state/errorText';
import { ifKeysApply, keyRef, keysThatApply } from '../../src/keys/keyRef';
import { initialState, reducer } from '../../src/state/reducer';
import type { Action } from '../../src/state/actions';
import type { DeckState } from '../../src/state/types';
import { parseKey } from '../../src/keys/config';
import { applyKeyConfig } from '../../src/ui/keys/keyConfig';
import { KEYMAP, type Binding, type BindingId, type KeySpec } from '../../src/ui/keys/keymap';
import { footerHints, helpSections } from '../../src/ui/keys/keyHelp';
import { keyOf, keyWords } from '../../src/ui/keys/keyWords';
import { answerKeys } from '../../src/ui/components/ConfirmDialog';
import { fieldHint } from '../../src/ui/components/Form';
import { emptyWords } from '../../src/ui/spoken/list';
import { resourceDef } from '../../src/domain';
import { pageOf, report, website } from '../helpers/records';
import { srcLinesMatching } from '../helpers/srcScan';

const DEFAULTS = new Map(KEYMAP.map((b) => [b.id, { keys: b.keys, label: b.label }]));
afterEach(() => {
  for (const b of KEYMAP as Binding[]) Object.assign(b, DEFAULTS.get(b.id));
});

const run = (s: DeckState, ...actions: Action[]) => actions.reduce(reducer, s);
const loaded = (opts: { readOnly?: boolean; tab?: 'websites' | 'reports' } = {}) =>
  run(
    initialState({ readOnly: opts.readOnly, tab: opts.tab }),
    { type: 'list/loaded', tab: 'websites', requestId: 0, page: pageOf([website(1), website(2)]) },
    { type: 'list/loaded', tab: 'reports', requestId: 0, page: pageOf([report(1), report(2)]) },
  );
const marked = (s: DeckState) => run(s, { type: 'mark/all' }, { type: 'mark/set', seq: s.nextId, tab: s.tab, ids: [1, 2] });

describe('keys in words', () => {
  it('spells a reference with the key bound to it, as sentences name keys', () => {
    expect(keyWords(`${keyRef('change.undo')} undoes`)).toBe('u undoes');
    expect(keyWords(`${keyRef('form.save')} saves`)).toBe('Ctrl+S saves');
    expect(keyWords('no reference here')).toBe('no reference here');
  });

  it('offers only the keys that apply to what is marked: R is not offered on Websites, nothing in read-only mode', () => {
    const onWebsites = marked(loaded());
    expect(keyWords(onWebsites.flash!.text, onWebsites)).toBe('2 websites marked (d acts on all; * clears)');
    const onReports = marked(run(loaded(), { type: 'tab/select', tab: 'reports' }));
    expect(keyWords(onReports.flash!.text, onReports)).toBe('2 reports marked (R or d acts on all; * clears)');
    const readOnly = marked(loaded({ readOnly: true }));
    expect(keyWords(readOnly.flash!.text, readOnly)).toBe('2 websites marked (* clears)');
    // Without a state (a reference), every key of the list is named.
    expect(keyWords(`${ifKeysApply(`${keysThatApply('report.rerun', 'record.delete')} acts; `)}end`)).toBe('R or d acts; end');
  });

  it('a rebound key is named as bound in every message, hint and help line; the old name is gone', () => {
    const rebound: Partial<Record<BindingId, string[]>> = {
      'change.undo': ['U'],
      'mark.all': ['8'],
      'mark.toggle': ['x'],
      'record.delete': ['D'],
      'report.rerun': ['X'],
      refresh: ['F'],
      'form.save': ['C-w'],
      'form.cancel': ['C-g'],
      'form.editor': ['C-o'],
      'filters.clear': ['C'],
      'record.new': ['N'],
      interrupt: ['C-x'],
      'confirm.yes': ['Y'],
      'confirm.no': ['N'],
      'confirm.enter': ['Tab'],
      quit: ['Q'],
    };
    const keys = new Map<BindingId, KeySpec[]>();
    for (const [id, names] of Object.entries(rebound))
      keys.set(
        id as BindingId,
        names.map((n) => parseKey(n)!),
      );
    applyKeyConfig(keys);
    const apiError = (kind: 'server' | 'validation' | 'timeout') =>
      new ApiError(
        { kind, host: 'analytics', origin: 'http://127.0.0.1:1', method: 'PUT', path: '/x', ...(kind === 'timeout' ? { mayHaveApplied: true } : {}) },
        'The host failed.',
      );
    const onReports = marked(run(loaded(), { type: 'tab/select', tab: 'reports' }));
    const said = [
      keyWords(onReports.flash!.text, onReports),
      keyWords(errorText(apiError('server'), 'save')),
      keyWords(errorText(apiError('validation'), 'save')),
      keyWords(errorText(apiError('timeout'), 'save')),
      keyWords(errorText(apiError('server'), 'list')),
      keyWords(errorText(apiError('server'), 'delete')),
      keyWords(errorText(apiError('server'), 'rerun')),
      keyWords(errorText(apiError('server'), 'undo')),
      keyWords(
        changeLine(
          {
            seq: 1,
            at: 0,
            tab: 'websites',
            kind: 'edit',
            what: 'privacy to Public',
            items: [{ id: 1, name: 'a.com', before: { privacy: 1 }, after: { privacy: 0 } }],
            undone: false,
          },
          () => '00:00:00',
        ),
      ),
      answerKeys(),
      fieldHint(resourceDef('websites').fields.find((f) => f.kind === 'lines')!),
      emptyWords('websites', {}),
      emptyWords('websites', { search: 'a' }),
      ...helpSections(loaded()).flatMap((s) => s.rows.map((r) => `${r.description} ${r.disabled ?? ''}`)),
    ].join('\n');
    expect(said).toContain('X or D acts on all; 8 clears');
    expect(said).toContain('Ctrl+W to try again');
    expect(said).toContain('Ctrl+W to save again');
    expect(said).toContain('(Ctrl+G, then F)');
    expect(said).toContain('F to retry');
    expect(said).toContain('D to try again');
    expect(said).toContain('X to try again');
    expect(said).toContain('U to try the undo again');
    expect(said).toContain('U undoes');
    expect(said).toContain('Y yes · N no');
    expect(said).toContain('Ctrl+O for one per line');
    expect(said).toContain('(N adds one)');
    expect(said).toContain('(C clears search and filters)');
    for (const old of [
      'R or d',
      '* clears',
      'Ctrl+S',
      '(Esc, then r)',
      'r to retry',
      'd to try',
      'R to try',
      'u to try',
      ' u undoes',
      'y yes',
      'Ctrl+E',
      '(n adds one)',
      '(c clears',
    ]) {
      expect(said, old).not.toContain(old);
    }
    expect(keyOf('quit')).toBe('Q');
  });

  it('every key rebound: every key the words refer to, the footer and the help name the new key, never the old', () => {
    // A key of its own for every binding (letters no default uses), applied as a config file would.
    const greek = 'αβγδεζηθικλμνξοπρστυφχψω';
    const cyrillic = 'абвгдежзийклмнопрстуфхцчшщэюя';
    const latin = 'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ';
    const armenian = 'աբգդեզէըթժիլխծկհձղճմյնշոչպջռսվտրցւփքօֆ';
    const pool = [...greek, ...cyrillic, ...latin, ...armenian];
    expect(pool.length).toBeGreaterThanOrEqual(KEYMAP.length);
    const keys = new Map<BindingId, KeySpec[]>();
    KEYMAP.forEach((b, i) => keys.set(b.id, [{ input: pool[i] }]));
    const mine = new Map(KEYMAP.map((b, i) => [b.id, pool[i]]));
    applyKeyConfig(keys);
    // Every reference the state may make (any binding: keyRef takes the table's ids), spelled: the binding's new key.
    for (const { id } of KEYMAP) expect(keyWords(keyRef(id)), id).toBe(mine.get(id));
    // The footer and the help name each binding by its new key only.
    const s = marked(run(loaded(), { type: 'tab/select', tab: 'reports' }));
    for (const h of footerHints(s)) expect(h.key, h.id).toBe(mine.get(h.id));
    for (const section of helpSections(s))
      for (const row of section.rows)
        expect(
          [...row.keys].every((ch) => pool.includes(ch) || ch === ' '),
          row.keys,
        ).toBe(true);
    expect(answerKeys()).toBe(
      `${mine.get('confirm.yes')} yes · ${mine.get('confirm.no')} no · ${mine.get('confirm.toggle')} choose · ${mine.get('confirm.enter')}`,
    );
  });

  it('no sentence in src writes a key by its letter: each names its binding (keyRef in the state, keyOf in the frame)', () => {
    // A key's letter or name followed by what it does, inside a string: `u undoes`, `Ctrl+S saves`, `(c clears`.
    const literal = new RegExp(
      /['"`][^'"`\n]*(?:\b(?:[a-zA-Z]|Esc|Enter|Space|Tab|Ctrl\+[A-Z])|(?<![\w*])\*) /.source +
        /(?:undoes|clears|retries|re-runs|to retry|to try|to check|saves|cancels|quits|adds one|marks one|acts on all|brings|for more|edits|to stop|scroll)\b/
          .source,
    );
    const found = srcLinesMatching(literal, { under: ['state', 'ui'] });
    expect(found).toEqual([]);
  });
});
