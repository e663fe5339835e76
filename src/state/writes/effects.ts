// The writes slice's effects: each queued write (state.op) is sent exactly once, and its answer
// dispatched, unless the deck has stopped meanwhile.
import { deleteRecord, isGone, rerunReport } from '../../api/writes';
import { errorText, fieldErrorsOf } from '../errorText';
import { undoSteps } from '../changes';
import { follow, type StartSliceEffects } from '../sliceEffects';
import type { DeckState, Operation } from '../types';
import { fieldsOf } from '../../domain';

export const startWritesEffects: StartSliceEffects = ({ client, store }) => {
  let stopped = false;
  let lastOp = 0;
  let lastCheck = 0;

  function runOperation(op: Operation) {
    const dispatch = store.dispatch;
    store.sending();
    if (op.kind === 'save') {
      const rc = client.resource(op.tab);
      const call = op.op === 'create' ? rc.create(op.values) : rc.update(op.id!, op.values);
      call.then(
        (record) => !stopped && dispatch({ type: 'form/saved', seq: op.seq, record, at: Date.now() }),
        (e: unknown) => !stopped && dispatch({ type: 'form/failed', seq: op.seq, message: errorText(e, 'save'), fields: fieldErrorsOf(e) }),
      );
    } else if (op.kind === 'delete') {
      deleteRecord(client.resource(op.tab), op.id).then(
        () => !stopped && dispatch({ type: 'delete/done', seq: op.seq, at: Date.now() }),
        (e: unknown) => !stopped && dispatch({ type: 'delete/failed', seq: op.seq, message: errorText(e, 'delete') }),
      );
    } else {
      rerunReport(client.reports, op.id).then(
        (record) => !stopped && dispatch({ type: 'rerun/done', seq: op.seq, record, at: Date.now() }),
        (e: unknown) => !stopped && dispatch({ type: 'rerun/failed', seq: op.seq, message: errorText(e, 'rerun') }),
      );
    }
  }

  /** u: each record the undo would touch, as the host has it now (null: gone), read once. */
  async function readForUndo(check: { seq: number; change: number }, state: DeckState) {
    const c = state.changes.find((x) => x.seq === check.change);
    if (!c) return;
    const rc = client.resource(c.tab);
    const current: Record<string | number, Readonly<Record<string, unknown>> | null> = {};
    try {
      for (const s of undoSteps(c)) {
        if (s.kind === 'post' || s.id in current) continue;
        try {
          current[s.id] = fieldsOf(await rc.get(s.id));
        } catch (e) {
          if (!isGone(e)) throw e;
          current[s.id] = null;
        }
      }
      if (!stopped) store.dispatch({ type: 'undo/checked', seq: check.seq, current });
    } catch (e) {
      if (!stopped) store.dispatch({ type: 'undo/failed', seq: check.seq, message: errorText(e, 'undo') });
    }
  }

  function onState(state: DeckState) {
    if (stopped) return;
    if (state.undoCheck && state.undoCheck.seq !== lastCheck) {
      lastCheck = state.undoCheck.seq;
      // Runs beside the store; its answer and failure come back as actions (readForUndo catches).
      void readForUndo(state.undoCheck, state);
    }
    if (!state.op || state.op.seq === lastOp) return;
    lastOp = state.op.seq;
    runOperation(state.op);
  }

  return follow(store, onState, () => (stopped = true));
};
