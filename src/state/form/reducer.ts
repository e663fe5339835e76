// The form slice's reducer: a form opens on a new or the selected record, takes keys, and on
// submit queues one write (state.op) for the writes slice to send, or says why it cannot.
import { resourceDef } from '../../domain';
import { backspace, clearField, cycleChoice, formSubmission, isDirty, moveFieldCursor, moveFocus, openForm, setFieldValue, typeText, withErrors, type FormState } from '../formState';
import { activeTab, selectedRecord } from '../selectors';
import type { SliceReducer } from '../slice';
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

export const formReducer: SliceReducer = (state, action) => {
  switch (action.type) {
    case 'form/new':
      return opened(state, openForm(state.tab, 'create', null));
    case 'form/edit': {
      const record = selectedRecord(state);
      if (!record || activeTab(state).cachedAt !== null) return state;
      return opened(state, openForm(state.tab, 'update', record));
    }
    case 'form/focus':
      return updateForm(state, (f) => moveFocus(f, action.delta));
    case 'form/type':
      return updateForm(state, (f) => typeText(f, action.text));
    case 'form/backspace':
      return updateForm(state, backspace);
    case 'form/cursor':
      return updateForm(state, (f) => moveFieldCursor(f, action.move));
    case 'form/clearField':
      return updateForm(state, clearField);
    case 'form/choice':
      return updateForm(state, (f) => cycleChoice(f, action.dir));
    case 'form/set':
      return updateForm(state, (f) => setFieldValue(f, action.name, action.value));
    case 'form/submit': {
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
        op: { seq: state.nextId, kind: 'save', tab: form.tab, op: form.op, id: form.id ?? undefined, name, values: sub.values, ...(sub.note ? { note: sub.note } : {}) },
        nextId: state.nextId + 1,
      };
    }
    case 'form/cancel':
      if (!state.form) return formClosed(state);
      return isDirty(state.form) ? openOverlay(state, { kind: 'confirm-discard', then: 'close' }) : formClosed(state);
    case 'discard/ask':
      return state.form ? openOverlay(state, { kind: 'confirm-discard', then: action.then }) : state;
    case 'discard/cancel':
      return closeOverlay(state, 'confirm-discard');
    case 'form/discard':
      return formClosed(state);
    default:
      return null;
  }
};
