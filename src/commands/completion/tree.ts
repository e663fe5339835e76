// The command tree as completion scripts need it, read from commander's own definitions (the
// commands, options and arguments cli.tsx and program.ts declare): pure, no second list.
import type { Command, Option } from 'commander';
import { hintOf, type ValueHint } from './hints';

export interface OptionNode {
  /** `--per-page`, or `-y` and `--yes`: every spelling the parser accepts. */
  readonly names: readonly string[];
  readonly takesValue: boolean;
  readonly description: string;
  readonly hint?: ValueHint;
}

interface ArgumentNode {
  readonly name: string;
  readonly hint?: ValueHint;
}

export interface CommandNode {
  /** Words from the program to this command: [] for sitedeck itself, ['websites', 'list']. */
  readonly path: readonly string[];
  readonly description: string;
  /** Options declared on this command (its parents' apply too: see effectiveOptions). */
  readonly options: readonly OptionNode[];
  readonly args: readonly ArgumentNode[];
  readonly commands: readonly CommandNode[];
}

function optionNode(o: Option): OptionNode {
  return {
    names: [o.short, o.long].filter((n): n is string => !!n),
    takesValue: o.required || o.optional,
    description: o.description,
    hint: hintOf(o),
  };
}

/** The tree under `cmd` (help options and the `help` command included, hidden ones left out). */
export function completionTree(cmd: Command, path: readonly string[] = []): CommandNode {
  const help = cmd.createHelp();
  return {
    path,
    description: cmd.description(),
    options: help.visibleOptions(cmd).map(optionNode),
    args: cmd.registeredArguments.map((a) => ({ name: a.name(), hint: hintOf(a) })),
    commands: help.visibleCommands(cmd).map((c) => completionTree(c, [...path, c.name()])),
  };
}

/** Every command of the tree, parents before children. */
export function allCommands(node: CommandNode): CommandNode[] {
  return [node, ...node.commands.flatMap(allCommands)];
}

/** Options accepted at `node`: its own and its ancestors' (commander reads a parent's options after a subcommand too). */
export function effectiveOptions(root: CommandNode, node: CommandNode): OptionNode[] {
  const chain: CommandNode[] = [];
  let at: CommandNode | undefined = root;
  for (let i = 0; at; i++) {
    chain.push(at);
    at = i < node.path.length ? at.commands.find((c) => c.path[i] === node.path[i]) : undefined;
  }
  const seen = new Set<string>();
  const out: OptionNode[] = [];
  // The nearest declaration of a name wins (each command has its own --help).
  for (const c of chain.reverse()) {
    for (const o of c.options) {
      if (o.names.some((n) => seen.has(n))) continue;
      o.names.forEach((n) => seen.add(n));
      out.push(o);
    }
  }
  return out;
}
