// ←→ on a question: the other button chosen, one reducer for every question that offers the choice.
// Which those are is read from their state: a question whose overlay carries `yes` (src/state/mode.ts)
// has a chosen answer, No until ←→ chooses Yes; one without (discard, stop) answers No on Enter.
import { isQuestion, type Question } from '../mode';
import { openOverlay } from '../stack';
import type { DeckState } from '../types';

/** The kinds whose state names `yes`, read from the overlays' types. */
type ChoosingKind = { [K in Question['kind']]: 'yes' extends keyof Extract<Question, { kind: K }> ? K : never }[Question['kind']];
type Choosing = Extract<Question, { kind: ChoosingKind }>;

/** Each of them: the type refuses one missing or one whose state has no `yes`. */
const CHOOSING: { readonly [K in ChoosingKind]: true } = { 'confirm-delete': true, 'confirm-cover': true, 'confirm-bulk': true };

/** Whether ←→ chooses on this question. */
export const choosesAnswer = (q: Question): q is Choosing => Object.hasOwn(CHOOSING, q.kind);

/** The open question with its other button chosen; any other state as it is. */
export function questionToggle(state: DeckState): DeckState {
  const o = state.overlay;
  return isQuestion(o) && choosesAnswer(o) ? openOverlay(state, { ...o, yes: !o.yes }) : state;
}
