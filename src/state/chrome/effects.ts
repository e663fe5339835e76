// The chrome slice's effects: a flash goes away after a while (by kind: the message_seconds
// setting), or stays for the next key to clear (screen-reader mode), or, a step of work under way,
// until the work's next word replaces it; a newer one restarts the clock.
// A question takes keys once it has been on screen QUESTION_GUARD_MS (question/arm).
import { isQuestion, QUESTION_GUARD_MS, type Question } from '../mode';
import { follow, type EffectsContext, type StartSliceEffects } from '../sliceEffects';
import type { DeckState } from '../types';

/**
 * How long each kind of flash stays: `messageMs` (the message_seconds setting), an error twice as
 * long, as it needs reading and acting on. `untilKey` (screen-reader mode): no timer at all, as a
 * message cleared while it is being heard (or before the reader got to it) is a message lost; the
 * next key clears it (src/ui/input/useInputRouter.ts).
 */
export function messageTimes(messageMs: number, untilKey: boolean): EffectsContext['flashMs'] {
  if (untilKey) return { success: Infinity, info: Infinity, error: Infinity };
  return { success: messageMs, info: messageMs, error: 2 * messageMs };
}

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
    flashTimer = undefined;
    const ms = flashMs[f.kind];
    // A step of work under way (`Updating 12/250`) stays while the work goes on: the run's outcome
    // replaces it. At 80 columns the header gives the run's count to the wait and leaves it here.
    if (!Number.isFinite(ms) || f.about === 'progress') return;
    flashTimer = setTimeout(() => store.dispatch({ type: 'flash/clear', id: f.id }), ms);
    flashTimer.unref?.();
  }

  return follow(store, onState, () => {
    stopped = true;
    if (flashTimer) clearTimeout(flashTimer);
    if (armTimer) clearTimeout(armTimer);
  });
};
