import { createClient } from '../api';
import { isComplete, type ResolvedConfig } from '../config/types';
import { startSession, type MakeClient } from './session';
import { pickTheme } from './themes/pick';

/** How the entry hands over to the deck. */
export interface DeckOptions {
  config: ResolvedConfig;
  /** Running on the embedded emulator: the header says DEMO. */
  demo: boolean;
}

// pace.shared: the deck spends the same budget as every other sitedeck process on this machine.
const makeClient: MakeClient = (c) =>
  createClient({ baseUrl: c.baseUrl, seoBaseUrl: c.seoBaseUrl, apiKey: c.apiKey, timeoutMs: c.timeoutMs, pace: { shared: true } });

/**
 * Opens the deck; resolves with the process exit code. The first list request leaves before the
 * view (Ink, React) is even loaded, so the two overlap at start-up.
 */
export async function runDeck(opts: DeckOptions): Promise<number> {
  const view = import('./mount'); // its files load while the session starts
  const session = isComplete(opts.config) ? startSession(opts.config, opts.demo, makeClient) : null;
  try {
    // The terminal answers about its background while the view loads.
    const theme = await pickTheme({ setting: opts.config.theme ?? 'auto', env: process.env, stdin: process.stdin, stdout: process.stdout });
    const { mountDeck } = await view;
    return await mountDeck({ config: opts.config, demo: opts.demo, session, makeClient, theme });
  } catch (e) {
    session?.effects.stop();
    throw e;
  }
}
