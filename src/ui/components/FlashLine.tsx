import { Text } from 'ink';
import type { Flash } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { useTheme } from '../theme';

/** A success or error that clears itself (the effects layer times it out). */
export function FlashLine({ flash }: { flash: Flash }) {
  const theme = useTheme();
  return (
    <Text wrap="truncate" color={theme.flash[flash.kind]} bold={flash.kind === 'error'}>
      {' '}
      {sanitize(flash.text)}
    </Text>
  );
}
