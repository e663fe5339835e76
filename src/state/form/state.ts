// The form slice's state: the form open, if any (its model is src/state/formState.ts).
import type { FormState } from '../formState';

export interface FormSliceState {
  /** The form open, if any: its screen on the stack (`form`) marks where it is drawn. */
  form: FormState | null;
}

export const INITIAL_FORM: FormSliceState = { form: null };
