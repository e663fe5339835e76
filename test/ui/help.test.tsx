// The help overlay is whole at every width from 60 columns: a description that does not fit its
// column goes on under itself, on this page or the next; nothing is cut. It starts with the keys of
// the screen it was opened over, filters as you type after /, and its last page says it is the end.
import { describe, expect, it } from 'vitest';
import { reducer, initialState } from '../../src/state/reducer';
import type { Action } from '../../src/state/actions';
import type { DeckState } from '../../src/state/types';
import { HelpOverlay, helpLayout, helpLines } from '../../src/ui/components/HelpOverlay';
import { helpSections, rowMatches } from '../../src/ui/keys/keyHelp';
import { spokenHelp } from '../../src/ui/spoken/help';
import { pasteAction } from '../../src/ui/input/paste';
import { bindingById, KEYMAP } from '../../src/ui/keys/keymap';
import { filterSections } from '../../src/ui/keys/keyHelp';
import { GLYPHS } from '../../src/ui/themes/theme';
import { OnState } from '../helpers/onState';
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
    const ui = renderInk(
      <OnState state={state}>
        <HelpOverlay width={width} height={height} page={page} />
      </OnState>,
    );
    const lines = ui.frame().split('\n');
    ui.unmount();
    out.push(lines);
    const m = / (\d+)\/(\d+) \(/.exec(lines[0]);
    if (!m || Number(m[1]) >= Number(m[2])) return out;
  }
}

const squash = (t: string) => t.replace(/\s+/g, ' ');

describe('help overlay', () => {
  for (const [width, height] of [
    [60, 20],
    [80, 24],
    [100, 30],
    [120, 40],
  ]) {
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
        for (const l of laid)
          expect(
            lines.some((shown) => shown.includes(l.text.trimEnd())),
            `missing: "${l.text}"`,
          ).toBe(true);
        const text = squash(laid.map((l) => l.text.trim()).join(' '));
        // Unfiltered: every key of this screen and of every screen; the other screens are named, their keys found by the filter.
        for (const section of helpSections(state).filter((x) => x.here)) {
          for (const row of section.rows) expect(text).toContain(squash(`${row.description}${row.disabled ? ` ${GLYPHS.lock} ${row.disabled}` : ''}`));
        }
        for (const section of helpSections(state).filter((x) => !x.here)) expect(text).toContain(section.title.replace(/ \(.*\)$/, ''));
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

  const help = (s: DeckState) => run(s, { type: 'help/toggle' });
  const audit = () => run(loaded(false), { type: 'tab/select', tab: 'reports' }, { type: 'audit/open' });

  it('opened from the Audit view, starts with the Audit view’s keys, then the keys it shares with other screens, then the rest', () => {
    const state = help(audit());
    const sections = helpSections(state);
    expect(sections[0].title).toBe('Here: the Audit view');
    expect(sections[0].rows.map((r) => r.keys)).toContain(bindingById('audit.back').label);
    expect(sections[1].title).toBe('Also here, as on other screens');
    expect(sections[1].rows.map((r) => r.description)).toContain(bindingById('tab.websites').description);
    // No binding twice; every binding somewhere.
    const all = sections.flatMap((s) => s.rows.map((r) => r.id));
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(KEYMAP.length);
    // At 80×24, one column: the first page is the Audit view's keys, each on a line of its own.
    const ui = renderInk(
      <OnState state={state}>
        <HelpOverlay width={80} height={21} page={0} />
      </OnState>,
    );
    const lines = ui.frame().split('\n');
    ui.unmount();
    expect(lines[1].trim()).toBe('Here: the Audit view');
    const rows = sections[0].rows;
    const page = squash(lines.join(' '));
    for (const r of rows) expect(page, r.keys).toContain(squash(`${r.keys} ${r.description}${r.disabled ? ` ${GLYPHS.lock} ${r.disabled}` : ''}`));
    expect(lines[0]).toMatch(/^ Keys 1\/\d+ \(↓ for more\) {2}\/ filters · \? closes/);
    // From a list it starts with the list's keys.
    expect(helpSections(help(loaded(false)))[0].title).toBe('Here: the Websites list');
  });

  it('its last page says it is the end, and the footer offers no more', () => {
    const state = help(loaded(false));
    const screens = pages(state, 80, 21);
    expect(screens.length).toBeGreaterThan(1);
    expect(screens.at(-1)![0]).toMatch(/ \d+\/\d+ \(the end\)/);
    expect(screens.at(-1)![0]).not.toContain('more');
    expect(screens[0][0]).toContain('(↓ for more)');
    // A section going on onto the next page is named again at its top.
    expect(
      screens.slice(1).some((p) => /^ \S.* \(continued\)$/.test(p[1])),
      'a page that begins with a continued section',
    ).toBe(true);
    // The keys stop at the last page the view drew, and say so.
    const drawn = run(state, { type: 'view/drawn', drawn: { helpPages: screens.length } });
    const last = run(drawn, ...Array.from({ length: screens.length + 3 }, () => ({ type: 'help/page', delta: 1 }) as Action));
    expect(last.overlay).toMatchObject({ kind: 'help', page: screens.length - 1 });
    expect(bindingById('help.next').disabled!(last)).toMatch(/last page/);
    const word = (s: DeckState) =>
      typeof bindingById('help.next').hint === 'function' ? (bindingById('help.next').hint as (s: DeckState) => string | null)(s) : null;
    expect(word(last)).toBeNull();
    expect(word(drawn)).toBe('more');
    expect(spokenHelp(state).at(-1)).toBe('End of the keys');
  });

  it('/ filters it as you type (keys or words); Esc clears the filter, a second Esc closes help', () => {
    let state = run(help(audit()), { type: 'help/find' }, { type: 'help/type', text: 'mark' });
    const ui = renderInk(
      <OnState state={state}>
        <HelpOverlay width={80} height={21} page={0} />
      </OnState>,
    );
    const frame = ui.frame();
    ui.unmount();
    const [title, ...rest] = frame.split('\n');
    expect(title).toMatch(/Keys matching “mark▏” {2}Enter keeps it · Esc clears/);
    const found = filterSections(helpSections(state), 'mark').flatMap((s) => s.rows);
    expect(found.map((r) => r.id)).toEqual(expect.arrayContaining(['audit.mark', 'mark.toggle', 'mark.all']));
    for (const r of found) expect(`${r.keys} ${r.description}`.toLowerCase()).toContain('mark');
    expect(squash(rest.join(' '))).toContain(
      squash(
        bindingById('audit.mark')
          .description.replace(/\(.*\)/, '')
          .trim(),
      ),
    );
    expect(frame).not.toContain(bindingById('quit').description + '\n');
    // A key as typed: G is the last row, not g.
    expect(rowMatches({ keys: 'G End', description: 'last row' }, 'G')).toBe(true);
    expect(rowMatches({ keys: 'g Home', description: 'first row' }, 'G')).toBe(false);
    expect(rowMatches({ keys: 'Esc', description: 'back' }, 'esc')).toBe(true);
    // Enter keeps it (the title says Esc clears, then closes); Esc clears; Esc again closes.
    state = run(state, { type: 'help/keep' });
    const kept = renderInk(
      <OnState state={state}>
        <HelpOverlay width={80} height={21} page={0} />
      </OnState>,
    );
    expect(kept.frame().split('\n')[0]).toMatch(/Keys matching “mark” {2}Esc clears, then closes/);
    kept.unmount();
    const esc = bindingById('help.clear');
    expect(esc.when!(state)).toBe(true);
    state = run(state, { type: 'help/clear' });
    expect(state.overlay).toEqual({ kind: 'help', page: 0 });
    expect(esc.when!(state)).toBe(false);
    expect(bindingById('help.close').keys.some((k) => k.key === 'escape')).toBe(true);
    // A screen reader hears the same filter: the matching keys, then the end.
    const spoken = spokenHelp(run(help(audit()), { type: 'help/find' }, { type: 'help/type', text: 'mark' }));
    expect(spoken[0]).toBe('Keys matching mark');
    expect(spoken.at(-1)).toBe('End of the keys');
    const keyLines = spoken.slice(1, -1).filter((l) => !l.endsWith(':'));
    expect(keyLines.length).toBeGreaterThan(0);
    for (const l of keyLines) expect(l.toLowerCase()).toContain('mark');
    // A paste goes into the filter while it is typed, and nowhere else.
    const typing = run(help(audit()), { type: 'help/find' });
    expect(pasteAction(typing, 'rerun')).toEqual({ type: 'help/type', text: 'rerun' });
    expect(pasteAction(help(audit()), 'rerun')).toMatchObject({ type: 'flash/show' });
    // Nothing matches: it says so.
    const none = renderInk(
      <OnState state={run(help(audit()), { type: 'help/find' }, { type: 'help/type', text: 'zzqx' })}>
        <HelpOverlay width={80} height={21} page={0} />
      </OnState>,
    );
    expect(none.frame()).toContain('No key, glyph or command matches “zzqx”');
    none.unmount();
  });
});
