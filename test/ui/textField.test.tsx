// The one text field: every place a user types (INPUT_SITES: the deck's modes that type, and setup)
// takes one key script (words, ← Home End, Ctrl+A/E, Ctrl+←/→ and Alt+B/F, Ctrl+W/U/K, Delete,
// Alt+D, a paste) and ends with the same text and the cursor in the same place, drawn as `before▏after`.
import { afterEach, describe, expect, it } from 'vitest';
import { blankConfig } from '../helpers/blankConfig';
import { SetupScreen } from '../../src/ui/screens/SetupScreen';
import { INPUT_SITES, type InputSite } from '../../src/ui/keys/textKeys';
import type { DeckHarness } from '../helpers/deck';
import { setUpDeckUi } from '../helpers/deckUi';
import { KEYS, renderInk, type InkHarness } from '../helpers/ink';

const deckUi = setUpDeckUi();
const SIZE = { columns: 120, rows: 40 };
let setupUi: InkHarness | null = null;
afterEach(() => {
  setupUi?.unmount();
  setupUi = null;
});

const K = {
  ...KEYS,
  ctrlLeft: '\x1b[1;5D',
  ctrlRight: '\x1b[1;5C',
  altB: '\x1bb',
  altF: '\x1bf',
  altD: '\x1bd',
  del: '\x1b[3~',
  paste: (text: string) => `\x1b[200~${text}\x1b[201~`,
};

/** One step of the script: the keys (each written on its own), and the field after them as `before|after`. */
type Step = [keys: string[], field: string];
const chars = (s: string) => Array.from(s);
const SCRIPT: readonly Step[] = [
  [chars('prvacy'), 'prvacy|'],
  [Array<string>(4).fill(K.left), 'pr|vacy'],
  [['i'], 'pri|vacy'],
  [[K.end], 'privacy|'],
  [chars(' public'), 'privacy public|'],
  [[K.ctrl('w')], 'privacy |'],
  [[K.ctrl('u')], '|'],
  [[K.paste('site.example.com/x y')], 'site.example.com/x y|'],
  [[K.altB], 'site.example.com/x |y'],
  [[K.ctrlLeft], 'site.example.com/|x y'],
  [[K.ctrl('k')], 'site.example.com/|'],
  [[K.home], '|site.example.com/'],
  [[K.del], '|ite.example.com/'],
  [[K.altF], 'ite|.example.com/'],
  [[K.ctrlRight], 'ite.example|.com/'],
  [[K.ctrl('e')], 'ite.example.com/|'],
  [[K.backspace], 'ite.example.com|'],
  [[K.ctrl('a')], '|ite.example.com'],
  [[K.right, K.right, K.right], 'ite|.example.com'],
  [[K.altD], 'ite|.com'],
  [[K.ctrl('w')], '|.com'],
];

/** Whether the frame draws the field `want` (`before|after`) whole: the bar between them, nothing of the field's either side. */
function shows(frame: string, want: string, masked: boolean): boolean {
  const [before, after] = want.split('|');
  const part = masked ? /•/u : /[\w./]/u;
  return frame.split('\n').some((line) => {
    const at = line.indexOf(`${before}▏${after}`);
    if (at < 0) return false;
    const prev = line[at - 1] ?? ' ';
    const next = line[at + before.length + 1 + after.length] ?? ' ';
    return !part.test(prev) && !part.test(next);
  });
}

/** The field with every character a dot (a secret asked masked). */
const masked = (field: string) => field.replace(/[^|]/gu, '•');

interface Site {
  /** Opens the site with its field empty and the keys going to it; resolves with a way to press keys. */
  open(): Promise<{ ui: InkHarness; text?: () => { value: string; cursor: number } }>;
  masked?: boolean;
}

const config = blankConfig();

async function deck(): Promise<{ h: DeckHarness; ui: InkHarness }> {
  const h = await deckUi.start({ emulator: { seed: 12 } });
  const ui = deckUi.render(h, SIZE);
  await ui.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
  return { h, ui };
}

const overlay = (h: DeckHarness) => h.store.getState().overlay;

/** Every input site, by the list in src (INPUT_SITES): the record's type refuses a site without an entry. */
const SITES: Record<InputSite, Site[]> = {
  setup: [
    {
      open: async () => {
        setupUi = renderInk(
          <SetupScreen config={config} check={async () => ({ ok: false, problems: [] })} onDone={() => {}} onQuit={() => {}} width={100} height={30} />,
        );
        await setupUi.waitForFrame((f) => f.includes('› Analytics URL'));
        return { ui: setupUi };
      },
    },
  ],
  form: [
    {
      open: async () => {
        const { h, ui } = await deck();
        await ui.press('n', { until: (f) => f.includes('▏') });
        const f = () => h.store.getState().form!;
        return { ui, text: () => ({ value: String(f().values[f().focus!] ?? ''), cursor: f().cursor }) };
      },
    },
  ],
  prompt: [
    {
      open: async () => {
        const { h, ui } = await deck();
        await ui.press(':', { until: (f) => f.includes(':▏') });
        return { ui, text: () => promptText(h) };
      },
    },
    {
      // A secret the `:` line asks for, masked: `:privacy password` on the cursor row.
      masked: true,
      open: async () => {
        const { h, ui } = await deck();
        await ui.press(':');
        for (const ch of 'privacy password') ui.write(ch);
        await ui.waitForFrame((f) => f.includes(':privacy password▏'));
        await ui.press(K.enter, { until: (f) => /Password for the 1 marked website: ▏/u.test(f) });
        return { ui, text: () => promptText(h) };
      },
    },
  ],
  search: [
    {
      open: async () => {
        const { h, ui } = await deck();
        await ui.press('/', { until: (f) => f.includes('/ ▏') });
        return { ui, text: () => ({ value: h.store.getState().tabs.websites.query.search ?? '', cursor: searchCursor(h) }) };
      },
    },
    {
      open: async () => {
        const { h, ui } = await deck();
        await ui.press('3', { until: (f) => f.includes('project') && h.store.getState().projects.status !== 'loading' });
        await ui.press('/', { until: (f) => f.includes('▏') });
        return { ui, text: () => ({ value: h.store.getState().projects.filter, cursor: searchCursor(h) }) };
      },
    },
  ],
  help: [
    {
      open: async () => {
        const { h, ui } = await deck();
        await ui.press('?', { until: (f) => f.includes('Keys') });
        await ui.press('/', { until: (f) => f.includes('Keys matching “▏”') });
        const o = () => overlay(h) as { filter?: string; cursor?: number };
        return { ui, text: () => ({ value: o().filter ?? '', cursor: o().cursor ?? Array.from(o().filter ?? '').length }) };
      },
    },
  ],
};

function promptText(h: DeckHarness) {
  const o = overlay(h) as { text: string; cursor?: number };
  return { value: o.text, cursor: o.cursor ?? Array.from(o.text).length };
}
function searchCursor(h: DeckHarness): number {
  const o = overlay(h);
  const s = h.store.getState();
  const value = o?.kind === 'search' && o.on === 'projects' ? s.projects.filter : (s.tabs[s.tab].query.search ?? '');
  return o?.kind === 'search' && o.cursor !== undefined ? o.cursor : Array.from(value).length;
}

const sites = INPUT_SITES.flatMap((name) => SITES[name].map((site, i) => ({ name: `${name}${i ? ` (${i + 1})` : ''}`, site })));

describe('one text field everywhere', () => {
  it('has an entry for every input site the source lists', () => {
    expect(Object.keys(SITES).sort()).toEqual([...INPUT_SITES].sort());
  });

  it.each(sites)(
    '$name: the key script gives the same text and cursor',
    async ({ site }) => {
      const { ui, text } = await site.open();
      for (const [keys, field] of SCRIPT) {
        const want = site.masked ? masked(field) : field;
        for (const k of keys.slice(0, -1)) ui.write(k);
        await ui.press(keys[keys.length - 1], { until: (f) => shows(f, want, site.masked === true) });
        if (text) expect(text()).toEqual({ value: field.replace('|', ''), cursor: Array.from(field.split('|')[0]).length });
      }
    },
    30_000,
  );
});
