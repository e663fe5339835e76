// The one picker's rules, for every choice the deck offers on the `:` line (`f`'s result classes,
// `Y`'s values to copy, `v`'s saved views, `:theme`, what Tab completes) and a form's choice field:
// it opens on the value in force, ↑/↓ ←/→ move, Home/End go to the ends, typing narrows to the
// values that begin with what was typed (one left: it is taken by Enter), Backspace widens again.

export interface PickerState {
  /** Every value offered. */
  options: readonly string[];
  /** What was typed to narrow them (none: all shown). */
  typed?: string;
  /** The value under the cursor, an index into `narrowed`. */
  picked?: number;
}

/** The values shown: those that begin with what was typed (any case), else those that contain it. */
export function narrowed(p: PickerState): readonly string[] {
  const t = (p.typed ?? '').toLowerCase();
  if (!t) return p.options;
  const starts = p.options.filter((o) => o.toLowerCase().startsWith(t));
  return starts.length ? starts : p.options.filter((o) => o.toLowerCase().includes(t));
}

export type PickMove = { by: number } | { to: 'first' | 'last' };

/** The cursor moved: by a step (wrapping round, as the `:` line's Tab does) or to an end. */
export function movePick(p: PickerState, move: PickMove): number {
  const n = narrowed(p).length;
  if (!n) return 0;
  if ('to' in move) return move.to === 'first' ? 0 : n - 1;
  const from = p.picked ?? (move.by > 0 ? -1 : 0);
  return (((from + move.by) % n) + n) % n;
}

/** Typed one more character, or Backspace (`null`): what it narrows to, or null when nothing matches (the text is the user's own then). */
export function typeInPick(p: PickerState, ch: string | null): PickerState | null {
  const typed =
    ch === null
      ? Array.from(p.typed ?? '')
          .slice(0, -1)
          .join('')
      : `${p.typed ?? ''}${ch}`;
  const next = { options: p.options, typed };
  // Backspace with nothing typed, or a letter no value has: the text is the user's own.
  if (!narrowed(next).length || (ch === null && p.typed === undefined)) return null;
  return { ...next, picked: 0 };
}
