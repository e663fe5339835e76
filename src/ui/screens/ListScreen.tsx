import { Box, Text } from 'ink';
import { resourceDef } from '../../domain';
import { selectedRecord } from '../../state/selectors';
import type { DeckState } from '../../state/types';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DetailPane } from '../components/DetailPane';
import { List } from '../components/List';
import type { Layout } from '../useLayout';

/** The list with its detail pane (beside, below or instead of it) and the delete dialog. */
export function ListScreen({ state, layout, height }: { state: DeckState; layout: Layout; height: number }) {
  const tab = state.tabs[state.tab];
  const record = selectedRecord(state);
  const inDetail = state.mode.kind === 'detail';
  const scroll = state.mode.kind === 'detail' ? state.mode.scroll : 0;
  const confirm = state.mode.kind === 'confirm-delete' ? state.mode : null;
  const dialogRows = confirm ? 4 : 0;
  const h = Math.max(2, height - dialogRows);
  const empty = tab.query.search || tab.query.result || tab.query.project ? 'Nothing matches (Esc clears search and filters)' : `No ${resourceDef(state.tab).title.toLowerCase()} yet (n adds one)`;
  const list = (width: number, rows: number) => (
    <List tab={state.tab} records={tab.data?.items ?? []} cursor={tab.cursor} width={width} height={rows} loading={tab.loading} error={tab.error} emptyText={empty} />
  );
  let body;
  if (layout.sideBySide) {
    body = (
      <Box height={h}>
        {list(layout.listWidth, h)}
        <Box width={1} height={h} flexDirection="column" overflowY="hidden">
          <Text dimColor>{'│\n'.repeat(h).trimEnd()}</Text>
        </Box>
        <Box paddingLeft={1}>
          <DetailPane tab={state.tab} record={record} width={layout.detailWidth - 1} height={h} scroll={scroll} focused={inDetail} />
        </Box>
      </Box>
    );
  } else if (inDetail) {
    body = (
      <Box paddingLeft={1}>
        <DetailPane tab={state.tab} record={record} width={layout.columns - 1} height={h} scroll={scroll} focused />
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
        <DetailPane tab={state.tab} record={record} width={layout.columns} height={below} scroll={0} focused={false} />
      </Box>
    );
  } else body = list(layout.columns, h);
  return (
    <Box flexDirection="column" height={height}>
      {body}
      {confirm ? <ConfirmDialog question={`Delete ${resourceDef(confirm.tab).singular} ${confirm.name}?`} yes={confirm.yes} yesLabel="Delete" width={layout.columns} /> : null}
    </Box>
  );
}
