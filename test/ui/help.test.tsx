// The help overlay is whole at every width from 60 columns: a description that does not fit its
// column goes on under itself, on this page or the next; nothing is cut.
import { describe, expect, it } from 'vitest';
import { reducer, initialState } from '../../src/state/reducer';
import type { Action } from '../../src/state/actions';
import type { DeckState } from '../../src/state/types';
import { HelpOverlay, helpLayout, helpLines } from '../../src/ui/components/HelpOverlay';
import { helpSections } from '../../src/ui/keyHelp';
import { GLYPHS } from '../../src/ui/theme';
import { renderInk } from '../helpers/ink';
import { pageOf, report, website } from '../helpers/records';

const run = (s: DeckState, ...actions: Action[]) => actions.reduce(reducer, s);
const loaded = (readOnly: boolean) =>
  run(
    initialState({ readOnly }),
    { type: 'list/loaded', tab: 'websites', requestId: 0, page: pageOf([website(1)]) },
    { type: 'list/loaded', tab: 'reports', requestId: 0, page: pageOf([report(1)]) },
  );

/** Every page of the overlay at this size, as the lines a terminal shows. */
function pages(state: DeckState, width: number, height: number): string[][] {
  const out: string[][] = [];
  for (let page = 0; ; page++) {
    const ui = renderInk(<HelpOverlay width={width} height={height} state={state} page={page} />);
    const lines = ui.frame().split('\n');
    ui.unmount();
    out.push(lines);
    const m = / (\d+)\/(\d+) \(/.exec(lines[0]);
    if (!m || Number(m[1]) >= Number(m[2])) return out;
  }
}

const squash = (t: string) => t.replace(/\s+/g, ' ');

describe('help overlay', () => {
  for (const [width, height] of [[60, 20], [80, 24], [100, 30], [120, 40]]) {
    for (const readOnly of [false, true]) {
      it(`is whole at ${width}×${height}${readOnly ? ', read-only (reasons shown)' : ''}`, () => {
        const state = loaded(readOnly);
        const screens = pages(state, width, height);
        const lines = screens.flat();
        for (const l of lines) {
          expect(l.trimEnd().endsWith('…'), `cut: "${l}"`).toBe(false);
          expect(l.length).toBeLessThanOrEqual(width);
        }
        // Every line of the help is on one of the pages, and read in order they hold every description whole.
        const { lines: laid } = helpLayout(state, width, height);
        for (const l of laid) expect(lines.some((shown) => shown.includes(l.text.trimEnd())), `missing: "${l.text}"`).toBe(true);
        const text = squash(laid.map((l) => l.text.trim()).join(' '));
        for (const section of helpSections(state)) {
          for (const row of section.rows) expect(text).toContain(squash(`${row.description}${row.disabled ? ` ${GLYPHS.lock} ${row.disabled}` : ''}`));
        }
      });
    }
  }

  it('wraps a description under itself, past the keys column', () => {
    const lines = helpLines(loaded(true), 36);
    const i = lines.findIndex((l) => l.text.startsWith('d ') || l.text.startsWith('d\u00a0'));
    expect(i).toBeGreaterThan(-1);
    expect(lines[i + 1].text).toMatch(/^ {9,}\S/);
    expect(lines[i + 1].disabled).toBe(true);
  });
});
