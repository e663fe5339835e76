import type { Drawn, FlashKind } from './state';
import type { TextOp } from '../textEdit';

/** The detail pane, the help, the messages, the `:` line and the flash line. */
export type ChromeAction =
  /** Back to the screen below (src/state/nav.ts). */
  | { type: 'screen/back' }
  /** Esc, by the one navigation rule (src/state/nav.ts): clear what is kept here, else back one screen. */
  | { type: 'screen/escape' }
  | { type: 'detail/open' }
  | { type: 'detail/close' }
  | { type: 'detail/scroll'; delta: number }
  /** The detail pane hidden (the list takes the width) or shown again, for the rest of the session. */
  | { type: 'pane/toggle' }
  | { type: 'help/toggle' }
  | { type: 'help/page'; delta: number }
  /** `/` in help: type a filter (the one kept, to edit); `help/type` and `help/edit` change it. */
  | { type: 'help/find' }
  | { type: 'help/type'; text: string }
  | { type: 'help/edit'; op: TextOp }
  /** Enter: the filter kept, the keys page again. */
  | { type: 'help/keep' }
  /** Esc with a filter: all the keys again (a second Esc closes help). */
  | { type: 'help/clear' }
  /** The last messages the flash line showed, with their times (`:messages`, M). */
  | { type: 'messages/toggle' }
  /** The session's change log (`:changes`), in the messages' overlay. */
  | { type: 'changes/toggle' }
  | { type: 'messages/page'; delta: number }
  | { type: 'prompt/open' }
  | { type: 'prompt/input'; text: string }
  | { type: 'prompt/edit'; op: TextOp }
  | { type: 'prompt/set'; text: string; options?: readonly string[]; picked?: number }
  | { type: 'prompt/close' }
  /** ↓/↑ over the words offered: the last word becomes the next (or previous) one. */
  /** The picker's cursor: by a step (↓/↑, →/←, Tab) or to an end (Home/End). */
  | { type: 'prompt/pick'; delta: number; to?: 'first' | 'last' }
  /** The question on screen has been there QUESTION_GUARD_MS: it takes keys now. */
  | { type: 'question/arm' }
  /** ←→ on a question that offers the choice (chrome/choose.ts): the other button chosen. */
  | { type: 'question/toggle' }
  /** The view drew a frame: what the keys need of it (only what changed). */
  | { type: 'view/drawn'; drawn: Partial<Drawn> }
  | { type: 'flash/show'; kind: FlashKind; text: string }
  | { type: 'flash/clear'; id: number };
