import type { FieldErrors } from '../../domain';
import type { AnyRecord } from '../tabs';

/** Single writes: the delete dialog, a re-run, and the hosts' answers to each (and to a form's save). */
export type WritesAction =
  | { type: 'form/failed'; seq: number; message: string; fields?: FieldErrors }
  | { type: 'form/saved'; seq: number; record: AnyRecord; /** When it was answered (the log's time). */ at?: number }
  | { type: 'delete/ask' }
  | { type: 'delete/confirm' }
  | { type: 'delete/cancel' }
  | { type: 'delete/done'; seq: number; at?: number }
  | { type: 'delete/failed'; seq: number; message: string }
  | { type: 'rerun/start' }
  | { type: 'rerun/done'; seq: number; record: AnyRecord; at?: number }
  /** The records of the change u undoes, as the host has them now (null: gone). */
  | { type: 'undo/checked'; seq: number; current: Readonly<Record<string | number, Readonly<Record<string, unknown>> | null>> }
  | { type: 'undo/failed'; seq: number; message: string }
  | { type: 'rerun/failed'; seq: number; message: string };
