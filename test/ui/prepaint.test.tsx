// The pre-paint (drawn before Ink loads: a warm start's cached rows, or a cold start's first page)
// must sit under the deck's first frame: every line it draws is the start of the same line of that
// frame, so the frame covers it exactly.
import { describe, expect, it } from 'vitest';
import { initialState, reducer } from '../../src/state/reducer';
import { createStore } from '../../src/state/store';
import type { DeckState } from '../../src/state/types';
import { App } from '../../src/ui/App';
import { prepaintLines, prepaintText } from '../../src/ui/start/prepaint';
import { makeTheme } from '../../src/ui/themes/theme';
import { renderInk } from '../helpers/ink';
import { pageOf, report, website } from '../helpers/records';

// The deck reads the age when it draws (Date.now()); five minutes and seven seconds stay "5 min" for long enough.
const NOW = Date.now();
const savedAt = NOW - 5 * 60_000 - 7_000;

function warmState(tab: 'websites' | 'reports'): DeckState {
  let s = initialState({ tab });
  s = reducer(s, {
    type: 'list/warm',
    tab: 'websites',
    page: pageOf(
      Array.from({ length: 10 }, (_, i) => website(40 - i, i === 3 ? { domain: 'a-much-longer-domain-name-than-the-others.example.org' } : {})),
      { total: 40 },
    ),
    savedAt,
  });
  s = reducer(s, {
    type: 'list/warm',
    tab: 'reports',
    page: pageOf(
      Array.from({ length: 25 }, (_, i) => report(90 - i)),
      { total: 90, perPage: 25 },
    ),
    savedAt,
  });
  return s;
}

describe('pre-paint of the cached rows', () => {
  for (const [tab, columns, rows] of [
    ['websites', 120, 30],
    ['websites', 80, 24],
    ['websites', 90, 40], // detail pane below the list
    ['reports', 120, 30],
    ['reports', 80, 24], // the distribution on a line of its own
  ] as const) {
    it(`${tab} at ${columns}×${rows}: each line is the start of the first frame's line`, () => {
      const state = warmState(tab);
      const lines = prepaintLines(state, { columns, rows }, { theme: makeTheme({ NO_COLOR: '1' }) })!;
      // The status line as the frame draws it, the cached badge first.
      expect(lines[1]).toMatch(/^ {2}cached 5 min ago \s+\/ search\s+sort id ↓\s+\d+\/page\s+page 1\/3\s+\d+ total$/);
      const ui = renderInk(
        <App
          store={createStore(state)}
          info={{ profile: 'work', hosts: { analytics: 'https://a.example', seo: 'https://s.example' }, demo: false }}
          theme={makeTheme({ NO_COLOR: '1' })}
          size={{ columns, rows }}
          exit={() => {}}
          write={() => {}}
        />,
      );
      const frame = ui.frame().split('\n');
      ui.unmount();
      expect(lines.length).toBeGreaterThan(5);
      // Trailing blanks are compared away: without colour the frame's text ends at its last visible character.
      for (let i = 0; i < lines.length; i++) expect(frame[i].startsWith(lines[i].trimEnd()), `line ${i}:\n${lines[i]}\n${frame[i]}`).toBe(true);
    });
  }

  it("wears the theme's colours where the first frame does, over the same text", () => {
    const scores = [95, 60, 20];
    const state = reducer(initialState({ tab: 'reports' }), {
      type: 'list/warm',
      tab: 'reports',
      page: pageOf(
        Array.from({ length: 12 }, (_, i) => report(90 - i, { result: scores[i % 3], result_class: undefined })),
        { total: 90, perPage: 25 },
      ),
      savedAt,
    });
    const plain = prepaintLines(state, { columns: 120, rows: 30 }, { theme: makeTheme({ NO_COLOR: '1' }) })!;
    const theme = makeTheme({ TERM: 'xterm' }, 'dark');
    expect([theme.depth, theme.accent, theme.warn, theme.muted]).toEqual(['16', 'cyan', 'yellow', 'gray']);
    const lines = prepaintLines(state, { columns: 120, rows: 30 }, { theme })!;
    expect(lines[0].startsWith('\x1b[1m\x1b[36m sitedeck \x1b[39m\x1b[22m')).toBe(true); // brand: bold, accent
    expect(lines[1].startsWith(' \x1b[7m\x1b[33m cached 5 min ago \x1b[39m\x1b[27m')).toBe(true); // cached: warn, inverse
    expect(lines[1]).toContain('\x1b[90m/ search\x1b[39m'); // the search hint: muted
    expect(lines[2].startsWith('\x1b[1m\x1b[90m')).toBe(true); // column header: bold, muted
    // Each score in its class's colour: good green, decent yellow, bad bright red (xterm's red is 3.6:1 on black).
    const scored = lines.slice(3).map((l) => /\x1b\[(3[23]|91)m[●◐○]/.exec(l)?.[1]);
    expect(new Set(scored.filter(Boolean))).toEqual(new Set(['32', '33', '91']));
    for (const [i, code] of scored.entries()) {
      const glyph = /[●◐○]/.exec(lines[3 + i])?.[0];
      if (glyph) expect(code).toBe({ '●': '32', '◐': '33', '○': '91' }[glyph]);
    }
    // Under the colours, the same text as without them (where the active tab wears brackets instead).
    const text = lines.map((l) => l.replace(/\x1b\[[0-9;]*m/g, ''));
    expect(text[0]).toBe(plain[0].replace('[', ' ').replace(']', ' '));
    expect(text.slice(1)).toEqual(plain.slice(1));
  });

  for (const [columns, rows] of [
    [120, 30],
    [80, 24],
  ] as const) {
    it(`a cold start's first page at ${columns}×${rows}: the rows, no cached badge, under the first frame`, () => {
      let state = reducer(initialState({ tab: 'websites' }), { type: 'list/request', tab: 'websites', requestId: 1 });
      expect(prepaintLines(state, { columns, rows }, { theme: makeTheme({ NO_COLOR: '1' }) })).toBeNull();
      state = reducer(state, {
        type: 'list/loaded',
        tab: 'websites',
        requestId: 1,
        page: pageOf(
          Array.from({ length: 12 }, (_, i) => website(40 - i)),
          { total: 40 },
        ),
      });
      const lines = prepaintLines(state, { columns, rows }, { theme: makeTheme({ NO_COLOR: '1' }) })!;
      // The status line as the frame draws it, without a cached badge.
      expect(lines[1]).toMatch(/^ \/ search\s+sort id ↓\s+10\/page\s+page 1\/3\s+40 total$/);
      expect(lines.join('\n')).toContain(website(40).domain);
      const ui = renderInk(
        <App
          store={createStore(state)}
          info={{ profile: 'work', hosts: { analytics: 'https://a.example', seo: 'https://s.example' }, demo: false }}
          theme={makeTheme({ NO_COLOR: '1' })}
          size={{ columns, rows }}
          exit={() => {}}
          write={() => {}}
        />,
      );
      const frame = ui.frame().split('\n');
      ui.unmount();
      expect(frame[1]).toContain('page 1/');
      expect(lines.length).toBeGreaterThan(5);
      for (let i = 0; i < lines.length; i++) expect(frame[i].startsWith(lines[i].trimEnd()), `line ${i}:\n${lines[i]}\n${frame[i]}`).toBe(true);
    });
  }

  it('takes the alternate screen, hides the cursor and asks for bracketed paste before the rows, all one synchronized update', () => {
    const text = prepaintText(['a', 'b']);
    // A paste onto pre-painted rows, before Ink is up, must arrive wrapped: read as keys, it would run them.
    // Bracketed as Ink brackets a frame, so a terminal (and tmux's reader in the tests) never takes it half drawn.
    expect(text).toBe('\x1b[?2026h\x1b[?1049h\x1b[H\x1b[?25l\x1b[?2004ha\r\nb\x1b[?2026l');
  });

  it('draws nothing below the smallest size, where the first frame is one line saying so', () => {
    const state = warmState('websites');
    expect(prepaintLines(state, { columns: 60, rows: 20 }, { theme: makeTheme({ NO_COLOR: '1' }) })).not.toBeNull();
    expect(prepaintLines(state, { columns: 59, rows: 24 }, { theme: makeTheme({ NO_COLOR: '1' }) })).toBeNull();
    expect(prepaintLines(state, { columns: 80, rows: 19 }, { theme: makeTheme({ NO_COLOR: '1' }) })).toBeNull();
  });

  it('draws nothing without rows on the shown tab: before the first page, or when it is empty', () => {
    expect(prepaintLines(initialState(), { columns: 120, rows: 30 }, { theme: makeTheme({ NO_COLOR: '1' }) })).toBeNull();
    const empty = reducer(initialState({ tab: 'websites' }), { type: 'list/cached', tab: 'websites', page: pageOf([]) });
    expect(prepaintLines(empty, { columns: 120, rows: 30 }, { theme: makeTheme({ NO_COLOR: '1' }) })).toBeNull();
  });
});
