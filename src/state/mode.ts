// Where the deck is: a stack of screens (the tab's base at the bottom, Esc pops) and at most one
// overlay above it (help, the `:` line, a search being typed, a question). The bottom of src/state
// with tabs.ts: each slice's state imports it, it imports none of them.
import type { BulkAsked, RecordId, WriteValues } from '../domain';
import type { AuditView } from './auditState';
import type { UndoStep } from './changes';
import type { Place, TabName } from './tabs';
import { QUESTION_KINDS, type QuestionKind, type ScreenKind } from '../keys/modes';

/** A tab's stack while another tab is shown: its screens and the list they show (state.tab). */
interface Parked {
  stack: readonly Screen[];
  tab: TabName;
}
export type ParkedStacks = Partial<Record<Place, Parked>>;

/** The screens that hold state of their own beyond their kind. */
type ScreenWithState =
  /** The selected row's detail, in focus. */
  | { kind: 'detail'; scroll: number }
  /** One level of the Audit view: checks, a check's pages, or a page's report; Enter pushes the next. */
  | { kind: 'audit'; audit: AuditView };

/**
 * A screen on the stack, with the state it needs. Its kinds are the one list, SCREEN_KINDS
 * (src/keys/modes.ts): `list` (the current tab's list: the base of tabs 1 and 2, or a project's
 * reports pushed by Enter on Projects), `form` (its fields: state.form), `projects` (the base of tab
 * 3), `cover` (`:cover SOURCE`: state.cover) and those above; a new kind there is a screen here.
 */
export type Screen = ScreenWithState | { kind: Exclude<ScreenKind, ScreenWithState['kind']> };

/**
 * A key that reaches a question within this long of it being asked was typed before anyone could
 * read it (typed ahead, or in the burst that opened it): it is dropped, never taken as an answer.
 * About the shortest time a person needs to see a box appear and press a key because of it.
 */
export const QUESTION_GUARD_MS = 300;

/** A question's state besides what it asks: `armed` once it has been on screen QUESTION_GUARD_MS. */
interface Asked {
  armed?: boolean;
}

/** What is drawn over the top screen and takes the keys until it closes; closing leaves the screen as it was. */
export type Overlay =
  /** A search typed live: the list's (its query), or with `on` the Projects view's filter or the Audit level's. */
  | {
      kind: 'search';
      before: string | undefined;
      on?: 'projects' | 'audit';
      /** ↑ took an earlier search: how many back (1: the latest). */ recall?: number;
      /** Where the cursor stands in the search, in characters; none: at its end. */ cursor?: number;
    }
  /** `ids`: the marked rows, when the delete is of all of them (`name` then says how many). */
  | ({ kind: 'confirm-delete'; tab: TabName; id: RecordId; name: string; yes: boolean; ids?: readonly RecordId[] } & Asked)
  /** Unsaved edits: `then` says what a yes does (close the form). */
  | ({ kind: 'confirm-discard'; then: 'close' } & Asked)
  /** A cover's plan, asked before its first create (No by default): `detail` says the plan's counts. */
  | ({ kind: 'confirm-cover'; question: string; detail: string; yes: boolean } & Asked)
  /** Ctrl+C during a run over marked rows: stop it after the request in flight? The run goes on meanwhile. */
  | ({ kind: 'confirm-stop' } & Asked)
  /** The last messages (`M`), or with `of: 'changes'` the session's change log (`:changes`). */
  | { kind: 'messages'; page: number; of?: 'changes' }
  /** A change to every marked row, asked first (No by default): what, on how many. */
  | ({
      kind: 'confirm-bulk';
      tab: TabName;
      verb: 'rerun' | 'update' | 'undo';
      ids: readonly RecordId[];
      values?: WriteValues;
      /** An undo's change and requests. */ undo?: { change: number; steps: readonly UndoStep[] };
      question: string;
      /** Marked rows already at the target: the run reads them again with the rest, and sends to those that changed since. */
      already?: readonly RecordId[];
      /** Marked rows the host no longer has: a yes unmarks them. */ gone?: readonly RecordId[];
      /** What a yes does beyond the question, on a line of its own: the box is one question wide. */ detail?: string;
      /** An update's counts and where they came from (the host, read just now, or the rows loaded): the run's end is told against them. */
      asked?: BulkAsked;
      /** The marked rows are being read for the counts (the read's seq): a yes waits for them, and the question's moment starts again once they are shown. */
      reading?: number;
      /** ←→ chose Yes (No by default). */ yes?: boolean;
    } & Asked)
  /** `page`: which screenful of the key list is shown (small terminals). */
  | {
      kind: 'help';
      page: number;
      /** Only the keys matching this (their keys or words). */ filter?: string;
      /** The filter is being typed (keys are text). */ typing?: boolean;
      /** Where the cursor stands in the filter; none: at its end. */ cursor?: number;
    }
  /** The `:` line; `options`: what Tab found for its last word, shown until the next key. */
  | {
      kind: 'prompt';
      text: string;
      /** Where the cursor stands in the text, in characters; none: at its end. */ cursor?: number;
      /** The picker (src/state/picker.ts): every word offered, what was typed to narrow them, the one picked (an index into the narrowed words). */
      options?: readonly string[];
      typed?: string;
      picked?: number;
      /** A secret asked for a change to marked rows (`:privacy password`): typed masked, then the change goes on with it. */ secret?: SecretAsk;
    };

/** The secret a change to marked rows still needs, asked once on the `:` line. */
export interface SecretAsk {
  label: string;
  values: WriteValues;
  what: string;
}

/** What takes the keys: the overlay when there is one, else the top screen. */
export type Mode = Screen | Overlay;

export { SCREEN_KINDS, type ScreenKind } from '../keys/modes';

export type Question = Extract<Overlay, { kind: QuestionKind }>;
const QUESTIONS: ReadonlySet<string> = new Set(QUESTION_KINDS);
export const isQuestion = (o: Overlay | null): o is Question => o !== null && QUESTIONS.has(o.kind);
