import { Box, Text, type DOMElement } from 'ink';
import { useRef } from 'react';
import { barWidthFor, statusParts } from '../words/statusPlan';
import { useTheme } from '../themes/theme';
import { DistributionBar } from './DistributionBar';
import { Spinner } from './Spinner';
import { useTextCursor } from '../hooks/textCursor';
import { sameWords, useDeck } from '../hooks/useDeck';
import { typingSearch } from '../../state/selectors';

export { planStatus } from '../words/statusPlan';

/** Cached mark, search, filters, sort and direction, per page, page x/y, total, stale mark, spinner, distribution. */
export function StatusLine({ width, busy }: { width: number; busy: boolean }) {
  const theme = useTheme();
  const { plan, gap, cached, search, placeholder, rest, place, stale } = useDeck((s) => statusParts(s, width), sameWords);
  const counts = useDeck((s) => s.distribution.counts);
  const t = { cached, search, place };
  const typing = useDeck(typingSearch);
  const searchShown = search !== null || placeholder;
  const typed = useRef<DOMElement>(null);
  useTextCursor(typed, typing);
  return (
    <Box width={width}>
      {/* Search and filters: only when even they do not fit is anything here cut (at the end). */}
      <Box flexShrink={1} overflowY="hidden" ref={typed}>
        <Text wrap="truncate">
          {' '}
          {/* First on the line, so even a narrow terminal says the rows are not fresh. */}
          {t.cached !== null ? (
            <Text color={theme.warn} inverse>
              {t.cached}
            </Text>
          ) : null}
          {t.cached !== null && searchShown ? gap : null}
          {t.search !== null ? (
            <Text color={theme.accent} inverse={typing}>
              {t.search}
            </Text>
          ) : placeholder ? (
            <Text color={theme.muted}>/ search</Text>
          ) : null}
          {rest.length && (searchShown || t.cached !== null) ? gap : null}
          {rest.join(gap)}
        </Text>
      </Box>
      {/* Where the list is: never cut. */}
      <Box flexShrink={0} flexGrow={1}>
        <Text>
          {gap}
          {place.join(gap)}
          {stale ? <Text color={theme.danger}>{`${gap}stale`}</Text> : null}
        </Text>
      </Box>
      <Box flexShrink={0} marginLeft={1}>
        {busy ? <Spinner /> : <Text> </Text>}
      </Box>
      {plan.dist !== 'none' ? (
        <Box flexShrink={0} marginLeft={2}>
          <DistributionBar counts={counts} barWidth={barWidthFor(width)} words={plan.dist === 'words'} />
          <Text> </Text>
        </Box>
      ) : null}
    </Box>
  );
}
