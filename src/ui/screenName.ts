// A screen of the deck as sentences name it (`the Reports list`, `Projects`): the help's first
// section and a refused key's words say the same.
import { resourceDef } from '../domain';
import type { DeckState } from '../state/types';
import type { ModeKind } from './keymap';

/** `state` names the list (its tab); without one (the keys reference) the lists are named together. */
export function screenName(state: DeckState | null, kind: ModeKind): string {
  switch (kind) {
    case 'list':
      return state ? `the ${resourceDef(state.tab).title} list` : 'the lists';
    case 'detail':
      return 'the detail';
    case 'projects':
      return 'Projects';
    case 'audit':
      return 'the Audit view';
    case 'form':
      return 'the form';
    case 'cover':
      return 'the cover';
    default:
      return 'this screen';
  }
}
