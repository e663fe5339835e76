import { maxOf } from '../../text/bounded';
import { Box, Text } from 'ink';
import { PROMPT_HELP } from '../promptCommands';
import type { DeckState } from '../../state/types';
import { helpSections } from '../keyHelp';
import { wrapText } from '../../text/wrap';
import { fit } from '../text';
import { GLYPHS, useTheme } from '../theme';
import { keyOf } from '../keyWords';

interface Line {
  text: string;
  title?: boolean;
  /** Refused here: greyed, with the reason after the description. */
  disabled?: boolean;
}

/**
 * Help lines straight from the keymap, each binding once; a key refused here says why. In a column
 * `width` wide, a description that does not fit goes on under itself (never cut).
 */
export function helpLines(state: DeckState, width = Infinity): Line[] {
  const sections = helpSections(state);
  // The keys column fits the longest label (every key a binding has), within reason.
  const keysWidth = Math.min(16, maxOf(sections.flatMap((s) => s.rows.map((r) => r.keys.length + 1)), 9));
  // One cell of the column is the space before each line.
  const room = Number.isFinite(width) ? Math.max(8, width - 1 - keysWidth) : Infinity;
  const entry = (keys: string, text: string, extra: Omit<Line, 'text'> = {}): Line[] =>
    (Number.isFinite(room) ? wrapText(text, room) : [text]).map((part, i) => ({ text: `${fit(i === 0 ? keys : '', keysWidth)}${part}`, ...extra }));
  return [
    ...sections.flatMap((s) => [
      { text: s.title, title: true },
      ...s.rows.flatMap((r) => entry(r.keys, `${r.description}${r.disabled ? ` ${GLYPHS.lock} ${r.disabled}` : ''}`, { disabled: r.disabled !== null })),
    ]),
    { text: 'What the glyphs say', title: true },
    ...GLYPH_LEGEND.flatMap(([g, meaning]) => entry(g, meaning)),
    { text: 'Commands after :', title: true },
    ...(Number.isFinite(width) ? wrapText(PROMPT_HELP, Math.max(8, width - 1)) : [PROMPT_HELP]).map((text) => ({ text })),
  ];
}

/** The glyphs and arrows of lists, bars and the detail, in words short enough for 80 columns (docs/deck.md says more). */
export const GLYPH_LEGEND: readonly [string, string][] = [
  ['● ◐ ○', 'score good, decent, bad'],
  [`${GLYPHS.classBar.good} ${GLYPHS.classBar.decent} ${GLYPHS.classBar.bad}`, 'bar: good, decent, bad'],
  ['↑12 ↓5 =', 'change since last run'],
  ['▁▃▆█', 'history, oldest first'],
  [`${GLYPHS.failed} ${GLYPHS.passed}`, 'check failed / passed'],
  ['http://', 'page without HTTPS'],
  ['a.com/…/end', 'URL cut in the middle'],
];

/** How the help is laid out at this size: rows under the title, columns (at most three) and their lines. */
export function helpLayout(state: DeckState, width: number, height: number) {
  const rows = Math.max(1, height - 1);
  // As many columns as fit; what does not fit is one more screenful away.
  const colCount = Math.max(1, Math.min(3, Math.floor(width / 36), Math.ceil(helpLines(state).length / rows)));
  const colWidth = Math.floor((width - 1) / colCount);
  return { rows, colCount, colWidth, lines: helpLines(state, colWidth) };
}

export function HelpOverlay({ width, height, state, page }: { width: number; height: number; state: DeckState; page: number }) {
  const theme = useTheme();
  const readOnly = state.readOnly;
  const { rows, colCount, colWidth, lines } = helpLayout(state, width, height);
  const perPage = rows * colCount;
  const pages = Math.max(1, Math.ceil(lines.length / perPage));
  const at = Math.min(page, pages - 1);
  const shown = lines.slice(at * perPage, (at + 1) * perPage);
  // The title says read-only in full where it fits, else by its glyph and word alone.
  const paging = ` Keys${pages > 1 ? ` ${at + 1}/${pages} (${keyOf('help.next')} for more)` : ''}`;
  const lock = [`  ${GLYPHS.lock} read-only: locked actions are refused`, `  ${GLYPHS.lock} read-only`].find((t) => paging.length + t.length <= width) ?? '';
  const title = paging + (readOnly ? lock : '');
  const cols = Array.from({ length: colCount }, (_, i) => shown.slice(i * rows, (i + 1) * rows));
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden">
      <Text bold color={theme.accent} wrap="truncate">
        {title}
      </Text>
      <Box>
        {cols.map((col, i) => (
          <Box key={i} flexDirection="column" width={colWidth} overflowY="hidden">
            {col.map((l, j) => (
              <Text key={j} wrap="truncate" bold={l.title} color={l.title ? theme.accent : l.disabled ? theme.muted : undefined} dimColor={l.disabled}>
                {' '}
                {l.text}
              </Text>
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
