import { Box, Text, useIsScreenReaderEnabled } from 'ink';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { Drawn } from '../state/chrome/state';
import { DrawnContext } from './layout/useDrawn';
import { topScreen } from '../state/stack';
import { SCREENS } from './screens/registry';
import type { Store } from '../state/store';
import { TABS, type TabName } from '../state/types';
import { DistributionBar } from './components/DistributionBar';
import { flashRows } from './components/FlashLine';
import { Footer } from './components/Footer';
import { Header, type DeckInfo } from './components/Header';
import { HelpOverlay } from './components/HelpOverlay';
import { MessagesOverlay } from './components/MessagesOverlay';
import { logFlash, type LoggedMessage } from './words/messageLog';
import { useMouse } from './input/useMouse';
import type { HandlerContext } from './keys/handlers';
import { ThemeContext, makeTheme, type Theme } from './themes/theme';
import { distributionLine, firstRowLine, listRowsByTab } from './layout/layout';
import { useLayout, type Size } from './layout/useLayout';
import { useInputRouter } from './input/useInputRouter';
import { HistoryContext } from './hooks/useHistory';
import { NO_HISTORY, type HistoryStore } from '../history/store';
import { spokenView } from './spoken/view';
import { useSpokenWriter } from './spoken/useSpokenWriter';
import { isTooSmall } from './layout/smallTerminal';
import { TooSmall } from './components/TooSmall';
import { FrameQuestion, frameQuestionRows } from './components/FrameQuestion';
import { keyWords } from './keys/keyWords';
import { TextCursorScope } from './hooks/textCursor';
import { DeckStoreContext } from './hooks/useDeck';

export interface AppProps extends Omit<HandlerContext, 'store'> {
  store: Store;
  info: DeckInfo;
  theme?: Theme;
  /** Pins the terminal size (component tests). */
  size?: Partial<Size>;
  /** The session's score history (none: no arrows, no trend). */
  history?: HistoryStore;
}

export function App({ store, info, theme, size, history = NO_HISTORY, ...ctx }: AppProps) {
  const state = useSyncExternalStore(store.watch, store.getState);
  const layout = useLayout(size, { pane: state.pane });
  // A screen reader gets the deck as linear text (src/ui/spoken): no size is too small for it.
  const spoken = useIsScreenReaderEnabled();
  const small = !spoken && isTooSmall(layout);
  // Page sizes follow the screen (unless chosen); the reducer ignores a size it already has.
  const { websites: websiteRows, reports: reportRows } = listRowsByTab(layout);
  useEffect(() => store.dispatch({ type: 'view/rows', rows: { websites: websiteRows, reports: reportRows } }), [store, websiteRows, reportRows]);
  const th = useMemo(() => theme ?? makeTheme({}), [theme]);
  // What the keys need of the frame (the detail's window, the audit's rows) comes back as state.
  const reportDrawn = useCallback((drawn: Partial<Drawn>) => store.dispatch({ type: 'view/drawn', drawn }), [store]);
  // Words drawn from the state: keys spelled as the user bound them (a list of keys: those that
  // apply now), settings named by their source. `spell` does not depend on the state, so the
  // lists' memo holds.
  const infoWords = info.words;
  const spell = useMemo(() => (text: string) => (infoWords ? infoWords(keyWords(text)) : keyWords(text)), [infoWords]);
  const words = (text: string) => spell(keyWords(text, state));
  // Every flash is kept (with its time) as it is drawn, for `:messages`.
  const messages = useRef<{ log: readonly LoggedMessage[]; lastId: number | null }>({ log: [], lastId: null });
  messages.current = logFlash(
    messages.current.log,
    state.flash ? { ...state.flash, text: words(state.flash.text) } : state.flash,
    messages.current.lastId,
    Date.now(),
  );
  const shown = useRef(new Set<TabName>());
  // A screen reader is given text appended line by line (src/ui/spoken/writer.ts): Ink draws nothing.
  const said = spoken ? spokenView(state, { now: Date.now(), words, info, analyses: (id) => history.analyses(id), messages: messages.current.log }) : null;
  useSpokenWriter(store, said, ctx.write);
  // After the writer's key listener, which reads the state as it was before each key.
  useInputRouter({ store, ...ctx }, { quitOnly: small, messagesUntilKey: spoken });
  useMouse(store);
  if (spoken) return null;

  // The top screen's entry draws the frame; help and the messages are drawn in its place, the
  // `:` line in the footer, a search in the status line, a question under the screen it asks about.
  const screen = SCREENS[topScreen(state).kind];
  const overlay = state.overlay?.kind;
  const narrowDist = screen.distribution && distributionLine(state.tab, layout.columns) === 'own';
  // A flash too long for one line takes a second one from the body while it shows.
  const footerRows = overlay === 'prompt' ? 1 : flashRows(state.flash, layout.columns, words);
  // A question about marked rows is asked under whatever screen is open.
  const questionRows = frameQuestionRows(state.overlay);
  const bodyRows = layout.bodyRows - (narrowDist ? 1 : 0) - (footerRows - 1) - questionRows;
  if (TABS.includes(state.tab) && (topScreen(state).kind === 'list' || topScreen(state).kind === 'detail')) shown.current.add(state.tab);
  // Each part reads what it uses of the state itself (useDeck, from the store provided below).
  let body;
  if (state.overlay?.kind === 'help') body = <HelpOverlay width={layout.columns} height={bodyRows} page={state.overlay.page} />;
  else if (state.overlay?.kind === 'messages')
    body = (
      <MessagesOverlay
        log={messages.current.log}
        changes={state.overlay.of === 'changes' ? state.changes : undefined}
        words={spell}
        width={layout.columns}
        height={bodyRows}
        page={state.overlay.page}
      />
    );
  else
    body = (
      <screen.body
        layout={layout}
        height={bodyRows}
        shownTabs={shown.current}
        firstRowLine={firstRowLine(state.tab, layout.columns, screen.distribution)}
        words={spell}
      />
    );

  if (small) {
    // Too small to draw the deck without overlaps: what each key does here, and a question if one opens.
    return (
      <DeckStoreContext.Provider value={store}>
        <TooSmall columns={layout.columns} rows={layout.rows} height={layout.frameRows} words={words} />
      </DeckStoreContext.Provider>
    );
  }

  return (
    <DeckStoreContext.Provider value={store}>
      <ThemeContext.Provider value={th}>
        <HistoryContext.Provider value={history}>
          <DrawnContext.Provider value={reportDrawn}>
            <TextCursorScope>
              <Box flexDirection="column" width={layout.columns} height={layout.frameRows} overflowY="hidden">
                <Header info={info} width={layout.columns} />
                <screen.status width={layout.columns} />
                {narrowDist ? (
                  <Box width={layout.columns} overflowY="hidden">
                    <Text wrap="truncate"> </Text>
                    <DistributionBar counts={state.distribution.counts} barWidth={8} />
                  </Box>
                ) : null}
                {body}
                <FrameQuestion overlay={state.overlay} width={layout.columns} words={words} />
                <Footer width={layout.columns} words={words} />
              </Box>
            </TextCursorScope>
          </DrawnContext.Provider>
        </HistoryContext.Provider>
      </ThemeContext.Provider>
    </DeckStoreContext.Provider>
  );
}
