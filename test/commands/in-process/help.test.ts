// `sitedeck help <command…>` at every level is that command's --help: every command of the tree,
// read from the program itself, and a word that names none said as a typo.
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/commands/exitCodes';
import { defineCommands } from '../../../src/commands/program';
import { rootProgram } from '../../../src/commands/root';
import { runCommand } from '../inProcess';

/** Every command path of the program, groups and their commands ([] is sitedeck itself). */
function paths(cmd: Command, at: string[] = []): string[][] {
  return [at, ...cmd.commands.flatMap((c) => paths(c, [...at, c.name()]))];
}

const program = rootProgram(() => Promise.resolve());
defineCommands(program);

describe('sitedeck help', () => {
  it.each(paths(program).map((p) => [p.join(' ') || '(sitedeck)', p] as const))('help %s is its --help', async (_, path) => {
    const [help, flag] = await Promise.all([runCommand(['help', ...path]), runCommand([...path, '--help'])]);
    expect(help.code, help.stderr).toBe(EXIT.ok);
    expect(help.stdout).toBe(flag.stdout);
    expect(help.stdout).toMatch(new RegExp(`^Usage: sitedeck${path.map((w) => ` ${w}`).join('')} `));
  });

  it('a word that names no command is said as a typo, exit 2', async () => {
    const r = await runCommand(['help', 'websites', 'updat']);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toBe("sitedeck: unknown command 'updat': did you mean 'update'?\n");
  });
});
