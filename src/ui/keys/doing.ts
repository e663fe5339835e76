// What a key does and when it may: the building blocks every binding is made of (the keymap's and
// the Audit view's), in a file of their own so neither imports the other for them.
import type { Action } from '../../state/actions';
import type { DeckState } from '../../state/types';
import type { BindingId, KEYS } from '../../keys/table';
import type { KeyContext } from './handlers';

/** A reason the key is refused right now, or null when it may act. */
export type Gate = (state: DeckState) => string | null;

export type Does = { kind: 'action'; make: (state: DeckState) => Action | null } | { kind: 'effect'; run: (ctx: KeyContext) => void };

/** A pure action creator: state → Action (or null for nothing). */
export const act = (make: Action | ((state: DeckState) => Action | null)): Does => ({
  kind: 'action',
  make: typeof make === 'function' ? make : () => make,
});

/** A side effect (exit, clipboard, $EDITOR), in handlers.ts. */
export const effect = (run: (ctx: KeyContext) => void): Does => ({ kind: 'effect', run });

interface Doing {
  does: Does;
  disabled?: Gate;
  hint?: (state: DeckState) => string | null;
}
type Rows = typeof KEYS;
/** What each binding does: `when` where the table's row has words for it, and nowhere else. */
export type Behaviours = {
  readonly [Id in BindingId]: Rows[Id] extends { when: string } ? Doing & { when: (state: DeckState) => boolean } : Doing & { when?: never };
};
