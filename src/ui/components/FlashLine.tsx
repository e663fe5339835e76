import { Box, Text } from 'ink';
import type { Flash } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { wrapText } from '../../text/wrap';
import { useTheme } from '../themes/theme';

/** Most lines a flash takes from the body: enough for the longest message sitedeck says at 80 columns. */
export const FLASH_MAX_ROWS = 4;

/** The flash's lines at `width` columns (after its one-column margin): wrapped at spaces, its advice at the end kept whole. */
export function flashLines(flash: Flash | null, width: number, words: (text: string) => string = (t) => t): string[] {
  if (!flash) return [''];
  return wrapText(sanitize(words(flash.text)), Math.max(1, width - 1), FLASH_MAX_ROWS);
}

/** Lines a flash needs at `width` columns: as many as it wraps to (at most FLASH_MAX_ROWS). */
export function flashRows(flash: Flash | null, width: number, words?: (text: string) => string): number {
  return flashLines(flash, width, words).length;
}

/** A success or error that clears itself (the effects layer times it out); a long one wraps onto the lines it needs. */
export function FlashLine({ flash, width, words = (t) => t }: { flash: Flash; width: number; words?: (text: string) => string }) {
  const theme = useTheme();
  const lines = flashLines(flash, width, words);
  return (
    <Box width={width} height={lines.length} flexDirection="column" overflowY="hidden" paddingLeft={1}>
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate" color={theme.flash[flash.kind]} bold={flash.kind === 'error'}>
          {line}
        </Text>
      ))}
    </Box>
  );
}
