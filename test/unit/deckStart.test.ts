// Which build a launch starts from (src/deckStart.ts): the deck's one script only when argv can
// name no command and asks for no help or version.
import { describe, expect, it } from 'vitest';
import { opensDeckOnly } from '../../src/deckStart';

describe('opensDeckOnly', () => {
  it.each([[[]], [['--profile', 'work']], [['--profile=work', '--demo']], [['--no-color']], [['--theme', 'dark', '--read-only']]])(
    '%j opens the deck only',
    (args) => {
      expect(opensDeckOnly(args)).toBe(true);
    },
  );

  it.each([
    [['websites', 'list']],
    [['--profile', 'work', 'websites', 'list']],
    [['--version']],
    [['-V']],
    [['--help']],
    [['-h']],
    [['--', 'websites']],
    [['-']],
    [['doctor']],
  ])('%j may run a command', (args) => {
    expect(opensDeckOnly(args)).toBe(false);
  });
});
