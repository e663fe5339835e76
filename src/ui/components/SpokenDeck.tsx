import { Box, Text } from 'ink';
import type { SpokenLine } from '../spoken/line';

/**
 * The screen-reader deck: one Text per spoken line, top to bottom, in a column Ink's screen-reader
 * renderer joins with line breaks. A line's state goes to Ink's `aria-state` (said as `(selected) …`).
 * No colour, no border, no spinner: nothing here changes unless what is said does.
 */
export function SpokenDeck({ lines }: { lines: readonly SpokenLine[] }) {
  return (
    <Box flexDirection="column">
      {lines.map((l, i) => (
        <Box key={i} aria-state={l.state}>
          <Text>{l.text}</Text>
        </Box>
      ))}
    </Box>
  );
}
