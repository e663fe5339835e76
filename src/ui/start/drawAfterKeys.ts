// Between the deck's first frame and Ink's first look at the keyboard, the answers that come in
// (the hidden tab's list and totals, its score history) would each draw a full frame, and a key
// typed at the list would be read only after it. For that moment the view hears of the store's
// changes once, together, after Ink has had a whole turn of the event loop's poll to read the keys
// waiting: a key typed then and those answers share one frame.
import type { Store } from '../../state/store';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `store` whose view (its `watch`) is told of changes only once `release` has run, then at once as
 * ever; `release` waits two turns of the event loop (the first may begin after its poll). `tell`
 * tells the view now of what changed so far (keys typed while the first frame was drawn), and
 * holds what changes after it until `release`.
 */
export function drawAfterKeys(store: Store): { store: Store; release: () => Promise<void>; tell: () => void } {
  let held: Set<() => void> | null = new Set();
  const watch = (onChange: () => void) =>
    store.watch(() => {
      if (held) held.add(onChange);
      else onChange();
    });
  const tell = () => {
    const told = held ?? new Set<() => void>();
    if (held) held = new Set();
    for (const onChange of told) onChange();
  };
  const release = async () => {
    await nextTurn();
    await nextTurn();
    tell();
    held = null;
  };
  return { store: { ...store, watch }, release, tell };
}
