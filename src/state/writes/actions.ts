import type { FieldErrors } from '../../domain';
import type { AnyRecord } from '../tabs';

/** Single writes: the delete dialog, a re-run, and the hosts' answers to each (and to a form's save). */
export type WritesAction =
  | { type: 'form/failed'; seq: number; message: string; fields?: FieldErrors }
  | { type: 'form/saved'; seq: number; record: AnyRecord }
  | { type: 'delete/ask' }
  | { type: 'delete/toggle' }
  | { type: 'delete/confirm' }
  | { type: 'delete/cancel' }
  | { type: 'delete/done'; seq: number }
  | { type: 'delete/failed'; seq: number; message: string }
  | { type: 'rerun/start' }
  | { type: 'rerun/done'; seq: number; record: AnyRecord }
  | { type: 'rerun/failed'; seq: number; message: string };
