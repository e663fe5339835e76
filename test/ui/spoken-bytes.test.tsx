// Screen-reader mode at the byte level, for every screen of the registry and every key the keymap
// gives it: what a key makes the deck write is appended text only (no cursor-up, no erase, no
// escape sequence that moves the cursor), each line once, and the screen's header is not said
// again while the screen stays. A new screen or key is covered by being added.
import { afterEach, describe, expect, it } from 'vitest';
import type { ScreenKind } from '../../src/state/mode';
import { topScreen } from '../../src/state/stack';
import { keyName, KEYMAP, type Binding } from '../../src/ui/keys/keymap';
import { SCREENS } from '../../src/ui/screens/registry';
import { KEYS } from '../helpers/ink';
import { specBytes } from '../helpers/keyBytes';
import { openSpokenDeck, type SpokenDeck } from '../helpers/spokenDeck';

/** Bytes that move the cursor or erase: cursor up (A), erase in line (K) or display (J), or any other CSI. */
const CURSOR_UP = /\x1b\[\d*A/;
const ERASE = /\x1b\[\d*[KJ]/;
const ANY_CSI = /\x1b\[/;
/** OSC 52 (a copy) is for the terminal, not a line said. */
const OSC = /\x1b\][^\x07]*\x07/g;

/** The keys that bring each screen on top, from the base list (Websites). */
const REACH: Record<string, (s: SpokenDeck) => string[]> = {
  list: () => [],
  detail: () => [KEYS.enter],
  form: () => ['e'],
  projects: () => ['3'],
  audit: () => ['3', 'a'],
  cover: (s) => [':', ...`cover ${s.d.emulator.baseUrl}/sitemap.xml`, KEYS.enter],
};

/** Which screen is on top (its kind, tab, Audit level, and the help or messages over it): another one is entered, said whole. */
function screenOf(s: SpokenDeck): string {
  const st = s.d.store.getState();
  const top = topScreen(st);
  const o = st.overlay?.kind;
  return [top.kind, st.tab, top.kind === 'audit' ? top.audit.level : '', o === 'help' || o === 'messages' ? o : ''].join(':');
}

/** A key's bytes, checked: appended text only, each line once, the header not again on the same screen. */
function expectAppended(bytes: string, opts: { header: string; sameScreen: boolean; what: string }) {
  expect(bytes, `${opts.what}: cursor up`).not.toMatch(CURSOR_UP);
  expect(bytes, `${opts.what}: erase`).not.toMatch(ERASE);
  expect(bytes.replace(OSC, ''), `${opts.what}: an escape sequence`).not.toMatch(ANY_CSI);
  const lines = bytes
    .replace(OSC, '')
    .split('\n')
    .filter((l) => l !== '');
  expect(
    lines.filter((l, i) => lines.indexOf(l) !== i),
    `${opts.what}: a line said twice`,
  ).toEqual([]);
  // Where you are (`Websites, tab 1 of 3`, `Audit of project …`) is said when a screen is entered, not at each key on it.
  const where = opts.header.split(', ').slice(0, 2).join(', ');
  if (opts.sameScreen)
    expect(
      lines.filter((l) => l.startsWith(where)),
      `${opts.what}: the header again on the same screen`,
    ).toEqual([]);
}

const kinds = Object.keys(SCREENS) as ScreenKind[];

describe('screen-reader bytes: every screen × every key of it', () => {
  let s: SpokenDeck | null = null;
  afterEach(async () => {
    await s?.close();
    s = null;
  });

  it('every screen of the registry has a way to reach it', () => {
    expect(kinds.filter((k) => !REACH[k])).toEqual([]);
  });

  for (const kind of kinds) {
    const keys: readonly Binding[] = KEYMAP.filter((b) => b.modes.includes(kind));
    for (const b of keys) {
      const spec = b.keys[0];
      it(`${kind}: ${b.id} (${keyName(spec)})`, async () => {
        // A deck of its own: what one key leaves (a pane, a sort, marks) never reaches another.
        const deck = (s = await openSpokenDeck());
        let entered = await deck.settled();
        for (const k of REACH[kind](deck)) entered = await deck.press(k);
        if (topScreen(deck.d.store.getState()).kind !== kind) throw new Error(`${kind} not reached (top is ${topScreen(deck.d.store.getState()).kind})`);
        // The screen's header: the first line said when it was entered (the deck opens on the list).
        const header = entered.split('\n')[0];
        const was = screenOf(deck);
        const bytes = await deck.press(specBytes(spec)).catch(async (e: Error) => {
          // A lone Escape that changes nothing is not waited for: what was written still counts.
          if (/Esc taken/.test(e.message)) return deck.settled();
          throw e;
        });
        expectAppended(bytes, { header, sameScreen: screenOf(deck) === was, what: `${kind} ${b.id}` });
      }, 20_000);
    }
  }
});
