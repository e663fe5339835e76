import type { CursorMove } from '../textEdit';

/** Opening, editing and leaving a form; its submit queues a write (the writes slice sends it). */
export type FormAction =
  | { type: 'form/new' }
  | { type: 'form/edit' }
  | { type: 'form/focus'; delta: number }
  | { type: 'form/type'; text: string }
  | { type: 'form/backspace' }
  | { type: 'form/cursor'; move: CursorMove }
  | { type: 'form/clearField' }
  | { type: 'form/choice'; dir: 1 | -1 }
  | { type: 'form/set'; name: string; value: string | number }
  | { type: 'form/submit' }
  | { type: 'form/cancel' }
  | { type: 'form/discard' }
  | { type: 'discard/ask'; then: 'close' }
  | { type: 'discard/cancel' };
