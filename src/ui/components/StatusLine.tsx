import { Box, Text } from 'ink';
import { ageText } from '../../cache/age';
import { pageInfo } from '../../state/selectors';
import type { DeckState } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { GLYPHS, useTheme } from '../theme';
import { DistributionBar } from './DistributionBar';
import { Spinner } from './Spinner';

/** Cached mark, search, filters, sort and direction, per page, page x/y, total, spinner, stale mark, distribution. */
export function StatusLine({ state, width, busy }: { state: DeckState; width: number; busy: boolean }) {
  const theme = useTheme();
  const tab = state.tabs[state.tab];
  const q = tab.query;
  const typing = state.mode.kind === 'search';
  const { page, lastPage, total } = pageInfo(tab);
  // Tighter spacing when the reports distribution shares a narrower line.
  const gap = width >= 120 ? '   ' : '  ';
  const parts: string[] = [];
  if (q.result) parts.push(`result ${q.result}`);
  if (q.project) parts.push(`project ${sanitize(q.project)}`);
  parts.push(`sort ${q.sort_by ?? 'id'} ${q.sort === 'asc' ? GLYPHS.sortAsc : GLYPHS.sortDesc}`);
  parts.push(`${q.per_page}/page`);
  parts.push(`page ${page}/${lastPage}`);
  if (total !== null) parts.push(`${total} total`);
  return (
    <Box width={width}>
      <Box flexGrow={1} flexShrink={1} overflowY="hidden">
        <Text wrap="truncate">
          {' '}
          {/* First on the line, so even a narrow terminal says the rows are not fresh. Its age is read when drawn (no timer). */}
          {tab.cachedAt !== null ? (
            <Text color={theme.warn} inverse>
              {` cached ${ageText(Date.now() - tab.cachedAt)} `}
            </Text>
          ) : null}
          {tab.cachedAt !== null ? gap : null}
          {q.search || typing ? (
            <Text color={theme.accent} inverse={typing}>
              {`/ ${sanitize(q.search ?? '')}${typing ? '▏' : ''}`}
            </Text>
          ) : (
            <Text color={theme.muted}>/ search</Text>
          )}
          {gap}
          {parts.join(gap)}
          {tab.stale ? <Text color={theme.danger}>{`${gap}stale`}</Text> : null}
        </Text>
      </Box>
      <Box flexShrink={0} marginLeft={1}>
        {busy ? <Spinner /> : <Text> </Text>}
      </Box>
      {state.tab === 'reports' && width >= 100 ? (
        <Box flexShrink={0} marginLeft={2}>
          <DistributionBar counts={state.distribution.counts} barWidth={width >= 130 ? 12 : 6} />
          <Text> </Text>
        </Box>
      ) : null}
    </Box>
  );
}
