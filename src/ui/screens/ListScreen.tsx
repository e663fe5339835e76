import { Box, Text } from 'ink';
import { memo, useMemo } from 'react';
import { splitFor } from '../layout/paneWidth';
import { items } from '../../state/selectors';
import type { Screen, TabName, TabState } from '../../state/types';
import { DetailPane } from '../components/DetailPane';
import { List } from '../components/List';
import { sortOf } from '../words/columns';
import type { Layout } from '../layout/useLayout';
import type { RecordId } from '../../domain';
import { emptyWords } from '../spoken/list';

export interface ListScreenProps {
  tab: TabName;
  tabState: TabState;
  /** The top screen when this tab is the one shown (a list or its detail); null for the tab kept hidden. */
  screen: Screen | null;
  layout: Layout;
  height: number;
  /** Ids of the tab's marked rows (the same array until the marks change, so memo holds). */
  marked: readonly RecordId[];
  /** Screen line (1-based) of the list's first row, for the mouse. */
  firstRowLine?: number;
  /** A message's advice in this configuration's words (the same function every render, so memo holds). */
  words?: (text: string) => string;
}

/**
 * One tab's list with its detail pane (beside, below or instead of it).
 * Memoised on the tab's own state: the deck keeps both tabs mounted and shows one, so a switch
 * only flips which is displayed, and keys on one tab never re-render the other.
 */
export const ListScreen = memo(function ListScreen({ tab: tabName, tabState: tab, screen, layout, height, marked, firstRowLine, words }: ListScreenProps) {
  const record = items(tab)[tab.cursor] ?? null;
  const inDetail = screen?.kind === 'detail';
  const scroll = screen?.kind === 'detail' ? screen.scroll : 0;
  const h = Math.max(2, height);
  const empty = emptyWords(tabName, tab.query);
  const list = (width: number, rows: number) => (
    <List
      tab={tabName}
      records={items(tab)}
      cursor={tab.cursor}
      width={width}
      height={rows}
      loading={tab.loading}
      error={tab.error && words ? words(tab.error) : tab.error}
      emptyText={empty}
      search={tab.query.search}
      project={tab.query.project}
      changed={tab.changed}
      marked={marked}
      firstRowLine={screen ? firstRowLine : undefined}
      sortBy={sortOf(tab.query).by}
      sortDir={sortOf(tab.query).dir}
    />
  );
  // Side by side, the pane takes what the page's details need, up to half the screen, the list's columns first (src/ui/layout/paneWidth.ts).
  const page = tab.data?.items;
  const split = useMemo(
    () =>
      page?.length && layout.sideBySide
        ? splitFor(tabName, page, layout.columns, tab.query.project)
        : { listWidth: layout.listWidth, detailWidth: layout.detailWidth },
    [page, layout.sideBySide, layout.columns, layout.listWidth, layout.detailWidth, tabName, tab.query.project],
  );
  let body;
  if (layout.sideBySide) {
    body = (
      <Box height={h}>
        {list(split.listWidth, h)}
        <Box width={1} height={h} flexDirection="column" overflowY="hidden">
          <Text dimColor>{'│\n'.repeat(h).trimEnd()}</Text>
        </Box>
        <Box paddingLeft={1}>
          <DetailPane tab={tabName} record={record} width={split.detailWidth - 1} height={h} scroll={scroll} focused={inDetail} />
        </Box>
      </Box>
    );
  } else if (inDetail) {
    body = (
      <Box paddingLeft={1}>
        <DetailPane tab={tabName} record={record} width={layout.columns - 1} height={h} scroll={scroll} focused />
      </Box>
    );
  } else if (layout.detailBelowRows) {
    const below = layout.detailBelowRows;
    body = (
      <Box flexDirection="column" height={h}>
        {list(layout.columns, h - below - 1)}
        <Text dimColor wrap="truncate">
          {'─'.repeat(layout.columns)}
        </Text>
        <DetailPane tab={tabName} record={record} width={layout.columns} height={below} scroll={0} focused={false} />
      </Box>
    );
  } else body = list(layout.columns, h);
  return (
    <Box flexDirection="column" height={height}>
      {body}
    </Box>
  );
});
