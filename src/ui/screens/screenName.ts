// A screen of the deck as sentences name it (`the Reports list`, `Projects`): the help's first
// section and a refused key's words say the same. Each screen's name is its registry entry's.
import type { ScreenKind } from '../../keys/modes';
import type { DeckState } from '../../state/types';
import { SCREENS } from './registry';

/** `state` names the list (its tab); without one (the keys reference) the lists are named together. */
export function screenName(state: DeckState | null, kind: ScreenKind): string {
  return SCREENS[kind].name(state);
}
