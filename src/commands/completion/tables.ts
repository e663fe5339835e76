// The lookups every completion script answers from, computed once from the command tree: the
// subcommands of a command, the options it accepts, what an option's value and each positional
// argument complete to. The shell scripts only walk the words typed and consult these.
import { allCommands, effectiveOptions, type CommandNode } from './tree';
import type { ValueHint } from './hints';

/** What a value completes to: words, a path, a profile, or free text (nothing to offer). */
export type ValueSpec =
  | { readonly kind: 'words'; readonly words: readonly string[] }
  | { readonly kind: 'file' }
  | { readonly kind: 'profile' }
  | { readonly kind: 'text' };

export interface Described {
  readonly word: string;
  readonly description: string;
}

export interface OptionValue {
  /** Path of the command that declares it ('' for sitedeck: every command accepts it). */
  readonly at: string;
  /** Every spelling: `-p`, `--per-page`. */
  readonly names: readonly string[];
  readonly spec: ValueSpec;
}

export interface Tables {
  /** Per command path ('' for sitedeck, 'websites list'). */
  readonly commands: ReadonlyMap<string, readonly Described[]>;
  /** The options offered at each path: one spelling each, the long one when there is one. */
  readonly options: ReadonlyMap<string, readonly Described[]>;
  /**
   * Options that take a value, where they are declared (they apply below too), deepest first so
   * that the nearest declaration of a name wins.
   */
  readonly optionValues: readonly OptionValue[];
  /**
   * `path|index|before` → what the positional argument at index (0-based) takes when the argument
   * before it is `before` (`*`: whatever it is); the ones that depend on it first.
   */
  readonly argumentValues: ReadonlyMap<string, ValueSpec>;
}

const spec = (hint: ValueHint | undefined): ValueSpec => (hint === undefined || hint.kind === 'after' ? { kind: 'text' } : hint);
const pathKey = (node: CommandNode): string => node.path.join(' ');

export function completionTables(root: CommandNode): Tables {
  const commands = new Map<string, Described[]>();
  const options = new Map<string, Described[]>();
  const optionValues: OptionValue[] = [];
  const chosen = new Map<string, ValueSpec>();
  const anyBefore = new Map<string, ValueSpec>();
  for (const node of allCommands(root)) {
    const key = pathKey(node);
    commands.set(
      key,
      node.commands.map((c) => ({ word: c.path.at(-1)!, description: c.description })),
    );
    const opts = effectiveOptions(root, node);
    options.set(
      key,
      opts.map((o) => ({ word: o.names.at(-1)!, description: o.description })),
    );
    for (const o of node.options) if (o.takesValue) optionValues.push({ at: key, names: o.names, spec: spec(o.hint) });
    node.args.forEach((a, i) => {
      if (a.hint?.kind === 'after') {
        for (const [before, list] of Object.entries(a.hint.words)) if (list.length) chosen.set(`${key}|${i}|${before}`, { kind: 'words', words: list });
        return;
      }
      const s = spec(a.hint);
      if (s.kind !== 'text') anyBefore.set(`${key}|${i}|*`, s);
    });
  }
  const depth = (v: OptionValue) => (v.at === '' ? 0 : v.at.split(' ').length);
  optionValues.sort((a, b) => depth(b) - depth(a));
  return { commands, options, optionValues, argumentValues: new Map([...chosen, ...anyBefore]) };
}

/**
 * The `path|option` patterns (`*`: any words) an option's declaration matches: at its command and
 * every command below it. Command and option names hold no `*`, so every `*` is a wildcard.
 */
export function optionPatterns(v: OptionValue): string[] {
  return v.names.flatMap((n) => (v.at === '' ? [`*|${n}`] : [`${v.at}|${n}`, `${v.at} *|${n}`]));
}

/** What the scripts carry for a spec in one string: `words: a b c`, `file`, `profile`, `text`. */
export function specText(s: ValueSpec): string {
  return s.kind === 'words' ? `words: ${s.words.join(' ')}` : s.kind;
}
