// The form slice's reducer: a form opens on a new or the selected record, takes keys, and on
// submit queues one write (state.op) for the writes slice to send, or says why it cannot.
import { resourceDef } from '../../domain';
import {
  cycleChoice,
  endChoice,
  formSubmission,
  isDirty,
  editField,
  moveFocus,
  openForm,
  setFieldValue,
  typeText,
  withErrors,
  type FormState,
} from '../formState';
import { activeTab, selectedRecord } from '../selectors';
import { byCase, type ActionOf, type SliceReducer } from '../slice';
import type { DeckState } from '../types';
import { closeOverlay, modeOf, openOverlay, push } from '../stack';
import { flash, formClosed } from '../update';
import { refused, WHY_NOT } from '../gate';

/** The form's screen pushed over the list or detail it was opened from (closing it goes back there). */
const opened = (state: DeckState, form: FormState): DeckState => ({ ...push(state, { kind: 'form' }), form });

function updateForm(state: DeckState, fn: (f: FormState) => FormState): DeckState {
  if (!state.form || modeOf(state).kind !== 'form') return state;
  return { ...state, form: fn(state.form) };
}

function formNew(state: DeckState): DeckState {
  return opened(state, openForm(state.tab, 'create', null));
}

function formEdit(state: DeckState): DeckState {
  const record = selectedRecord(state);
  if (!record || activeTab(state).cachedAt !== null) return state;
  return opened(state, openForm(state.tab, 'update', record));
}

function formFocus(state: DeckState, action: ActionOf<'form/focus'>): DeckState {
  return updateForm(state, (f) => moveFocus(f, action.delta));
}

function formType(state: DeckState, action: ActionOf<'form/type'>): DeckState {
  return updateForm(state, (f) => typeText(f, action.text));
}

function formText(state: DeckState, action: ActionOf<'form/text'>): DeckState {
  return updateForm(state, (f) => editField(f, action.op));
}

function formChoice(state: DeckState, action: ActionOf<'form/choice'>): DeckState {
  return updateForm(state, (f) => (action.to ? endChoice(f, action.to) : cycleChoice(f, action.dir)));
}

function formSet(state: DeckState, action: ActionOf<'form/set'>): DeckState {
  return updateForm(state, (f) => setFieldValue(f, action.name, action.value));
}

function formSubmit(state: DeckState): DeckState {
  const form = state.form;
  if (!form || modeOf(state).kind !== 'form' || form.submitting) return state;
  if (state.readOnly) return refused(state, WHY_NOT.readOnly);
  if (state.op) return refused(state, WHY_NOT.busy);
  const sub = formSubmission(form);
  if (sub.kind === 'invalid') {
    return flash({ ...state, form: withErrors(form, sub.errors) }, 'error', 'Fix the marked fields, then save again', 'form');
  }
  if (sub.kind === 'unchanged') return flash(formClosed(state), 'info', 'Nothing changed');
  const name = form.op === 'create' ? String(sub.values[resourceDef(form.tab).nameField] ?? '') : form.name;
  return {
    ...state,
    form: { ...form, submitting: true, errors: {} },
    op: {
      seq: state.nextId,
      kind: 'save',
      tab: form.tab,
      op: form.op,
      id: form.id ?? undefined,
      name,
      values: sub.values,
      ...(sub.note ? { note: sub.note } : {}),
    },
    nextId: state.nextId + 1,
  };
}

function formCancel(state: DeckState): DeckState {
  if (!state.form) return formClosed(state);
  return isDirty(state.form) ? openOverlay(state, { kind: 'confirm-discard', then: 'close' }) : formClosed(state);
}

function discardAsk(state: DeckState, action: ActionOf<'discard/ask'>): DeckState {
  return state.form ? openOverlay(state, { kind: 'confirm-discard', then: action.then }) : state;
}

function discardCancel(state: DeckState): DeckState {
  return closeOverlay(state, 'confirm-discard');
}

function formDiscard(state: DeckState): DeckState {
  return formClosed(state);
}

/** What each of the slice's actions decides. */
/** What each of the slice's actions decides. */
export const formReducer: SliceReducer = byCase({
  'form/new': formNew,
  'form/edit': formEdit,
  'form/focus': formFocus,
  'form/type': formType,
  'form/text': formText,
  'form/choice': formChoice,
  'form/set': formSet,
  'form/submit': formSubmit,
  'form/cancel': formCancel,
  'discard/ask': discardAsk,
  'discard/cancel': discardCancel,
  'form/discard': formDiscard,
});
