// `sitedeck completion bash|zsh|fish`: prints the script for that shell, made from the command
// tree commander parses with (loaded on demand: nothing of it runs unless asked for).
import type { Command } from 'commander';
import { fishScript } from './fish';
import { bashScript, zshScript } from './sh';
import { completionTables } from './tables';
import type { Shell } from './shells';
import { completionTree } from './tree';

const RENDER = { bash: bashScript, zsh: zshScript, fish: fishScript } as const;

/** The completion script of `shell` for the program `cmd` belongs to. */
export function completionScript(shell: Shell, cmd: Command): string {
  let root = cmd;
  while (root.parent) root = root.parent;
  return RENDER[shell](completionTables(completionTree(root)));
}
