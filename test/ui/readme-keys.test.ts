import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROMPT_HELP } from '../../src/state/prompt';
import { keysMarkdown } from '../../src/ui/keyHelp';

// The README's key tables are generated from the keymap; `UPDATE_README=1 npx vitest run test/ui/readme-keys.test.ts`
// rewrites them after a keymap change.
const README = resolve(__dirname, '../../README.md');
const START = '<!-- keys:start -->';
const END = '<!-- keys:end -->';

function block(): string {
  return `${START}\n${keysMarkdown()}\n\nCommand line (\`:\`): \`${PROMPT_HELP}\`\n${END}`;
}

describe('README keys', () => {
  it('match the keymap that drives the deck and its ? overlay', () => {
    const text = readFileSync(README, 'utf8');
    const from = text.indexOf(START);
    const to = text.indexOf(END);
    expect(from, 'README has the keys markers').toBeGreaterThan(-1);
    expect(to).toBeGreaterThan(from);
    const current = text.slice(from, to + END.length);
    if (process.env.UPDATE_README === '1' && current !== block()) {
      writeFileSync(README, text.slice(0, from) + block() + text.slice(to + END.length));
      return;
    }
    expect(current, 'run UPDATE_README=1 npx vitest run test/ui/readme-keys.test.ts').toBe(block());
  });

  it('name every key the deck sketch promises', () => {
    const md = keysMarkdown();
    for (const k of ['`↓ j`', '`] PgDn`', '`/`', '`s`', '`S`', '`+ =`', '`f`', '`p`', '`n`', '`e`', '`d`', '`R`', '`r`', '`y`', '`:`', '`?`', '`q`', '`C-s`', '`C-e`']) {
      expect(md).toContain(k);
    }
  });
});
