import { Box, Text } from 'ink';
import stringWidth from 'string-width';
import type { Flash } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { useTheme } from '../theme';

/** Lines a flash needs at `width` columns: two when it would not fit on one (its advice is at the end). */
export function flashRows(flash: Flash | null, width: number): 1 | 2 {
  return flash && stringWidth(sanitize(flash.text)) + 1 > width ? 2 : 1;
}

/** A success or error that clears itself (the effects layer times it out); a long one wraps to a second line. */
export function FlashLine({ flash, width }: { flash: Flash; width: number }) {
  const theme = useTheme();
  const rows = flashRows(flash, width);
  return (
    <Box width={width} height={rows} overflowY="hidden" paddingLeft={1}>
      <Text wrap={rows === 2 ? 'wrap' : 'truncate'} color={theme.flash[flash.kind]} bold={flash.kind === 'error'}>
        {sanitize(flash.text)}
      </Text>
    </Box>
  );
}
