// The deck's state: one object, the union of its slices' parts. Each slice declares its part in its
// own state file (list/state.ts, chrome/state.ts, …); this file only puts them together, so the
// slices' types never import the whole they belong to.
import type { ChromeState } from './chrome/state';
import type { CoverState } from './coverState';
import type { FormSliceState } from './form/state';
import type { ListState } from './list/state';
import type { MarksState } from './marks/state';
import type { ProjectsState } from './projectsState';
import type { WritesState } from './writes/state';

export interface DeckState extends ListState, ChromeState, FormSliceState, WritesState, MarksState {
  /** The Projects view: every report folded into one row per project, kept for the session. */
  projects: ProjectsState;
  /** The deck's cover (`:cover SOURCE`): its plan and run. */
  cover: CoverState;
}

export { PLACES, TABS, type AnyRecord, type Place, type TabName } from './tabs';
export type { Screen } from './mode';
export type { Budget, TabState } from './list/state';
export type { Flash, FlashKind } from './chrome/state';
export type { Operation } from './writes/state';
export type { Change } from './changes';
export type { BulkRun } from './marks/state';
