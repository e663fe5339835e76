// The chrome slice's effects: a flash goes away after a while (by kind); a newer one restarts the
// clock. A question takes keys once it has been on screen QUESTION_GUARD_MS (question/arm).
import { isQuestion, QUESTION_GUARD_MS, type Question } from '../mode';
import { follow, type StartSliceEffects } from '../sliceEffects';
import type { DeckState } from '../types';

const readingOf = (q: Question): number | undefined => (q.kind === 'confirm-bulk' ? q.reading : undefined);

export const startChromeEffects: StartSliceEffects = ({ store, flashMs }) => {
  let stopped = false;
  let flashTimer: ReturnType<typeof setTimeout> | undefined;
  let flashId = 0;

  let armTimer: ReturnType<typeof setTimeout> | undefined;
  let asked: Question | null = null;

  function arm(state: DeckState) {
    const o = state.overlay;
    const waiting = isQuestion(o) && !o.armed ? o : null;
    // A question whose counts were being read starts its moment again once they are shown.
    if (waiting && asked !== null && readingOf(asked) === readingOf(waiting)) return;
    if (armTimer) clearTimeout(armTimer);
    armTimer = undefined;
    if (!waiting) {
      asked = null;
      return;
    }
    asked = waiting;
    armTimer = setTimeout(() => {
      asked = null;
      store.dispatch({ type: 'question/arm' });
    }, QUESTION_GUARD_MS);
    armTimer.unref?.();
  }

  function onState(state: DeckState) {
    if (stopped) return;
    arm(state);
    const f = state.flash;
    if (stopped || !f || f.id === flashId) return;
    flashId = f.id;
    if (flashTimer) clearTimeout(flashTimer);
    flashTimer = setTimeout(() => store.dispatch({ type: 'flash/clear', id: f.id }), flashMs[f.kind]);
    flashTimer.unref?.();
  }

  return follow(store, onState, () => {
    stopped = true;
    if (flashTimer) clearTimeout(flashTimer);
    if (armTimer) clearTimeout(armTimer);
  });
};
