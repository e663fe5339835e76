// Which build of the program a launch starts from: the deck's one script (dist/deck.cjs, which Node
// compiles faster than it links the deck's ES chunks) or the entry proper's ES chunks, which load
// only what a command needs (the one script would make every command compile the whole program).
// Decided before any option table loads, so by the words' shape alone: both builds are the whole
// program and read argv alike; a wrong guess costs time, never behaviour.

/**
 * Whether `args` (argv after the script) can only open the deck: no help or version asked for and
 * no word that can be a command. A word right after an option without `=` is taken for that
 * option's value (`--profile work`); so `--no-color websites list` goes to the one script too,
 * which runs the command as well, only slower.
 */
export function opensDeckOnly(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--' || a === '-' || a === '-h' || a === '--help' || a === '-V' || a === '--version') return false;
    if (!a.startsWith('-')) return false;
    if (!a.includes('=') && i + 1 < args.length && !args[i + 1].startsWith('-')) i++;
  }
  return true;
}
