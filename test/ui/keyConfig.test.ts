// Your own keys: the config file's `keys` section read against the keymap (each error kind named
// with its line, the defaults kept for it), applied to the one keymap the router, footer and help
// read (`sitedeck config keys` and the bundled deck in tmux: test/e2e/key-config.test.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { initialState } from '../../src/state/reducer';
import { parseKey } from '../../src/keys/config';
import { applyKeyConfig, readKeyConfig } from '../../src/ui/keys/keyConfig';
import { findBinding, KEYMAP, NO_KEY, type Binding, type KeySpec } from '../../src/ui/keys/keymap';
import { footerHints } from '../../src/ui/keys/keyHelp';

const DEFAULTS = new Map(KEYMAP.map((b) => [b.id, { keys: b.keys, label: b.label }]));
afterEach(() => {
  for (const b of KEYMAP as Binding[]) Object.assign(b, DEFAULTS.get(b.id));
});

/** The file text and its parsed `keys`. */
function file(keys: unknown): { text: string; raw: unknown } {
  const text = JSON.stringify({ profiles: {}, keys }, null, 2);
  return { text, raw: keys };
}

describe('parseKey', () => {
  it('reads keys the way the help writes them', () => {
    const cases: [string, KeySpec | null][] = [
      ['x', { input: 'x' }],
      ['G', { input: 'G' }],
      ['C-n', { input: 'n', ctrl: true }],
      ['C-N', { input: 'n', ctrl: true }],
      ['Enter', { key: 'return' }],
      ['Esc', { key: 'escape' }],
      ['S-Tab', { key: 'tab', shift: true }],
      ['PgDn', { key: 'pageDown' }],
      ['Up', { key: 'upArrow' }],
      ['Space', { input: ' ' }],
      ['C-', null],
      ['', null],
      ['xy', null],
      ['S-x', null],
      ['\u0007', null],
    ];
    for (const [text, want] of cases) expect(parseKey(text), JSON.stringify(text)).toEqual(want);
  });
});

describe('readKeyConfig', () => {
  it('takes good entries and names each bad one with its line: mode, action, action not in that mode, key, clash', () => {
    const { text, raw } = file({
      list: { quit: 'x', 'cursor.down': ['j', 'C-n'], refresh: 'C-', 'view.pick': 'n', nothing: 'z' },
      form: { quit: 'q' },
      galaxy: { quit: 'y' },
    });
    const lineOf = (needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
    const { keys, errors } = readKeyConfig(raw, text, 'cfg.json');
    expect([...keys]).toEqual([
      ['quit', [{ input: 'x' }]],
      ['cursor.down', [{ input: 'j' }, { input: 'n', ctrl: true }]],
    ]);
    expect(errors).toEqual([
      `cfg.json:${lineOf('"refresh"')}: keys.list.refresh: cannot read the key "C-" ` +
        '(a character, C-x, M-x, S-Tab, or Enter, Esc, Tab, Space, Bksp, Del, Up, Down, Left, Right, PgUp, PgDn, Home, End)',
      `cfg.json:${lineOf('"nothing"')}: keys.list: unknown action "nothing" (sitedeck config keys lists them)`,
      `cfg.json:${lineOf('"form"') + 1}: keys.form: "quit" works in list, projects, not form`,
      `cfg.json:${lineOf('"galaxy"')}: unknown mode "galaxy" (modes: ${[...new Set(KEYMAP.flatMap((b) => b.modes))].join(', ')})`,
      `cfg.json:${lineOf('"view.pick"')}: keys.list.view.pick: "n" is already "new" (record.new) in list`,
    ]);
  });

  it('refuses a keys section that is not an object, and takes none of it', () => {
    const { text, raw } = file(['x']);
    expect(readKeyConfig(raw, text, 'cfg.json')).toEqual({
      keys: new Map(),
      errors: [`cfg.json:3: "keys" must be an object of modes ({"list": {"quit": "x"}})`],
    });
  });

  it('applied: the router finds the new key, the old one means nothing, the footer and help show it', () => {
    const { text, raw } = file({ list: { quit: ['x'] } });
    applyKeyConfig(readKeyConfig(raw, text, 'cfg.json').keys);
    const s = initialState();
    expect(findBinding(s, 'x', NO_KEY)?.id).toBe('quit');
    expect(findBinding(s, 'q', NO_KEY)).toBeUndefined();
    expect(footerHints(s).find((h) => h.word === 'quit')?.key).toBe('x');
  });
});
