// The form slice's state: the form open, if any (its model is src/state/formState.ts).
import type { FormState } from '../formState';

export interface FormSliceState {
  form: FormState | null;
  /** The detail a form was opened from: saving, cancelling or discarding goes back to it. */
  formFrom?: { kind: 'detail'; scroll: number } | null;
}

export const INITIAL_FORM: FormSliceState = { form: null };
