// What a shell may offer for the value of an option or an argument, kept on commander's own
// Option and Argument objects, so completion scripts read the same definitions the parser uses.
import type { Argument, Option } from 'commander';

export type ValueHint =
  /** One of these words (from the domain tables, or commander's own `choices`). */
  | { readonly kind: 'words'; readonly words: readonly string[] }
  /** A path on disk. */
  | { readonly kind: 'file' }
  /** A profile of the config file, asked of `sitedeck config profiles` when completing. */
  | { readonly kind: 'profile' }
  /** Words chosen by the argument before it (`config set theme` → the themes): none for a word it does not name. */
  | { readonly kind: 'after'; readonly words: Readonly<Record<string, readonly string[]>> };

const hints = new WeakMap<Option | Argument, ValueHint>();

/** Records what completes the value of `target`; returns `target` for chaining into addOption/addArgument. */
export function withHint<T extends Option | Argument>(target: T, hint: ValueHint | undefined): T {
  if (hint) hints.set(target, hint);
  return target;
}

/** The hint recorded for `target`, else its commander `choices`, else none (free text). */
export function hintOf(target: Option | Argument): ValueHint | undefined {
  const own = hints.get(target);
  if (own) return own;
  return target.argChoices?.length ? { kind: 'words', words: target.argChoices } : undefined;
}

export const words = (list: readonly string[] | undefined): ValueHint | undefined => (list?.length ? { kind: 'words', words: list } : undefined);
