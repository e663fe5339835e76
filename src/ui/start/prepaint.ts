// The first paint, before Ink and React are up: the rows of the shown tab, laid out where the deck's
// first frame will draw the same text (header, status line, list), so that frame lands on them
// without a blank in between. Two starts draw it: a warm one (the cached rows, at once) and a cold
// one whose first page arrives while the view is still loading. Pure: the caller writes the text.
import { resourceDef } from '../../domain';
import { items } from '../../state/selectors';
import { TABS, type DeckState } from '../../state/types';
import { fitColumns, headerLine, projectRepeats, scoreCells, sortOf } from '../words/columns';
import { rowLine } from '../words/rowLine';
import { statusFits, statusLineText, statusParts } from '../words/statusPlan';
import { BRAND } from '../words/glyphs';
import { splitFor } from '../layout/paneWidth';
import { computeLayout, distributionLine, listRows, type Size } from '../layout/layout';
import { MIN_SIZE } from '../../terminal/env';
import { ENTER_SCREEN, HIDE_CURSOR, PASTE_ON, SYNC_END, SYNC_START } from '../layout/screen';
import { inColour } from '../themes/escape';
import type { Theme } from '../themes/palettes';

const INVERSE = (on: boolean, text: string) => (on ? `\x1b[7m${text}\x1b[27m` : text);
const BOLD = (on: boolean, text: string) => (on ? `\x1b[1m${text}\x1b[22m` : text);
const BOLD_INVERSE = (on: boolean, text: string) => (on ? `\x1b[1;7m${text}\x1b[22;27m` : text);

/**
 * The lines to draw from the top of the screen, or null when the shown tab has no rows (or the
 * screen is below the deck's smallest size). They wear
 * the theme's colours where the first frame does (brand, cached badge, column header, scores); a
 * theme without colour keeps weight and inverse alone.
 */
export function prepaintLines(state: DeckState, size: Size, opts: { theme: Theme }): string[] | null {
  const tab = state.tabs[state.tab];
  if (!tab.data || tab.data.items.length === 0) return null;
  // Below the smallest size the first frame is one line saying so: nothing of this would be covered.
  if (size.columns < MIN_SIZE.columns || size.rows < MIN_SIZE.rows) return null;
  const layout = computeLayout(size);
  const { theme } = opts;
  const color = theme.color;

  const tabs = TABS.map((t, i) => {
    const meta = state.tabs[t].data?.meta;
    const total = meta?.totalUnknown ? undefined : meta?.total;
    const active = state.tab === t;
    const [open, close] = active && !color ? ['[', ']'] : [' ', ' '];
    return BOLD_INVERSE(active && color, `${open}${i + 1} ${resourceDef(t).title}${total === undefined ? '' : ` ${total}`}${close}`);
  }).join('');
  const lines = [`${BOLD(color, inColour(theme.accent, BRAND))}${tabs}`, statusLine(state, layout.columns, theme)];
  const narrowDist = distributionLine(state.tab, layout.columns) === 'own';
  if (narrowDist) lines.push('');

  const records = items(tab);
  // The list's share of the width as the frame splits it with the pane (src/ui/layout/paneWidth.ts).
  const width = layout.sideBySide ? splitFor(state.tab, records, layout.columns, tab.query.project).listWidth : layout.columns;
  const shown = records.slice(0, listRows(layout, state.tab));
  // Sized as the frame sizes them: the score column by the scores shown (no history yet, so no arrows).
  const score = state.tab === 'reports' ? scoreCells(shown) : undefined;
  const columns = fitColumns(state.tab, width, {
    dropProject: state.tab === 'reports' && projectRepeats(records, tab.query.project),
    score,
  });
  lines.push(BOLD(color, inColour(theme.muted, headerLine(columns, sortOf(tab.query)).trimEnd())));
  shown.forEach((r, i) => {
    const selected = i === tab.cursor;
    const row = rowLine(r, columns, { selected, search: tab.query.search, digits: score?.digits ?? 0 }, theme);
    lines.push(selected ? BOLD_INVERSE(color, row) : row);
  });
  return lines;
}

/**
 * The status line up to its spinner, as the frame draws it (src/ui/components/StatusLine.tsx), or
 * blank when the frame would cut it: then only the frame can say where it cuts.
 */
function statusLine(state: DeckState, width: number, theme: Theme): string {
  const p = statusParts(state, width);
  if (!statusFits(p, width)) return '';
  return statusLineText(p, {
    cached: (t) => INVERSE(theme.color, inColour(theme.warn, t)),
    placeholder: (t) => inColour(theme.muted, t),
    stale: (t) => inColour(theme.danger, t),
  });
}

/**
 * What the pre-paint writes: the alternate screen, the cursor hidden, bracketed paste asked for (a
 * paste onto these rows then reaches the deck as a paste, not as keys), and the lines, as one
 * synchronized update (a pty may pass a long write on in pieces).
 */
export function prepaintText(lines: readonly string[]): string {
  return SYNC_START + ENTER_SCREEN + HIDE_CURSOR + PASTE_ON + lines.join('\r\n') + SYNC_END;
}
