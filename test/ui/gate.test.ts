// One gate: a key, the `:` command that is its words, and the reducer's own safety refuse for the
// same reason in the same words (state/gate.ts), and nothing else in src words read-only or busy.
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/state/actions';
import { WHY_NOT } from '../../src/state/gate';
import { initialState, reducer } from '../../src/state/reducer';
import { createStore } from '../../src/state/store';
import type { DeckState } from '../../src/state/types';
import { keyWords } from '../../src/ui/keys/keyWords';
import { NO_KEY } from '../../src/ui/keys/keymap';
import { routeKey } from '../../src/ui/input/useInputRouter';
import { pageOf, website } from '../helpers/records';
import { srcLinesMatching } from '../helpers/srcScan';

const run = (s: DeckState, ...actions: Action[]) => actions.reduce(reducer, s);

function deck(state: DeckState) {
  const store = createStore(state);
  const writes: string[] = [];
  const ctx = { store, exit: () => {}, write: (d: string) => void writes.push(d) };
  const press = (input: string, key = NO_KEY) => routeKey(ctx, input, key);
  /** Types a `:` line and runs it. */
  const command = (text: string) => {
    press(':');
    for (const ch of text) press(ch);
    press('', { ...NO_KEY, return: true });
  };
  return { store, writes, press, command, flash: () => keyWords(store.getState().flash?.text ?? '', store.getState()) };
}

const empty = () => run(initialState(), { type: 'list/loaded', tab: 'websites', requestId: 0, page: pageOf([]) });
const loaded = (readOnly = false) => run(initialState({ readOnly }), { type: 'list/loaded', tab: 'websites', requestId: 0, page: pageOf([website(1)]) });

describe('one gate for keys and : commands', () => {
  it(':open and :copy with nothing selected are refused as o and y are, in the same words (they went around the gate)', () => {
    const d = deck(empty());
    d.press('o');
    expect(d.flash()).toBe(`o (open the page or website in the browser): ${WHY_NOT.nothingSelected}`);
    d.command('open');
    expect(d.flash()).toBe(`:open: ${WHY_NOT.nothingSelected}`);
    d.command('copy id');
    expect(d.flash()).toBe(`:copy: ${WHY_NOT.nothingSelected}`);
    expect(d.writes).toEqual([]);
  });

  it('u and :undo in read-only mode: the key and the command give the one reason', () => {
    const d = deck({ ...loaded(), readOnly: true });
    d.press('u');
    expect(d.flash()).toMatch(new RegExp(`^u \\(.*\\): ${WHY_NOT.readOnly}$`));
    d.command('undo');
    expect(d.flash()).toBe(`:undo: ${WHY_NOT.readOnly}`);
  });

  it('busy: a change in flight refuses u by the key, with the one wording', () => {
    const s = { ...loaded(), op: { seq: 99, kind: 'save', tab: 'websites', op: 'update', id: 1, values: {} } } as unknown as DeckState;
    const d = deck(s);
    d.press('u');
    expect(d.flash()).toMatch(new RegExp(`: ${WHY_NOT.busy.replace(/[:]/g, '\\$&')}$`));
  });

  it("the reducers refuse in the gate's words however an action arrives", () => {
    const s = run(loaded(true), { type: 'delete/ask' }, { type: 'question/toggle' }, { type: 'delete/confirm' });
    expect(s.flash?.text).toBe(`${WHY_NOT.readOnly}: nothing was sent`);
  });

  it('no other file of src words a read-only or busy refusal', () => {
    const found = srcLinesMatching(/['"`](?:[^'"`]*\b)?(?:read-only mode|Read-only: nothing|busy: wait|[Ww]ait for the current (?:change|save))/, {
      under: ['state', 'ui'],
      except: (p) => p.endsWith('state/gate.ts'),
    });
    expect(found).toEqual([]);
  });
});
