import { Box, Text } from 'ink';
import { sanitize } from '../../text/sanitize';
import { cut } from '../../text/width';
import { widthOf } from '../../text/wrap';
import { useTheme } from '../themes/theme';
import { keyOf, keysOf } from '../keys/keyWords';
import { giveWay, lastGoFirst } from '../input/giveWay';

/** Widest the dialog gets, border included. */
const DIALOG_WIDTH = 72;
/** Border and padding on each side. */
const FRAME = 4;

/**
 * The question in `room` columns on one line, its question mark kept: a list of names
 * (`3 marked websites (a.com, b.com, c.com, …)?`) gives way first, a name at a time, then the list
 * itself (the count stays); only a question too long without it is cut, before its `?`.
 */
export function fitQuestion(question: string, room: number): string {
  const m = /^(.*) \(([^()]*)\)\?$/.exec(question);
  const names = m ? m[2].split(', ').filter((n) => n !== '…') : [];
  // A list is names with commas, or one name and … (not `(id 42)`).
  const list = m !== null && (names.length > 1 || m[2].endsWith('…'));
  const fewer = list ? [...lastGoFirst(names.slice(0, -1), 1)].map((kept) => `${m[1]} (${kept.join(', ')}, …)?`) : [];
  const fits = giveWay([question, ...fewer, ...(list ? [`${m[1]}?`] : [])], widthOf, room);
  if (fits !== undefined) return fits;
  if (list) return `${cut(m[1], room - 1)}?`;
  return question.endsWith('?') ? `${cut(question.slice(0, -1), room - 1)}?` : cut(question, room);
}

/** The keys that answer, as bound: `y yes · n/Esc no · ←→ choose · Enter`. */
export const answerKeys = (): string =>
  `${keyOf('confirm.yes')} yes · ${keysOf('confirm.no').join('/')} no · ${keysOf('confirm.toggle').slice(0, 2).join('')} choose · ${keyOf('confirm.enter')}`;

/** A yes/no question that names what it is about; No is the default. */
export function ConfirmDialog({
  question,
  detail,
  yes,
  yesLabel,
  width,
  armed = true,
}: {
  question: string;
  /** What a yes does beyond the question, muted on its own line (cut to fit; what changed on the host is said whole in the flash line too). */ detail?: string;
  yes: boolean;
  yesLabel: string;
  width: number;
  /** False for its first moment on screen: keys typed then are dropped. */ armed?: boolean;
}) {
  const theme = useTheme();
  const outer = Math.min(width, DIALOG_WIDTH);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.danger} width={outer} paddingX={1}>
      <Text wrap="truncate" bold>
        {fitQuestion(sanitize(question), outer - FRAME)}
      </Text>
      {detail ? (
        <Text wrap="truncate" color={theme.muted}>
          {cut(sanitize(detail), outer - FRAME)}
        </Text>
      ) : null}
      <Text wrap="truncate">
        <Text inverse={!yes}>{' No '}</Text>
        {'  '}
        <Text inverse={yes} color={theme.danger}>{` ${yesLabel} `}</Text>
        <Text color={theme.muted}>{armed ? `   ${answerKeys()}` : '   (a moment: keys typed now are dropped)'}</Text>
      </Text>
    </Box>
  );
}
