import { Box, Text } from 'ink';
import { cut } from '../../text/width';
import { widthOf } from '../../text/wrap';
import { Spinner } from './Spinner';

const SEARCH_LEAD = ' · / ';

/**
 * The header's second line of a view that reads every report (Projects, Audit): where the view is;
 * the search typed there (`search`: its text, with the cursor while typed); the rest; the spinner
 * while a read is under way. Always one line, or the frame outgrows the terminal and the header
 * scrolls off: the rest gives way first, then the search (from its start, so what is being typed
 * stays in view), the place last (at its end).
 */
export function StatusRow({
  place,
  search = '',
  rest,
  placeColor,
  restColor,
  width,
  busy,
}: {
  place: string;
  search?: string;
  rest: string;
  placeColor?: string;
  restColor?: string;
  width: number;
  busy: boolean;
}) {
  const room = Math.max(0, width - 2);
  const placeShown = cut(place, room);
  const searchRoom = room - widthOf(placeShown) - SEARCH_LEAD.length;
  const searchShown = search && searchRoom > 1 ? SEARCH_LEAD + cut(search, searchRoom, 'start') : '';
  return (
    <Box width={width}>
      <Box flexShrink={0}>
        <Text color={placeColor}>{placeShown}</Text>
      </Box>
      {searchShown ? (
        <Box flexShrink={0}>
          <Text>{searchShown}</Text>
        </Box>
      ) : null}
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
