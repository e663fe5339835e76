// A key pressed on a screen where it means nothing still answers (docs/keys.md: "A refused key
// says why"): a key of this screen that does not apply at this point gives its gate's reason; a key
// bound on another screen says it is not for this one; any other typed key says so and where the
// keys are listed. One function for every screen the deck stacks.
import type { Key } from 'ink';
import type { DeckState } from '../../state/types';
import { BROWSED } from '../../keys/modes';
import { modeOf, topScreen } from '../../state/stack';
import { keyRef } from '../../keys/keyRef';
import { screenName } from '../screens/screenName';
import { KEYMAP, keyMatches, refusal, typedText } from './keymap';

/** The screen shown, in the words a refusal uses. */
const screenWords = (state: DeckState): string => screenName(state, topScreen(state).kind);

/** What the flash says for a key no binding of this screen took (null: say nothing, e.g. while typing). */
export function unboundKey(state: DeckState, input: string, key: Key): string | null {
  // The screens a person browses answer this way (overlays and forms take text or have their own keys).
  const mode = BROWSED.find((k) => k === modeOf(state).kind);
  if (mode === undefined) return null;
  const pressed = (b: (typeof KEYMAP)[number]) => b.keys.find((k) => keyMatches(k, input, key));
  const matching = KEYMAP.filter((b) => pressed(b) !== undefined);
  // A key of this screen whose meaning depends on where you are in it (the Audit view's levels).
  for (const b of matching.filter((x) => x.modes.includes(mode))) {
    const reason = b.disabled?.(state);
    if (reason) return refusal(b, reason, pressed(b));
  }
  const here = matching.find((b) => b.modes.includes(mode));
  if (here) return refusal(here, `nothing to do here in ${screenWords(state)}`, pressed(here));
  // Named by the screen it is best known from: the lists', then the detail's, Projects', the Audit view's.
  const elsewhere = BROWSED.map((m) => matching.find((b) => b.modes.includes(m))).find((b) => b !== undefined);
  if (elsewhere) return refusal(elsewhere, `not in ${screenWords(state)}`, pressed(elsewhere));
  const text = typedText(input, key);
  return text ? `${text.slice(0, 8)}: not a key in ${screenWords(state)} (${keyRef('help.open')} lists the keys)` : null;
}
