// The chrome slice's effects: a flash goes away after a while (by kind); a newer one restarts the clock.
import { follow, type StartSliceEffects } from '../sliceEffects';
import type { DeckState } from '../types';

export const startChromeEffects: StartSliceEffects = ({ store, flashMs }) => {
  let stopped = false;
  let flashTimer: ReturnType<typeof setTimeout> | undefined;
  let flashId = 0;

  function onState(state: DeckState) {
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
  });
};
