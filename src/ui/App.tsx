import { Box, Text, useIsScreenReaderEnabled } from 'ink';
import { useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { answerMarks, isBusy } from '../state/selectors';
import type { Store } from '../state/store';
import { TABS, type TabName } from '../state/types';
import { ConfirmDialog } from './components/ConfirmDialog';
import { DistributionBar } from './components/DistributionBar';
import { flashRows } from './components/FlashLine';
import { Footer } from './components/Footer';
import { Form } from './components/Form';
import { Header, type DeckInfo } from './components/Header';
import { HelpOverlay } from './components/HelpOverlay';
import { MessagesOverlay } from './components/MessagesOverlay';
import { logFlash, type LoggedMessage } from './messageLog';
import { ProjectsStatus } from './components/ProjectsStatus';
import { AuditStatus } from './components/AuditStatus';
import { AuditScreen } from './screens/AuditScreen';
import { StatusLine } from './components/StatusLine';
import { useMouse } from './useMouse';
import type { HandlerContext } from './handlers';
import { ThemeContext, makeTheme, type Theme } from './theme';
import { ListScreen } from './screens/ListScreen';
import { ProjectsScreen } from './screens/ProjectsScreen';
import { listRowsByTab } from './layout';
import { useLayout, type Size } from './useLayout';
import { useInputRouter } from './useInputRouter';
import { HistoryContext } from './useHistory';
import { NO_HISTORY, type HistoryStore } from '../history/store';
import { SpokenDeck } from './components/SpokenDeck';
import { spokenDeck } from './spoken/deck';
import { MIN_SIZE } from './minSize';

export interface AppProps extends Omit<HandlerContext, 'store'> {
  store: Store;
  info: DeckInfo;
  theme?: Theme;
  /** Pins the terminal size (component tests). */
  size?: Partial<Size>;
  /** The session's score history (none: no arrows, no trend). */
  history?: HistoryStore;
  /** Draws the pending frame now instead of when Ink's frame throttle allows. */
  renderNow?: () => void;
}

export { MIN_SIZE };

/** What to say instead of the deck when the terminal is smaller than it needs (on one line), else null. */
export function tooSmall(layout: { columns: number; rows: number }): string | null {
  if (layout.columns >= MIN_SIZE.columns && layout.rows >= MIN_SIZE.rows) return null;
  const need = `${MIN_SIZE.columns}×${MIN_SIZE.rows}`;
  const now = `${layout.columns}×${layout.rows}`;
  const long = `sitedeck needs ${need}; this terminal is ${now}. Make it larger (q quits).`;
  return long.length <= layout.columns ? long : `needs ${need} (is ${now}) · q quits`;
}

export function App({ store, info, theme, size, history = NO_HISTORY, renderNow, ...ctx }: AppProps) {
  const state = useSyncExternalStore(store.watch, store.getState);
  // Ink holds a frame back while another was drawn less than a frame's time ago (a spinner tick,
  // say); a frame that shows a server's answer is drawn at once. Ink's commit asked for the frame
  // just before layout effects run.
  const marks = answerMarks(state);
  const shownMarks = useRef(marks);
  useLayoutEffect(() => {
    if (marks.every((m, i) => m === shownMarks.current[i])) return;
    shownMarks.current = marks;
    renderNow?.();
  });
  const layout = useLayout(size);
  // A screen reader gets the deck as linear text (src/ui/spoken): no size is too small for it.
  const spoken = useIsScreenReaderEnabled();
  const small = spoken ? null : tooSmall(layout);
  useInputRouter({ store, ...ctx }, { quitOnly: small !== null });
  useMouse(store);
  // Page sizes follow the screen (unless chosen); the reducer ignores a size it already has.
  const { websites: websiteRows, reports: reportRows } = listRowsByTab(layout);
  useEffect(() => store.dispatch({ type: 'view/rows', rows: { websites: websiteRows, reports: reportRows } }), [store, websiteRows, reportRows]);
  const th = useMemo(() => theme ?? makeTheme(), [theme]);
  // Every flash is kept (with its time) as it is drawn, for `:messages`.
  const messages = useRef<{ log: readonly LoggedMessage[]; lastId: number | null }>({ log: [], lastId: null });
  messages.current = logFlash(messages.current.log, state.flash && info.words ? { ...state.flash, text: info.words(state.flash.text) } : state.flash, messages.current.lastId, Date.now());
  const shown = useRef(new Set<TabName>());
  if (spoken) return <SpokenDeck lines={spokenDeck(state, { now: Date.now(), words: info.words, info, analyses: (id) => history.analyses(id), messages: messages.current.log })} />;

  const mode = state.mode.kind;
  // The Reports distribution is the Reports tab's; the Projects view covers every report.
  // The audit stays drawn under the `:` line and a question about its marked pages.
  const inAudit = state.audit.open && (mode === 'audit' || mode === 'prompt' || mode === 'confirm-bulk' || mode === 'confirm-stop');
  const narrowDist = state.tab === 'reports' && layout.columns < 100 && mode !== 'projects' && !inAudit;
  // A flash too long for one line takes a second one from the body while it shows.
  const footerRows = mode === 'prompt' ? 1 : flashRows(state.flash, layout.columns, info.words);
  const bodyRows = layout.bodyRows - (narrowDist ? 1 : 0) - (footerRows - 1);
  let body;
  if (inAudit) body = <AuditScreen audit={state.audit} projects={state.projects} mode={state.mode} marked={state.marked.reports} width={layout.columns} height={bodyRows} />;
  else if (state.mode.kind === 'projects') body = <ProjectsScreen projects={state.projects} width={layout.columns} height={bodyRows} />;
  else if (state.mode.kind === 'help') body = <HelpOverlay width={layout.columns} height={bodyRows} state={state} page={state.mode.page} />;
  else if (state.mode.kind === 'messages') body = <MessagesOverlay log={messages.current.log} width={layout.columns} height={bodyRows} page={state.mode.page} />;
  else if (state.form && (mode === 'form' || mode === 'confirm-discard')) {
    const ask = mode === 'confirm-discard';
    body = (
      <Box flexDirection="column" height={bodyRows}>
        <Form form={state.form} width={layout.columns} height={bodyRows - (ask ? 4 : 0)} />
        {ask ? <ConfirmDialog question="Discard your unsaved edits? (sitedeck stays open)" yes={false} yesLabel="Discard" width={layout.columns} /> : null}
      </Box>
    );
  } else {
    // Both tabs stay mounted and one is displayed: a tab switch flips two props instead of
    // rebuilding the list, and each tab keeps its rows (and their memoised cells) ready.
    // A tab joins on its first visit, so the first frame draws one list, not two.
    shown.current.add(state.tab);
    body = TABS.filter((t) => shown.current.has(t)).map((t) => (
      <Box key={t} display={t === state.tab ? 'flex' : 'none'} flexDirection="column">
        <ListScreen tab={t} tabState={state.tabs[t]} mode={t === state.tab ? state.mode : null} layout={layout} height={bodyRows} marked={state.marked[t]} firstRowLine={4 + (narrowDist ? 1 : 0)} words={info.words} />
      </Box>
    ));
  }

  if (small !== null) {
    // Too small to draw the deck without overlaps: one centred line until the terminal grows.
    return (
      <Box width={layout.columns} height={layout.frameRows} alignItems="center" justifyContent="center">
        <Text wrap="truncate">{small}</Text>
      </Box>
    );
  }

  return (
    <ThemeContext.Provider value={th}>
      <HistoryContext.Provider value={history}>
        <Box flexDirection="column" width={layout.columns} height={layout.frameRows} overflowY="hidden">
          <Header state={state} info={info} width={layout.columns} />
          {mode === 'projects' ? (
            <ProjectsStatus projects={state.projects} width={layout.columns} busy={isBusy(state)} />
          ) : inAudit ? (
            <AuditStatus audit={state.audit} projects={state.projects} width={layout.columns} busy={isBusy(state) || state.projects.status === 'loading'} />
          ) : (
            <StatusLine state={state} width={layout.columns} busy={isBusy(state)} />
          )}
          {narrowDist ? (
            <Box width={layout.columns} overflowY="hidden">
              <Text wrap="truncate"> </Text>
              <DistributionBar counts={state.distribution.counts} barWidth={8} />
            </Box>
          ) : null}
          {body}
          <Footer state={state} width={layout.columns} words={info.words} />
        </Box>
      </HistoryContext.Provider>
    </ThemeContext.Provider>
  );
}
