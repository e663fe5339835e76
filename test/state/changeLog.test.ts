// The session's change log has one append (logChange), used by the single edit, the delete, the
// re-run and the run over marked rows: it adds at the end and leaves the state it was given alone.
import { describe, expect, it } from 'vitest';
import { logChange, type Change } from '../../src/state/changes';

const change = (seq: number): Change => ({
  seq,
  at: null,
  tab: 'websites',
  kind: 'edit',
  what: 'privacy to Public',
  items: [{ id: seq, name: `s${seq}.example.com`, before: { privacy: 1 }, after: { privacy: 0 } }],
  undone: false,
});

describe('logChange', () => {
  it('appends the change last and keeps the rest of the state', () => {
    const state = { changes: [change(1)] as readonly Change[], other: 'kept' };
    const next = logChange(state, change(2));
    expect(next.changes.map((c) => c.seq)).toEqual([1, 2]);
    expect(next.other).toBe('kept');
  });

  it('never changes the log it was given (the previous state stays as it was)', () => {
    const log: readonly Change[] = Object.freeze([change(1)]);
    const state = { changes: log };
    logChange(state, change(2));
    expect(state.changes).toBe(log);
    expect(log).toHaveLength(1);
  });
});
