import { Box, Text, type DOMElement } from 'ink';
import { useRef } from 'react';
import { cut } from '../../text/width';
import { widthOf } from '../../text/wrap';
import { Spinner } from './Spinner';
import { useTextCursor } from '../hooks/textCursor';

const SEARCH_LEAD = ' · / ';

/**
 * The header's second line of a view that reads every report (Projects, Audit): where the view is;
 * the search typed there (`search`: its text, with the cursor while typed); the rest; the spinner
 * while a read is under way. Always one line, or the frame outgrows the terminal and the header
 * scrolls off: the rest gives way first, then the search (from its start, so what is being typed
 * stays in view), the place last (at its end). While the search is typed (`typing`) the terminal's
 * cursor stands on its bar.
 */
export function StatusRow({
  place,
  search = '',
  typing = false,
  rest,
  placeColor,
  restColor,
  width,
  busy,
}: {
  place: string;
  search?: string;
  typing?: boolean;
  rest: string;
  placeColor?: string;
  restColor?: string;
  width: number;
  busy: boolean;
}) {
  const searchBox = useRef<DOMElement>(null);
  useTextCursor(searchBox, typing);
  const room = Math.max(0, width - 2);
  const placeShown = cut(place, room);
  const searchRoom = room - widthOf(placeShown) - SEARCH_LEAD.length;
  const searchShown = search && searchRoom > 1 ? SEARCH_LEAD + cut(search, searchRoom, 'start') : '';
  return (
    <Box width={width}>
      {/* The place and the search in one text: the bar's cell is found in what is drawn now, however the place changed. */}
      <Box flexShrink={0} ref={searchBox}>
        <Text>
          <Text color={placeColor}>{placeShown}</Text>
          {searchShown}
        </Text>
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
