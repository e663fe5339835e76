// The references generated from the code: what each file should hold now. `npm run docs` writes
// them; test/build/docs.test.ts fails when a committed one differs.
import { version } from '../../package.json';
import { defineCommands } from '../../src/commands/program';
import { rootProgram } from '../../src/commands/root';
import { commandsMarkdown, manPage } from './commands';
import { configurationMarkdown } from './configuration';
import { keysReference } from './keys';

export function generatedDocs(): Record<string, string> {
  const program = rootProgram(async () => {});
  defineCommands(program);
  return {
    'docs/commands.md': commandsMarkdown(program),
    'docs/keys.md': keysReference(),
    'docs/configuration.md': configurationMarkdown(),
    'docs/sitedeck.1': manPage(program, version),
  };
}
