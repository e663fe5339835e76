import type { ResolvedConfig } from '../config/types';

/** How the entry hands over to the deck. */
export interface DeckOptions {
  config: ResolvedConfig;
  /** Running on the embedded emulator: the header says DEMO. */
  demo: boolean;
}

/** Opens the deck; resolves with the process exit code. (Replaced by the deck itself.) */
export async function runDeck(_opts: DeckOptions): Promise<number> {
  process.stderr.write('sitedeck: the deck is not built yet\n');
  return 1;
}
