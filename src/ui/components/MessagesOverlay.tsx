import { Box, Text } from 'ink';
import { useReportDrawn } from '../layout/useDrawn';
import { sanitize } from '../../text/sanitize';
import { wrapText } from '../../text/wrap';
import type { LoggedMessage } from '../words/messageLog';
import { MESSAGES_KEPT } from '../words/messageLog';
import { useTheme } from '../themes/theme';
import { changeLine, type Change } from '../../state/changes';
import { keyOf } from '../keys/keyWords';

const GLYPH = { success: '✓', error: '✗', info: '·' } as const;
const clock = (at: number) => new Date(at).toTimeString().slice(0, 8);

/** The lines of the message log at `width`: time, a glyph for the kind, the whole text wrapped under itself. */
function messageLines(log: readonly LoggedMessage[], width: number): { text: string; kind: LoggedMessage['kind'] }[] {
  const room = Math.max(10, width - 12);
  // The glyph says the kind: a message that starts with its own ✓ or ✗ does not say it twice.
  return log.flatMap((m) =>
    wrapText(sanitize(m.text).replace(/^[✓✗]\s*/, ''), room).map((part, i) => ({
      text: `${i === 0 ? `${clock(m.at)} ${GLYPH[m.kind]} ` : ' '.repeat(11)}${part}`,
      kind: m.kind,
    })),
  );
}

/** The change log's lines (`:changes`), newest first: time, what, how many, undone or not. */
export function changeLines(log: readonly Change[], words: (text: string) => string = (t) => t): string[] {
  return [...log].reverse().map((c) => sanitize(words(changeLine(c, clock))));
}

export function MessagesOverlay({
  log,
  changes,
  words,
  width,
  height,
  page,
}: {
  log: readonly LoggedMessage[];
  /** Shown instead of the messages (`:changes`). */ changes?: readonly Change[];
  /** Spells the keys the change log names. */ words?: (text: string) => string;
  width: number;
  height: number;
  page: number;
}) {
  const theme = useTheme();
  const lines = changes ? changeLines(changes, words).map((text) => ({ text, kind: 'info' as const })) : messageLines(log, width - 1);
  const rows = Math.max(1, height - 1);
  const pages = Math.max(1, Math.ceil(lines.length / rows));
  const at = Math.min(page, pages - 1);
  // G and PgDn stop at the last page (src/state/chrome/reducer.ts).
  useReportDrawn({ messagePages: pages });
  const shown = lines.slice(at * rows, (at + 1) * rows);
  const title = changes
    ? ` Changes this session, newest first (${keyOf('change.undo')} undoes the latest not undone)`
    : ` Messages, newest first (the last ${MESSAGES_KEPT})`;
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden">
      <Text bold color={theme.accent} wrap="truncate">
        {`${title}${pages > 1 ? ` ${at + 1}/${pages} (${keyOf('messages.next')} for more)` : ''}`}
      </Text>
      {shown.length === 0 ? <Text color={theme.muted}>{changes ? ' No changes yet' : ' No messages yet'}</Text> : null}
      {shown.map((l, i) => (
        <Text key={i} wrap="truncate" color={theme.flash[l.kind]}>
          {' '}
          {l.text}
        </Text>
      ))}
    </Box>
  );
}
