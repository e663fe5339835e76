// Every key works the same in screen-reader mode: one key script on the real App and emulator,
// drawn and spoken (Ink's INK_SCREEN_READER), leaves the deck in the same state after each key,
// with the same requests; what is spoken holds no drawing.
import { afterEach, describe, expect, it } from 'vitest';
import { modeOf } from '../../src/state/stack';
import { listInFlux } from '../../src/state/selectors';
import type { DeckState } from '../../src/state/types';
import { App } from '../../src/ui/App';
import { SCREENS } from '../../src/ui/screens/registry';
import { makeTheme } from '../../src/ui/themes/theme';
import { startDeckHarness, type DeckHarness } from '../helpers/deck';
import { KEYS, renderInk, type InkHarness } from '../helpers/ink';
import { openSpokenDeck, type SpokenDeck } from '../helpers/spokenDeck';
import { waitFor } from '../helpers/wait';

/**
 * Keys from the keymap through the list, sort, detail, tabs, Projects, a project's audit (its checks, a check's pages, a report,
 * Esc back down the stack), help, a search that finds websites, and an edit form (a choice changed, then Esc asks to discard:
 * n keeps the form).
 */
/** What the script types on the : line to start a cover. */
const COVER_LINE = 'cover docs/examples/sitemap.xml';
const SCRIPT = [
  'j',
  'j',
  's',
  KEYS.enter,
  KEYS.esc,
  '2',
  'j',
  'S',
  '3',
  'j',
  'a',
  KEYS.enter,
  KEYS.enter,
  KEYS.esc,
  KEYS.esc,
  KEYS.esc,
  KEYS.esc,
  '1',
  '?',
  KEYS.esc,
  '/',
  's',
  'h',
  'o',
  KEYS.enter,
  'e',
  KEYS.tab,
  KEYS.right,
  KEYS.esc,
  'n',
  KEYS.esc,
  // Out of the form (its edits discarded), then a cover of the example sitemap: its view, the question with the plan's counts, No.
  'y',
  ':',
  COVER_LINE,
  KEYS.enter,
  'n',
];
const DRAWING = /[\u2500-\u259f\u25a0-\u25ff\u2800-\u28ff›▏]/u;

/** What a key changes: where the deck is and what it shows. */
const shape = (s: DeckState) => ({
  tab: s.tab,
  mode: modeOf(s).kind,
  stack: s.stack.map((x) => (x.kind === 'audit' ? `audit ${x.audit.level}` : x.kind)),
  form: s.form ? { focus: s.form.focus, values: s.form.values } : null,
  websites: { cursor: s.tabs.websites.cursor, query: s.tabs.websites.query },
  reports: { cursor: s.tabs.reports.cursor, query: s.tabs.reports.query },
  projects: { cursor: s.projects.cursor, sort: s.projects.sortBy },
  cover: s.cover.phase,
});

/** Every list shows what its query asks (a debounced search included), and every request was answered. */
const settled = (d: DeckHarness, coverAsked = false) => {
  const s = d.store.getState();
  return (
    // The : line's cover starts after its frame: wait for it, then for its plan.
    (!coverAsked || s.cover.seq > 0) &&
    listInFlux(s.tabs.websites) === null &&
    listInFlux(s.tabs.reports) === null &&
    !s.tabs.websites.loading &&
    !s.tabs.reports.loading &&
    !s.distribution.loading &&
    s.projects.status !== 'loading' &&
    s.cover.phase !== 'planning' &&
    d.emulator.hits.every((h) => h.status !== 0)
  );
};

let open: { d: DeckHarness; ui: InkHarness } | null = null;
let spokenOpen: SpokenDeck | null = null;
const saved = process.env.INK_SCREEN_READER;
afterEach(async () => {
  open?.ui.unmount();
  await open?.d.close();
  open = null;
  await spokenOpen?.close();
  spokenOpen = null;
  if (saved === undefined) delete process.env.INK_SCREEN_READER;
  else process.env.INK_SCREEN_READER = saved;
});

async function run(spoken: boolean) {
  if (spoken) return runSpoken();
  delete process.env.INK_SCREEN_READER;
  const d = await startDeckHarness();
  const ui = renderInk(
    <App
      store={d.store}
      info={{ profile: 'work', hosts: d.client.hosts, demo: false }}
      theme={makeTheme({ NO_COLOR: '1' })}
      size={{ columns: 120, rows: 40 }}
      exit={() => {}}
      write={() => {}}
    />,
  );
  open = { d, ui };
  await ui.waitForFrame((f) => /1 Websites 40/.test(f), 'the first page');
  await waitFor(() => settled(d), 'opening settled');
  const states = [];
  const frames = [];
  for (const [i, key] of SCRIPT.entries()) {
    const before = ui.frame();
    ui.write(key);
    await ui.waitForFrame((f) => f !== before, `a frame after ${JSON.stringify(key)}`);
    await waitFor(() => settled(d, i > SCRIPT.indexOf(COVER_LINE)), `requests after ${JSON.stringify(key)} answered`);
    // A question takes keys once it has been on screen a moment: the next key waits for that, in both runs alike.
    await waitFor(() => {
      const o = d.store.getState().overlay;
      return !o?.kind.startsWith('confirm-') || (o as { armed?: boolean }).armed === true;
    }, 'the question armed');
    states.push(shape(d.store.getState()));
    frames.push(ui.frame());
  }
  const requests = d.emulator.hits.map((h) => `${h.method} ${h.path} ${JSON.stringify(h.query)}`);
  ui.unmount();
  await d.close();
  open = null;
  return { states, frames, requests };
}

/** The same script spoken: what each key made the deck say (appended, src/ui/spoken/writer.ts). */
async function runSpoken() {
  const s = await openSpokenDeck();
  spokenOpen = s;
  expect(await s.settled()).toMatch(/^Websites, tab 1 of 3/);
  const states = [];
  const frames = [];
  for (const key of SCRIPT) {
    frames.push(await s.press(key));
    states.push(shape(s.d.store.getState()));
  }
  const requests = s.d.emulator.hits.map((h) => `${h.method} ${h.path} ${JSON.stringify(h.query)}`);
  await s.close();
  spokenOpen = null;
  return { states, frames, requests };
}

describe('keys in screen-reader mode', () => {
  it('each key of the script leaves the same state, and the same requests, as in the drawn deck', async () => {
    const drawn = await run(false);
    const spoken = await run(true);
    // The script reaches what it names: a form, and the question an edited form asks on Esc.
    expect(drawn.states.map((st) => st.mode)).toEqual(expect.arrayContaining(['detail', 'projects', 'help', 'search', 'form', 'confirm-discard']));
    for (let i = 0; i < SCRIPT.length; i++) expect(spoken.states[i], `after key ${i} ${JSON.stringify(SCRIPT[i])}`).toEqual(drawn.states[i]);
    // Every registered screen was on top at some key, and each was spoken as itself: the Audit view
    // (each level) as the audit, never as the tab under it.
    expect(new Set(drawn.states.map((st) => st.stack[st.stack.length - 1].split(' ')[0]))).toEqual(new Set(Object.keys(SCREENS)));
    for (let i = 0; i < SCRIPT.length; i++) {
      const top = spoken.states[i].stack[spoken.states[i].stack.length - 1];
      const was = i === 0 ? 'list' : spoken.states[i - 1].stack[spoken.states[i - 1].stack.length - 1];
      // Entered (said whole, where you are first): the Audit view as itself, never as the tab under it.
      if (top.startsWith('audit') && top !== was && !['help', 'prompt'].includes(spoken.states[i].mode))
        expect(spoken.frames[i], `spoken after key ${i}`).toMatch(/^Audit of project /);
    }
    expect(drawn.states.map((st) => st.stack.join(' > '))).toEqual(expect.arrayContaining(['projects > audit checks > audit pages > audit report']));
    expect(spoken.requests).toEqual(drawn.requests);
    // The drawn deck draws; the spoken one never does.
    expect(drawn.frames.some((f) => DRAWING.test(f))).toBe(true);
    for (const f of spoken.frames) expect(f).not.toMatch(DRAWING);
  }, 60_000);
});
