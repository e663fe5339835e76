// A search typed live (the list's, the Projects view's, the Audit level's) is one text field: each
// of the three reducers that keeps its text edits it here, at the cursor the search's overlay holds.
import type { Action } from './actions';
import { openOverlay } from './stack';
import { editOf, editText, oneLine, type TextOp } from './textEdit';
import type { DeckState } from './types';

/** The edit a search action makes: typed or pasted text, or a key of the text field; null for any other action. */
export function searchOp(action: Action): TextOp | null {
  if (action.type === 'search/input') return { kind: 'insert', text: oneLine(action.text, '') };
  return action.type === 'search/edit' ? action.op : null;
}

/**
 * `value` (the search as it is) edited by `op` at the overlay's cursor: `apply` sets the new text
 * as its reducer does, and the overlay keeps where the cursor now stands.
 */
export function editSearch(state: DeckState, value: string, op: TextOp, apply: (state: DeckState, text: string) => DeckState): DeckState {
  const o = state.overlay;
  if (o?.kind !== 'search') return state;
  const next = editText(editOf(value, o.cursor), op);
  const applied = next.value === value ? state : apply(state, next.value);
  const over = applied.overlay?.kind === 'search' ? applied.overlay : o;
  return openOverlay(applied, { ...over, cursor: next.cursor });
}
