// The deck's components read its state through the store (src/ui/hooks/useDeck.ts): a component test
// draws one over a state of its own, in a store that nothing dispatches to.
import type { ReactNode } from 'react';
import { createStore } from '../../src/state/store';
import type { DeckState } from '../../src/state/types';
import { DeckStoreContext } from '../../src/ui/hooks/useDeck';

export function OnState({ state, children }: { state: DeckState; children: ReactNode }) {
  return <DeckStoreContext.Provider value={createStore(state)}>{children}</DeckStoreContext.Provider>;
}
