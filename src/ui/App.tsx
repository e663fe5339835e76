import { Box, Text } from 'ink';
import { useMemo, useSyncExternalStore } from 'react';
import { resourceDef } from '../domain';
import { isBusy, selectedRecord } from '../state/selectors';
import type { Store } from '../state/store';
import type { DeckState } from '../state/types';
import { ConfirmDialog } from './components/ConfirmDialog';
import { DetailPane } from './components/DetailPane';
import { DistributionBar } from './components/DistributionBar';
import { Footer } from './components/Footer';
import { Form } from './components/Form';
import { Header, type DeckInfo } from './components/Header';
import { HelpOverlay } from './components/HelpOverlay';
import { List } from './components/List';
import { StatusLine } from './components/StatusLine';
import { makeHandlers, type HandlerContext } from './handlers';
import { ThemeContext, makeTheme, type Theme } from './theme';
import { useLayout, type Layout, type Size } from './useLayout';
import { useInputRouter } from './useInputRouter';

export interface AppProps extends Omit<HandlerContext, 'store'> {
  store: Store;
  info: DeckInfo;
  theme?: Theme;
  /** Pins the terminal size (component tests). */
  size?: Partial<Size>;
}

function ListScreen({ state, layout, height }: { state: DeckState; layout: Layout; height: number }) {
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

export function App({ store, info, theme, size, ...ctx }: AppProps) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const layout = useLayout(size);
  const handlers = useMemo(() => makeHandlers({ store, ...ctx }), [store, ctx.exit, ctx.write, ctx.editText]);
  useInputRouter(store, handlers);
  const th = useMemo(() => theme ?? makeTheme(), [theme]);

  const narrowDist = state.tab === 'reports' && layout.columns < 100;
  const bodyRows = layout.bodyRows - (narrowDist ? 1 : 0);
  const mode = state.mode.kind;
  let body;
  if (mode === 'help') body = <HelpOverlay width={layout.columns} height={bodyRows} readOnly={state.readOnly} />;
  else if (state.form && (mode === 'form' || mode === 'confirm-discard')) {
    const ask = mode === 'confirm-discard';
    body = (
      <Box flexDirection="column" height={bodyRows}>
        <Form form={state.form} width={layout.columns} height={bodyRows - (ask ? 4 : 0)} />
        {ask ? <ConfirmDialog question="Discard your unsaved edits?" yes={false} yesLabel="Discard" width={layout.columns} /> : null}
      </Box>
    );
  } else body = <ListScreen state={state} layout={layout} height={bodyRows} />;

  return (
    <ThemeContext.Provider value={th}>
      <Box flexDirection="column" width={layout.columns} height={layout.frameRows} overflowY="hidden">
        <Header state={state} info={info} width={layout.columns} />
        <StatusLine state={state} width={layout.columns} busy={isBusy(state)} />
        {narrowDist ? (
          <Box width={layout.columns} overflowY="hidden">
            <Text wrap="truncate"> </Text>
            <DistributionBar counts={state.distribution.counts} barWidth={8} />
          </Box>
        ) : null}
        {body}
        <Footer state={state} width={layout.columns} />
      </Box>
    </ThemeContext.Provider>
  );
}
