// The deck's one navigation rule. Each tab (1 Websites, 2 Reports, 3 Projects) keeps its own stack
// of screens: Enter pushes onto the tab you are in, a tab key shows another tab's stack as it was
// left, and Esc walks back down the stack you are on, one step at a time, never to a screen it has
// already left. NAVIGATION below is the rule in words: docs/deck.md shows it (a test checks).
import { resourceDef } from '../domain';
import type { Screen } from './mode';
import { clearProjectsFilter, projectsOpened, readProjectsOnce } from './projects';
import { remember } from './searchHistory';
import { activeFilters, describeFilters, selectedRecord } from './selectors';
import type { SliceReducer } from './slice';
import { BASE_LIST, closeOverlay, pop, tabShown, topScreen } from './stack';
import { PLACES, type DeckState, type Place, type TabName, type TabState } from './types';
import { cycle, flash, setQuery } from './update';
import { keyRef } from '../keys/keyRef';

/** The rule, row by row, as docs/deck.md's navigation table says it. */
export const NAVIGATION: readonly { keys: string; does: string }[] = [
  { keys: 'Enter', does: 'opens the next screen on the tab you are in (a row’s detail; a project’s reports sit on the Projects tab, over Projects)' },
  { keys: '1 2 3 · Tab S-Tab', does: 'show another tab as you left it: each tab keeps its own screens, search and filters' },
  { keys: 'the key of the tab you are on', does: 'back to that tab’s first screen' },
  { keys: 'Esc, with something drawn over the screen', does: 'closes it (help, the `:` line, a search being typed, a question: No)' },
  { keys: 'Esc, with a search kept on this screen', does: 'clears it and says so (`/` then ↑ brings it back)' },
  { keys: 'Esc, with filters set on this screen', does: 'clears them and says which (a project’s reports keep their project)' },
  { keys: 'Esc, on a screen opened over another', does: 'back to that one, as you left it' },
  { keys: 'Esc, on the tab’s first screen', does: 'says there is nothing to back out of' },
];

/** The tab shown: Projects when its view is the stack's base, else the list's tab. */
const placeOf: (s: DeckState) => Place = tabShown;

const placeTitle = (p: Place): string => (p === 'projects' ? 'Projects' : resourceDef(p).title);

/** The Projects tab's stack with a project's reports on it: they stand in `tabs.reports` while it is shown. */
const holdsProjectList = (stack: readonly Screen[]): boolean => stack[0]?.kind === 'projects' && stack.some((x) => x.kind === 'list');

/** The Reports list shown and the one aside trade places. */
function swapReports(s: DeckState): DeckState {
  return s.aside ? { ...s, tabs: { ...s.tabs, reports: s.aside }, aside: s.tabs.reports } : s;
}

/** A project's reports leave the Projects tab's stack: the Reports tab's own list is back in its place. */
function projectListGone(s: DeckState): DeckState {
  return s.aside ? { ...s, tabs: { ...s.tabs, reports: s.aside }, aside: null } : s;
}

/** A tab's own list (its title's total): the Reports tab's waits aside while a project's reports are shown. */
export function tabList(state: DeckState, t: TabName): TabState {
  return t === 'reports' && state.aside && placeOf(state) === 'projects' ? state.aside : state.tabs[t];
}

/** Back to the screen below (from a project's reports: Projects, the Reports tab's list as it was). */
function back(state: DeckState): DeckState {
  if (state.stack.length <= 1) return state;
  const leaving = topScreen(state);
  const s = pop(state);
  return leaving.kind === 'list' ? projectListGone(s) : s;
}

/** The tab's first screen, everything above it closed. */
export function toBase(state: DeckState): DeckState {
  if (state.stack.length === 1) return state.overlay ? closeOverlay(state) : state;
  const s: DeckState = { ...state, stack: [state.stack[0]], overlay: null };
  return holdsProjectList(state.stack) ? projectListGone(s) : s;
}

/** Shows a tab's stack as it was left, parking the one shown; its own key again goes to its first screen. */
export function switchTo(state: DeckState, place: Place): DeckState {
  const from = placeOf(state);
  if (from === place) return place === 'projects' ? readProjectsOnce(toBase(state)) : toBase(state);
  const { [place]: kept, ...rest } = { ...state.parked, [from]: { stack: state.stack, tab: state.tab } };
  const target = kept ?? (place === 'projects' ? { stack: [{ kind: 'projects' } as const], tab: state.tab } : { stack: [BASE_LIST], tab: place });
  let s: DeckState = holdsProjectList(state.stack) ? swapReports(state) : state;
  s = { ...s, stack: target.stack, tab: target.tab, overlay: null, parked: rest };
  if (holdsProjectList(target.stack)) s = swapReports(s);
  // Projects opened afresh: at the project of the report selected, else at the top (src/state/projects.ts).
  if (place === 'projects' && !kept) s = projectsOpened(s, state.tab === 'reports' && from === 'reports' ? selectedRecord(state) : undefined);
  return place === 'projects' ? readProjectsOnce(s) : s;
}

/** What one Esc does here: the rule's steps, first that applies. */
type EscStep =
  | { kind: 'overlay' }
  | { kind: 'search'; text: string }
  | { kind: 'filters'; filters: ReturnType<typeof activeFilters> }
  | { kind: 'pop' }
  | { kind: 'base'; place: Place };

function escapeStep(s: DeckState): EscStep {
  if (s.overlay) return { kind: 'overlay' };
  const top = topScreen(s);
  if (top.kind === 'projects' && s.projects.filter) return { kind: 'search', text: s.projects.filter };
  if (top.kind === 'list') {
    const { search, ...filters } = activeFilters(s.tabs[s.tab].query);
    if (search) return { kind: 'search', text: search };
    // A project's reports are that project's: their filter is the screen itself, Esc leaves it whole.
    if (s.stack.length > 1) delete filters.project;
    if (Object.keys(filters).length) return { kind: 'filters', filters };
  }
  return s.stack.length > 1 ? { kind: 'pop' } : { kind: 'base', place: placeOf(s) };
}

/**
 * The footer's word for Esc here, by the same rule: `back` where it leaves the screen, `clear` where
 * it clears a kept search or filters, none on a tab's first screen with nothing kept (it only says so).
 */
export function escapeHint(s: DeckState): 'back' | 'clear' | null {
  const { kind } = escapeStep(s);
  return kind === 'pop' ? 'back' : kind === 'search' || kind === 'filters' ? 'clear' : null;
}

/** One Esc, by the rule (an overlay's own Esc key answers it first: a question's No, a search's undo). */
function escape(state: DeckState): DeckState {
  const step = escapeStep(state);
  switch (step.kind) {
    case 'overlay':
      return closeOverlay(state);
    case 'search': {
      const s = { ...state, searches: remember(state.searches, step.text) };
      const cleared = topScreen(state).kind === 'projects' ? clearProjectsFilter(s) : setQuery(s, { search: undefined });
      return flash(cleared, 'info', `Cleared the search "${step.text}" (${keyRef('search.start')} then ${keyRef('search.older')} brings it back)`);
    }
    case 'filters':
      return flash(
        setQuery(state, { result: undefined, ...('project' in step.filters ? { project: undefined } : {}) }),
        'info',
        `Cleared ${describeFilters(step.filters)}`,
      );
    case 'pop':
      return back(state);
    case 'base':
      return flash(state, 'info', `Nothing to back out of: this is the ${placeTitle(step.place)} tab’s first screen`);
  }
}

/** Tabs and Esc: where the deck is, moved only by the rule above. */
export const navReducer: SliceReducer = (state, action) => {
  switch (action.type) {
    case 'tab/select':
      return switchTo(state, action.tab);
    case 'projects/open':
      return switchTo(state, 'projects');
    case 'tab/cycle':
      return switchTo(state, cycle(PLACES, placeOf(state), action.dir));
    case 'screen/escape':
      return escape(state);
    case 'screen/back':
      return back(state);
    case 'searches/kept':
      // Kept before this session: older than what was searched since the deck started.
      return { ...state, searches: state.searches.reduce(remember, action.searches.reduce<readonly string[]>(remember, [])) };
    default:
      return null;
  }
};
