import { Box, Text } from 'ink';
import stringWidth from 'string-width';
import type { Flash } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { useTheme } from '../theme';

/** Lines a flash needs at `width` columns: two when it would not fit on one (its advice is at the end). */
export function flashRows(flash: Flash | null, width: number, words: (text: string) => string = (t) => t): 1 | 2 {
  return flash && stringWidth(sanitize(words(flash.text))) + 1 > width ? 2 : 1;
}

/** A success or error that clears itself (the effects layer times it out); a long one wraps to a second line. */
export function FlashLine({ flash, width, words = (t) => t }: { flash: Flash; width: number; words?: (text: string) => string }) {
  const theme = useTheme();
  const rows = flashRows(flash, width, words);
  return (
    <Box width={width} height={rows} overflowY="hidden" paddingLeft={1}>
      <Text wrap={rows === 2 ? 'wrap' : 'truncate'} color={theme.flash[flash.kind]} bold={flash.kind === 'error'}>
        {sanitize(words(flash.text))}
      </Text>
    </Box>
  );
}
