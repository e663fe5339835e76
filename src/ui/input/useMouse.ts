import { useEffect, useRef } from 'react';
import type { Store } from '../../state/store';
import { BRAND } from '../components/Header';
import { tabSpans } from '../components/Tabs';
import { mouseAction, onMouse, type ClickMemory } from './mouse';

/** Turns the mouse events the input guard found into actions, while the deck is mounted. */
export function useMouse(store: Store): void {
  const last = useRef<ClickMemory | null>(null);
  useEffect(
    () =>
      onMouse((ev) => {
        const state = store.getState();
        const geo = { list: state.drawn.list, tabs: tabSpans(state, BRAND.length + 1, state.drawn.compactTabs) };
        const { actions, remember } = mouseAction(state, ev, geo, Date.now(), last.current);
        last.current = remember;
        for (const a of actions) store.dispatch(a);
      }),
    [store],
  );
}
