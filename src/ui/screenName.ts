// A screen of the deck as sentences name it (`the Reports list`, `Projects`): the help's first
// section and a refused key's words say the same.
import { resourceDef } from '../domain';
import type { DeckState } from '../state/types';
import type { ModeKind } from './keymap';

export function screenName(state: DeckState, kind: ModeKind): string {
  switch (kind) {
    case 'list':
      return `the ${resourceDef(state.tab).title} list`;
    case 'detail':
      return 'the detail';
    case 'projects':
      return 'Projects';
    case 'audit':
      return 'the Audit view';
    case 'form':
      return 'the form';
    default:
      return 'this screen';
  }
}
