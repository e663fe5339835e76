// Every yes/no question is one entry of the question table (src/ui/keys/questions.ts): the keys that
// answer it (y, n, Esc, Enter, ←→, Ctrl+C) do what its entry says, for every kind, and nothing
// else in src switches over the kinds.
import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/state/actions';
import { isQuestion, type Overlay, type Question } from '../../src/state/mode';
import { initialState, reducer } from '../../src/state/reducer';
import { openOverlay } from '../../src/state/stack';
import type { DeckState } from '../../src/state/types';
import { findBinding, NO_KEY } from '../../src/ui/keys/keymap';
import { MODE_KINDS, QUESTION_KINDS, SCREEN_KINDS, type OverlayKind, type QuestionKind } from '../../src/keys/modes';
import { questionEntry, QUESTIONS } from '../../src/ui/keys/questions';
import { choosesAnswer } from '../../src/state/chrome/choose';
import { srcLinesMatching } from '../helpers/srcScan';

/** One of each kind, taking keys (armed), with Yes chosen or not. */
function asked(kind: Question['kind'], yes: boolean): Question {
  const armed = { armed: true };
  switch (kind) {
    case 'confirm-delete':
      return { kind, tab: 'websites', id: 1, name: 'a.example.com', yes, ...armed };
    case 'confirm-discard':
      return { kind, then: 'close', ...armed };
    case 'confirm-stop':
      return { kind, ...armed };
    case 'confirm-bulk':
      return { kind, tab: 'reports', verb: 'rerun', ids: [1, 2], question: 'Re-run the analysis of 2 reports?', yes, ...armed };
    case 'confirm-cover':
      return { kind, question: 'Cover a.example.com: create 2 reports?', detail: '3 pages · 1 has a report · 2 to create', yes, ...armed };
  }
}

/** What a key does with `q` open: the action it dispatches (an effect's first dispatch). */
function answer(q: Question, input: string, key: Partial<Key> = {}): Action | null | undefined {
  const state: DeckState = openOverlay(initialState(), q);
  const b = findBinding(state, input, { ...NO_KEY, ...key });
  if (!b) return undefined;
  if (b.disabled?.(state)) return null;
  if (b.does.kind === 'action') return b.does.make(state);
  const sent: Action[] = [];
  b.does.run({
    state,
    store: { dispatch: (a: Action) => sent.push(a), getState: () => state, watch: () => () => {} },
    exit: () => {},
    write: () => {},
  } as never);
  return sent[0] ?? null;
}

/** Whether two unions hold the same members. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

describe('the question kinds agree', () => {
  // Declared in three places today (QUESTION_KINDS, the Overlay union, isQuestion's confirm- prefix):
  // these hold them to one another until the Overlay's kinds are read from the one list.
  it('the overlays are the list of overlay kinds, and the questions its confirm- kinds', () => {
    const overlays: Same<Overlay['kind'], OverlayKind> = true;
    const questions: Same<Extract<Overlay['kind'], `confirm-${string}`>, QuestionKind> = true;
    const asked: Same<Question['kind'], QuestionKind> = true;
    expect([overlays, questions, asked]).toEqual([true, true, true]);
  });

  it('isQuestion says yes to exactly the kinds of QUESTION_KINDS', () => {
    const overlayKinds = MODE_KINDS.filter((k) => !(SCREEN_KINDS as readonly string[]).includes(k));
    for (const kind of overlayKinds) {
      const said = isQuestion({ kind } as Overlay);
      expect(said, kind).toBe((QUESTION_KINDS as readonly string[]).includes(kind));
    }
  });
});

describe('the question table', () => {
  for (const kind of QUESTION_KINDS) {
    it(`${kind}: y is its yes; n, Esc and Ctrl+C its no; Enter the chosen answer; ←→ its toggle when it has one`, () => {
      const e = QUESTIONS[kind];
      const q = asked(kind, false);
      expect(answer(q, 'y')).toEqual(e.yes);
      expect(answer(q, 'n')).toEqual(e.no);
      expect(answer(q, '', { escape: true })).toEqual(e.no);
      expect(answer(q, 'c', { ctrl: true })).toEqual(e.no);
      expect(answer(q, '', { return: true })).toEqual(e.no);
      const toggle = questionEntry(q).toggle;
      if (toggle) {
        expect(answer(q, '', { rightArrow: true })).toEqual(toggle);
        // Yes chosen: Enter answers it.
        expect(answer(asked(kind, true), '', { return: true })).toEqual(e.yes);
      } else {
        expect(answer(q, '', { rightArrow: true })).toBeUndefined();
      }
    });
  }

  it('←→ is one toggle: it flips the chosen answer of every question that offers one, and of no other', () => {
    const offered: string[] = [];
    for (const kind of QUESTION_KINDS) {
      const before = openOverlay(initialState(), asked(kind, false));
      const after = reducer(before, { type: 'question/toggle' });
      const q = asked(kind, false);
      if (!choosesAnswer(q)) {
        expect(after).toBe(before);
        continue;
      }
      offered.push(kind);
      expect(after.overlay).toEqual({ ...q, yes: true });
      expect(reducer(after, { type: 'question/toggle' }).overlay).toEqual({ ...q, yes: false });
      expect(questionEntry(q).toggle).toEqual({ type: 'question/toggle' });
    }
    expect(offered.sort()).toEqual(['confirm-bulk', 'confirm-cover', 'confirm-delete']);
    // No reducer flips a question's answer on its own.
    expect(srcLinesMatching(/yes: !/, { except: (p) => p.endsWith('state/chrome/choose.ts') })).toEqual([]);
  });

  it('no file of src switches over the question kinds but the table', () => {
    const found = srcLinesMatching(/case 'confirm-(delete|discard|stop|bulk)'/, { except: (p) => p.endsWith('ui/keys/questions.ts') });
    expect(found).toEqual([]);
  });
});
