// The screen-reader deck's hook-up: each state's spoken view goes to the writer after it renders
// (what changed, said once), a text field's key that changed nothing says where the cursor stands,
// and the detail's lines are what j/k step through (nothing is drawn to scroll).
import { useInput } from 'ink';
import { useEffect, useRef } from 'react';
import type { Store } from '../../state/store';
import { textOpFor } from '../keys/keymap';
import { boundaryWords, fieldOf } from './field';
import type { SpokenView } from './view';
import { SpokenWriter } from './writer';

const sameText = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((c, i) => c === b[i]);

/**
 * Speaks `view` (null: the deck is drawn, not spoken) through `write`. Called before the key
 * router: its key listener sees the state before the key.
 */
export function useSpokenWriter(store: Store, view: SpokenView | null, write: (text: string) => void): void {
  const writer = useRef<SpokenWriter | null>(null);
  if (view && !writer.current) writer.current = new SpokenWriter(write);

  useInput(
    (input, key) => {
      const before = fieldOf(store.getState());
      const op = before ? textOpFor(input, key) : null;
      if (!before || !op || op.kind === 'insert') return;
      // After the router has taken the key: a move or deletion that changed nothing is said too.
      setImmediate(() => {
        const after = fieldOf(store.getState());
        if (after?.id === before.id && after.cursor === before.cursor && sameText(after.chars, before.chars))
          writer.current?.say([boundaryWords(after, op.kind === 'move' ? 'move' : 'delete')]);
      });
    },
    { isActive: view !== null },
  );

  useEffect(() => {
    if (view) writer.current?.update(view);
  });

  // The detail is said whole; j/k step through its spoken lines, one a key.
  const lines = view?.scrolled?.of ?? 0;
  useEffect(() => {
    if (lines > 0) store.dispatch({ type: 'view/drawn', drawn: { detail: { maxTop: lines - 1, page: 10 } } });
  }, [store, lines]);
}
