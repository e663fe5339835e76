// A new view of the deck is its kind in the one list of screens and its entry in the registry. In a
// copy of the sources with those two edits and nothing else (a throwaway "notes" screen: a name, a
// help section, a status line), the copy type-checks, and the real App drawn from the copy, with
// the notes screen on top, answers the keys every screen shares: `?` opens the help on it, `:` the
// command line, Ctrl+C quits; a key the screen does not bind says so.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyWithRow, type TableCopy } from './tableCopy';
import { KEYS, renderInk } from '../helpers/ink';
import { waitFor } from '../helpers/wait';

/** The registry's entry for the throwaway screen: what the registry's type asks of any screen. */
const ENTRY = `  notes: {
    name: () => 'the notes',
    section: 'Notes',
    status: ({ width }) => <StatusRow place="Notes" rest="" width={width} busy={false} />,
    body: () => null,
    spoken: { place: () => 'Notes', body: () => [] },
    distribution: false,
  },
`;

let copy: TableCopy;
type Copied = {
  App: typeof import('../../src/ui/App');
  store: typeof import('../../src/state/store');
  reducer: typeof import('../../src/state/reducer');
  stack: typeof import('../../src/state/stack');
  theme: typeof import('../../src/ui/themes/theme');
};
let m: Copied;

beforeAll(async () => {
  // Edit 1: the kind, in the one list of screens.
  copy = copyWithRow({ name: 'new-screen', table: 'keys/modes.ts', end: '] as const;\nexport type ScreenKind', row: ", 'notes'" });
  // Edit 2: its entry, last in the registry.
  const registry = join(copy.dir, 'src', 'ui', 'screens', 'registry.tsx');
  const text = readFileSync(registry, 'utf8');
  const end = text.lastIndexOf('\n};\n');
  expect(end).toBeGreaterThan(0);
  writeFileSync(registry, text.slice(0, end + 1) + ENTRY + text.slice(end + 1));
  const from = <T>(path: string) => copy.load<T>(`src/${path}`);
  m = {
    App: await from('ui/App.tsx'),
    store: await from('state/store.ts'),
    reducer: await from('state/reducer.ts'),
    stack: await from('state/stack.ts'),
    theme: await from('ui/themes/theme.ts'),
  };
}, 60_000);

afterAll(() => copy?.remove());

/** The App of the copy at 80×24, the notes screen pushed over the Websites list. */
function deckOnNotes() {
  const start = m.reducer.initialState();
  // The kind exists only in the copy: this file is type-checked against the sources as they are.
  const notes = { kind: 'notes' } as unknown as (typeof start.stack)[number];
  const store = m.store.createStore({ ...start, stack: [...start.stack, notes] });
  const exits: number[] = [];
  const ui = renderInk(
    createElement(m.App.App, {
      store,
      info: { profile: 'test', hosts: { analytics: 'http://127.0.0.1:1', seo: 'http://127.0.0.1:2' }, demo: false },
      theme: m.theme.makeTheme({ NO_COLOR: '1' }),
      size: { columns: 80, rows: 24 },
      exit: (code: number) => void exits.push(code),
      write: () => {},
    } as never),
  );
  return { store, ui, exits, top: () => m.stack.topScreen(store.getState()).kind as string };
}

describe('a new screen is its kind and its registry entry', () => {
  it('type-checks with no other edit: the App, the keymap, the help and the pager all take it', () => {
    const probe = [
      "import { App } from './ui/App';",
      "import { KEYMAP } from './ui/keys/keymap';",
      "import { helpSections } from './ui/keys/keyHelp';",
      "import { unboundKey } from './ui/keys/keyRefusal';",
      "import { SCREENS } from './ui/screens/registry';",
      "import type { Screen } from './state/mode';",
      "export const notes: Screen = { kind: 'notes' };",
      'export const probe = [App, KEYMAP, helpSections, unboundKey, SCREENS.notes.name(null)];',
      '',
    ].join('\n');
    expect(copy.typeCheck(probe)).toBe('');
  }, 60_000);

  it('? opens the help over it: its section first, the keys every screen shares after', async () => {
    const { store, ui, top } = deckOnNotes();
    expect(top()).toBe('notes');
    expect(ui.frame()).toContain('Notes');
    const frame = await ui.press('?', { until: (f) => f.includes('Here: the notes') });
    expect(store.getState().overlay?.kind).toBe('help');
    expect(frame).toContain('Also here, as on other screens');
    await ui.press(KEYS.esc, { until: () => store.getState().overlay === null });
    expect(top()).toBe('notes');
    ui.unmount();
  });

  it(': opens the command line on it, and a key it does not bind says so', async () => {
    const { store, ui, top } = deckOnNotes();
    await ui.press(':', { until: () => store.getState().overlay?.kind === 'prompt' });
    await ui.press(KEYS.esc, { until: () => store.getState().overlay === null });
    expect(top()).toBe('notes');
    // `j` is the lists' next row: here it is refused in words, naming this screen.
    const said = await ui.press('j', { until: (f) => f.includes('not in the notes') });
    expect(said).toContain('not in the notes');
    ui.unmount();
  });

  it('Ctrl+C quits from it', async () => {
    const { ui, exits } = deckOnNotes();
    ui.write(KEYS.ctrl('c'));
    await waitFor(() => exits.length, 'exit');
    expect(exits).toEqual([130]);
    ui.unmount();
  });
});
