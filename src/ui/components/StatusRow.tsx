import { Box, Text } from 'ink';
import { Spinner } from './Spinner';

/**
 * The header's second line of a view that reads every report (Projects, Audit): where the view is,
 * never cut; the rest, which gives way; the spinner while a read is under way.
 */
export function StatusRow({ place, rest, placeColor, restColor, width, busy }: { place: string; rest: string; placeColor?: string; restColor?: string; width: number; busy: boolean }) {
  return (
    <Box width={width}>
      <Box flexShrink={0}>
        <Text color={placeColor}>{place}</Text>
      </Box>
      <Box flexShrink={1} flexGrow={1} overflowY="hidden">
        <Text wrap="truncate" color={restColor}>
          {rest}
        </Text>
      </Box>
      <Box flexShrink={0} marginLeft={1}>
        {busy ? <Spinner /> : <Text> </Text>}
      </Box>
    </Box>
  );
}
