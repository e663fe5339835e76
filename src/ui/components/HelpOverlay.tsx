import { Box, Text } from 'ink';
import { COMMAND_HELP } from '../../state/commands';
import { helpSections } from '../keyHelp';
import { fit } from '../text';
import { GLYPHS, useTheme } from '../theme';

interface Line {
  text: string;
  title?: boolean;
  locked?: boolean;
}

/** Help lines straight from the keymap, each binding once per section. */
export function helpLines(readOnly: boolean): Line[] {
  return helpSections(readOnly).flatMap((s) => [
    { text: s.title, title: true },
    ...s.rows.map((r) => ({ text: `${fit(r.keys, 9)}${r.description}${r.locked ? ` ${GLYPHS.lock} locked` : ''}`, locked: r.locked })),
  ]);
}

export function HelpOverlay({ width, height, readOnly, page }: { width: number; height: number; readOnly: boolean; page: number }) {
  const theme = useTheme();
  const lines = helpLines(readOnly);
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
              <Text key={j} wrap="truncate" bold={l.title} color={l.title ? theme.accent : l.locked ? theme.danger : undefined}>
                {' '}
                {l.text}
              </Text>
            ))}
          </Box>
        ))}
      </Box>
      <Text wrap="truncate" color={theme.muted}>
        {' '}
        {COMMAND_HELP}
      </Text>
    </Box>
  );
}
