// The terminal's own cursor at the insertion point of every place a user types (INPUT_SITES: the
// deck's modes that type, and setup), drawn on a terminal as Ink draws on a real one: after typing
// (wide characters and an emoji among the letters), ←, Home, End and Backspace the cursor is shown
// on the bar's cell, the text before the insertion point left of it and the rest right of it. A
// field scrolled sideways keeps it on the bar; with no field typed in, it is hidden. The cursor is
// placed in the frame that draws the change, not by a frame after it.
import { afterEach, describe, expect, it } from 'vitest';
import { blankConfig } from '../helpers/blankConfig';
import { App } from '../../src/ui/App';
import { SetupScreen } from '../../src/ui/screens/SetupScreen';
import { fieldOf } from '../../src/ui/spoken/field';
import { topScreen } from '../../src/state/stack';
import { INPUT_SITES, type InputSite } from '../../src/ui/keys/textKeys';
import { makeTheme } from '../../src/ui/themes/theme';
import { startDeckHarness, type DeckHarness } from '../helpers/deck';
import { KEYS } from '../helpers/ink';
import { renderOnTerminal, type OnTerminal, type Screen } from '../helpers/terminal';

const SIZE = { columns: 100, rows: 30 };
const BAR = '▏';

let open: { t: OnTerminal; h?: DeckHarness } | null = null;
afterEach(async () => {
  open?.t.unmount();
  await open?.h?.close();
  open = null;
});

const config = blankConfig();

/** The cursor is shown on the bar, with `before` (as drawn) left of it and `after` right of it. */
function cursorOn(s: Screen, before: string, after: string): boolean {
  const around = s.aroundCursor();
  return s.cursorShown && around.before.endsWith(before) && around.at.startsWith(`${BAR}${after}`);
}

async function deck(size = SIZE): Promise<{ t: OnTerminal; h: DeckHarness }> {
  const h = await startDeckHarness({ emulator: { seed: 12 } });
  const t = renderOnTerminal(
    <App
      store={h.store}
      info={{ profile: 'work', hosts: h.client.hosts, demo: false }}
      theme={makeTheme({ NO_COLOR: '1' })}
      size={{ columns: size.columns, rows: size.rows }}
      exit={() => {}}
      write={() => {}}
    />,
    size,
  );
  open = { t, h };
  await t.waitFor(() => !h.store.getState().tabs.websites.loading && h.store.getState().tabs.websites.data !== null, 'the first page');
  // A list has no field: the cursor is hidden.
  await t.waitFor((s) => !s.cursorShown, 'the cursor hidden on the list');
  return { t, h };
}

/** Opens the site with its field empty and the keys going to it; `masked`: a secret, drawn a dot a character. */
type Site = (() => Promise<OnTerminal>) & { masked?: boolean };

/** Keys that open a deck's site, each once the deck has taken the one before (`ready`), then waits until its field has the keys. */
const onDeck =
  (steps: [key: string, ready?: (h: DeckHarness) => boolean][]): Site =>
  async () => {
    const { t, h } = await deck();
    for (const [k, ready] of steps) {
      await t.write(k);
      if (ready) await t.waitFor(() => ready(h), `${JSON.stringify(k)} taken`);
    }
    await t.waitFor(() => fieldOf(h.store.getState()) !== null, 'a field with the keys');
    return t;
  };

const projectsRead = (h: DeckHarness) => topScreen(h.store.getState()).kind === 'projects' && h.store.getState().projects.status !== 'loading';
const onAudit = (h: DeckHarness) => topScreen(h.store.getState()).kind === 'audit';

/** Every input site, by the list in src (INPUT_SITES): the record's type refuses a site without an entry. */
const SITES: Record<InputSite, Record<string, Site>> = {
  setup: {
    'Analytics URL': async () => {
      const t = renderOnTerminal(
        <SetupScreen
          config={config}
          check={async () => ({ ok: false, problems: [] })}
          onDone={() => {}}
          onQuit={() => {}}
          width={SIZE.columns}
          height={SIZE.rows - 1}
        />,
        SIZE,
      );
      open = { t };
      return t;
    },
  },
  form: { 'a new website': onDeck([['n']]) },
  prompt: {
    'the : line': onDeck([[':']]),
    // A secret the `:` line asks for, masked: `:privacy password` on the cursor row.
    'a secret it asks for': Object.assign(
      onDeck([[':'], ...Array.from('privacy password', (c): [string] => [c]), [KEYS.enter, (h) => fieldOf(h.store.getState())?.secret === true]]),
      { masked: true },
    ),
  },
  search: {
    Websites: onDeck([['/']]),
    Projects: onDeck([['3', projectsRead], ['/']]),
    Audit: onDeck([['3', projectsRead], ['a', onAudit], ['/']]),
  },
  help: { "the help's filter": onDeck([['?', (h) => h.store.getState().overlay?.kind === 'help'], ['/']]) },
};

/** One step: the keys, and the field after them as `before|after`. */
const SCRIPT: readonly [keys: string[], field: string][] = [
  [Array.from('ab日本c'), 'ab日本c|'],
  [[KEYS.left], 'ab日本|c'],
  [[KEYS.left], 'ab日|本c'],
  [[KEYS.home], '|ab日本c'],
  [[KEYS.end], 'ab日本c|'],
  [[KEYS.backspace], 'ab日本|'],
  [[KEYS.left, KEYS.backspace], 'ab|本'],
  [['🙂'], 'ab🙂|本'],
];

const sites = INPUT_SITES.flatMap((name) => Object.entries(SITES[name]).map(([where, site]) => ({ name: `${name}: ${where}`, site })));

describe('the terminal cursor at the insertion point', () => {
  it('has an entry for every input site the source lists', () => {
    expect(Object.keys(SITES).sort()).toEqual([...INPUT_SITES].sort());
  });

  it.each(sites)(
    '$name: on the bar after typing, ←, Home, End and Backspace',
    async ({ site }) => {
      const t = await site();
      await t.waitFor((s) => cursorOn(s, '', ''), 'the cursor on the empty field');
      // Each frame is written with the cursor in place: never a frame with it elsewhere, then a move.
      const off: string[] = [];
      t.eachFrame((s) => {
        if (!s.cursorShown || !s.aroundCursor().at.startsWith(BAR)) off.push(s.lines().join('\n'));
      });
      for (const [keys, field] of SCRIPT) {
        const [before, after] = (site.masked ? field.replace(/[^|]/gu, '•') : field).split('|');
        await t.write(...keys);
        await t.waitFor((s) => cursorOn(s, before, after), `the cursor at ${field} after ${JSON.stringify(keys)}`);
      }
      t.eachFrame(null);
      expect(off, 'frames with the cursor off the bar').toEqual([]);
    },
    30_000,
  );

  it('a form field scrolled sideways keeps the cursor on the bar, wide characters included', async () => {
    const t = await SITES.form['a new website']();
    const long = `${'日'.repeat(40)}${'x'.repeat(40)}`;
    await t.write(`\x1b[200~${long}\x1b[201~`);
    await t.waitFor((s) => cursorOn(s, 'xxxxxxxx', ''), 'the cursor at the end of a scrolled field');
    await t.write(KEYS.home);
    await t.waitFor((s) => cursorOn(s, '  ', '日日日日'), 'the cursor at the start');
    for (let i = 0; i < 45; i++) await t.write(KEYS.right);
    await t.waitFor((s) => cursorOn(s, '日日xxxxx', 'x'), 'the cursor past the wide characters, the field scrolled');
  }, 30_000);

  it('is hidden again once no field has the keys', async () => {
    const t = await SITES.prompt['the : line']();
    await t.waitFor((s) => cursorOn(s, '', ''), 'the cursor on the : line');
    await t.write(KEYS.esc);
    await t.waitFor((s) => !s.cursorShown, 'the cursor hidden after Esc');
  }, 30_000);
});
