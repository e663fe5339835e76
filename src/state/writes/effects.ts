// The writes slice's effects: each queued write (state.op) is sent exactly once, and its answer
// dispatched, unless the deck has stopped meanwhile.
import { errorText, fieldErrorsOf } from '../errorText';
import { follow, type StartSliceEffects } from '../sliceEffects';
import type { AnyRecord, DeckState, Operation } from '../types';

export const startWritesEffects: StartSliceEffects = ({ client, store }) => {
  let stopped = false;
  let lastOp = 0;

  function runOperation(op: Operation) {
    const dispatch = store.dispatch;
    store.sending();
    if (op.kind === 'save') {
      const rc = client.resource(op.tab);
      const call = op.op === 'create' ? rc.create(op.values) : rc.update(op.id!, op.values);
      call.then(
        (record) => !stopped && dispatch({ type: 'form/saved', seq: op.seq, record: record as AnyRecord }),
        (e: unknown) => !stopped && dispatch({ type: 'form/failed', seq: op.seq, message: errorText(e, 'save'), fields: fieldErrorsOf(e) }),
      );
    } else if (op.kind === 'delete') {
      client
        .resource(op.tab)
        .delete(op.id)
        .then(
          () => !stopped && dispatch({ type: 'delete/done', seq: op.seq }),
          (e: unknown) => {
            if (stopped) return;
            // Already gone is what the user wanted.
            if ((e as { kind?: string }).kind === 'notFound') dispatch({ type: 'delete/done', seq: op.seq });
            else dispatch({ type: 'delete/failed', seq: op.seq, message: errorText(e, 'delete') });
          },
        );
    } else {
      client.reports.update(op.id, { results: 1 }).then(
        (record) => !stopped && dispatch({ type: 'rerun/done', seq: op.seq, record }),
        (e: unknown) => !stopped && dispatch({ type: 'rerun/failed', seq: op.seq, message: errorText(e, 'rerun') }),
      );
    }
  }

  function onState(state: DeckState) {
    if (stopped || !state.op || state.op.seq === lastOp) return;
    lastOp = state.op.seq;
    runOperation(state.op);
  }

  return follow(store, onState, () => (stopped = true));
};
