import { Box, Text } from 'ink';
import { PROMPT_HELP } from '../../state/prompt';
import type { DeckState } from '../../state/types';
import { helpSections } from '../keyHelp';
import { fit } from '../text';
import { GLYPHS, useTheme } from '../theme';

interface Line {
  text: string;
  title?: boolean;
  /** Refused here: greyed, with the reason after the description. */
  disabled?: boolean;
}

/** Help lines straight from the keymap, each binding once; a key refused here says why. */
export function helpLines(state: DeckState): Line[] {
  const sections = helpSections(state);
  // The keys column fits the longest label (every key a binding has), within reason.
  const keysWidth = Math.min(16, Math.max(9, ...sections.flatMap((s) => s.rows.map((r) => r.keys.length + 1))));
  return [
    ...sections.flatMap((s) => [
      { text: s.title, title: true },
      ...s.rows.map((r) => ({
        text: `${fit(r.keys, keysWidth)}${r.description}${r.disabled ? ` ${GLYPHS.lock} ${r.disabled}` : ''}`,
        disabled: r.disabled !== null,
      })),
    ]),
    { text: 'What the glyphs say', title: true },
    ...GLYPH_LEGEND.map(([g, meaning]) => ({ text: `${fit(g, keysWidth)}${meaning}` })),
  ];
}

/** The glyphs and arrows of lists, bars and the detail, in words short enough for 80 columns (the README says more). */
export const GLYPH_LEGEND: readonly [string, string][] = [
  ['● ◐ ○', 'score good, decent, bad'],
  [`${GLYPHS.classBar.good} ${GLYPHS.classBar.decent} ${GLYPHS.classBar.bad}`, 'bar: good, decent, bad'],
  ['↑12 ↓5 =', 'change since last run'],
  ['▁▃▆█', 'history, oldest first'],
  [`${GLYPHS.failed} ${GLYPHS.passed}`, 'check failed / passed'],
  ['http://', 'page without HTTPS'],
  ['a.com/…/end', 'URL cut in the middle'],
];

export function HelpOverlay({ width, height, state, page }: { width: number; height: number; state: DeckState; page: number }) {
  const theme = useTheme();
  const readOnly = state.readOnly;
  const lines = helpLines(state);
  const rows = Math.max(1, height - 2);
  // As many columns as fit (at most three); what does not fit is one more screenful away.
  const colCount = Math.max(1, Math.min(3, Math.floor(width / 36), Math.ceil(lines.length / rows)));
  const perPage = rows * colCount;
  const pages = Math.max(1, Math.ceil(lines.length / perPage));
  const at = Math.min(page, pages - 1);
  const shown = lines.slice(at * perPage, (at + 1) * perPage);
  const colWidth = Math.floor((width - 1) / colCount);
  const cols = Array.from({ length: colCount }, (_, i) => shown.slice(i * rows, (i + 1) * rows));
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden">
      <Text bold color={theme.accent} wrap="truncate">
        {' Keys'}
        {pages > 1 ? ` ${at + 1}/${pages} (j/k for more)` : ''}
        {readOnly ? `  ${GLYPHS.lock} read-only: locked actions are refused` : ''}
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
      <Text wrap="truncate" color={theme.muted}>
        {' '}
        {PROMPT_HELP}
      </Text>
    </Box>
  );
}
