// The root reducer: it owns no action. It asks each slice in turn; the first that knows the action
// answers. A new slice is one line in SLICES and its part of the initial state. Where the deck is
// (the screen stack and its overlay) moves only through stack.ts, so no slice rewrites another's result.
import { answersReducer } from './list/answers';
import { queryReducer } from './list/query';
import { initialList } from './list/state';
import { chromeReducer } from './chrome/reducer';
import { initialChrome } from './chrome/state';
import { formReducer } from './form/reducer';
import { INITIAL_FORM } from './form/state';
import { marksReducer } from './marks/reducer';
import { INITIAL_MARKS } from './marks/state';
import { auditReducer } from './audit';
import { coverReducer } from './cover';
import { INITIAL_COVER } from './coverState';
import { navReducer } from './nav';
import { projectsReducer } from './projects';
import { INITIAL_PROJECTS } from './projectsState';
import type { SliceReducer } from './slice';
import type { Action } from './actions';
import type { DeckState, TabName } from './types';
import { writesReducer } from './writes/reducer';
import { INITIAL_WRITES } from './writes/state';

export { perPageFor } from './list/state';

export interface InitOptions {
  readOnly?: boolean;
  tab?: TabName;
  /** Rows each list shows: first pages fill them and page sizes follow later resizes. */
  fitRows?: Record<TabName, number>;
  /** Earlier searches of this profile, oldest first (`/` then ↑). */
  searches?: readonly string[];
}

export function initialState(opts: InitOptions = {}): DeckState {
  return {
    ...initialList(opts),
    ...initialChrome(opts),
    ...INITIAL_FORM,
    ...INITIAL_WRITES,
    ...INITIAL_MARKS,
    projects: INITIAL_PROJECTS,
    cover: INITIAL_COVER,
  };
}

const SLICES: readonly SliceReducer[] = [
  navReducer,
  projectsReducer,
  auditReducer,
  coverReducer,
  queryReducer,
  answersReducer,
  chromeReducer,
  formReducer,
  writesReducer,
  marksReducer,
];

export function reducer(state: DeckState, action: Action): DeckState {
  for (const slice of SLICES) {
    const next = slice(state, action, reducer);
    if (next) return next;
  }
  return state;
}
