import type { TextOp } from '../textEdit';

/** Opening, editing and leaving a form; its submit queues a write (the writes slice sends it). */
export type FormAction =
  | { type: 'form/new' }
  | { type: 'form/edit' }
  | { type: 'form/focus'; delta: number }
  | { type: 'form/type'; text: string }
  /** An edit of the focused text field at its cursor (a key of the one text field). */
  | { type: 'form/text'; op: TextOp }
  | { type: 'form/choice'; dir: 1 | -1; to?: 'first' | 'last' }
  | { type: 'form/set'; name: string; value: string | number }
  | { type: 'form/submit' }
  | { type: 'form/cancel' }
  | { type: 'form/discard' }
  | { type: 'discard/ask'; then: 'close' }
  | { type: 'discard/cancel' };
