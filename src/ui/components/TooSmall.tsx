import { Box, Text } from 'ink';
import { sizeWords, smallKeyWords } from '../layout/smallTerminal';
import { FrameQuestion } from './FrameQuestion';
import { sameWords, useDeck } from '../hooks/useDeck';

/**
 * In place of the deck when the terminal is below its smallest size: what it needs, each key that
 * acts here with what it does (the keys the router lets through, src/ui/layout/smallTerminal.ts), and a
 * question when one opens (Ctrl+C in an edited form asks), so no key acts unseen.
 */
export function TooSmall({
  columns,
  rows,
  height,
  words,
}: {
  /** The terminal's size. */ columns: number;
  rows: number;
  /** Rows the frame may take (one short of the terminal). */ height: number;
  words: (text: string) => string;
}) {
  const keys = useDeck(smallKeyWords, sameWords);
  const overlay = useDeck((s) => s.overlay);
  return (
    <Box width={columns} height={height} flexDirection="column" alignItems="center" justifyContent="center">
      <Text wrap="truncate">{sizeWords({ columns, rows })}</Text>
      {keys.map((w) => (
        // Wrapped, never cut: a key's words are what it does here.
        <Text key={w} wrap="wrap">
          {w}
        </Text>
      ))}
      <FrameQuestion overlay={overlay} width={columns} words={words} />
    </Box>
  );
}
