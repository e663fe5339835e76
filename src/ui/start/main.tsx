import { createClient } from '../../api';
import { profileDatabase } from '../../files/db';
import { isComplete, type ResolvedConfig, type ThemeSetting } from '../../config/types';
import { prepaintLines, prepaintText } from './prepaint';
import { glyphsFor } from '../../text/glyphs';
import { LEAVE_SCREEN, PASTE_OFF } from '../layout/screen';
import type { Store } from '../../state/store';
import { startSession, type MakeClient } from './session';
import { chooseTheme } from '../themes/background';
import { backgroundOfColorFgBg } from '../../terminal/env';
import { drawTheme } from '../themes/palettes';
import { colorDepth } from '../../terminal/env';
import { pickTheme } from '../themes/pick';
import { screenReaderOn } from '../../terminal/env';
import { FIRST_PAGE_WAIT_MS, firstAnswer, paintWhenRows } from './firstAnswer';
import { onEndingSignal } from './signals';
import type { Env } from '../../config/paths';
import type { TerminalIo } from '../../terminal/io';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How the entry hands over to the deck. */
export interface DeckOptions {
  config: ResolvedConfig;
  /** Running on the embedded emulator: the header says DEMO. */
  demo: boolean;
  /** The process's streams, environment and signals, read once by the entry (src/cli.tsx). */
  io: TerminalIo;
}

// pace.shared: the deck spends the same budget as every other sitedeck process on the profile.
const clientMaker =
  (env: Env): MakeClient =>
  (c) =>
    createClient({
      baseUrl: c.baseUrl,
      seoBaseUrl: c.seoBaseUrl,
      apiKey: c.apiKey,
      timeoutMs: c.timeoutMs,
      maxBodyBytes: c.maxBodyBytes,
      maxRetryAfterSec: c.maxWaitSec,
      maxDepth: c.maxDepth,
      pace: { shared: true, database: profileDatabase(env, c.profile) },
    });

/**
 * Opens the deck; resolves with the process exit code. The first list requests leave before the
 * view (Ink, React) is loaded, and a near server's rows are drawn before it is (docs/PERFORMANCE.md,
 * "Launch").
 */
export async function runDeck(opts: DeckOptions): Promise<number> {
  const { io } = opts;
  const makeClient = clientMaker(io.env);
  let prepainted = false;
  // A screen reader gets only Ink's text: no pre-paint, no question to the terminal (src/ui/spoken/mode.ts).
  const spoken = screenReaderOn(opts.config, io.env);
  // The keyboard is the deck's from its start: keys typed before its frame are not echoed over
  // pre-painted rows by the terminal; they wait there, and the first frame is drawn with them
  // applied (src/ui/input/earlyKeys.ts).
  const holdKeys = !spoken && io.stdin.isTTY && typeof io.stdin.setRawMode === 'function';
  if (holdKeys) io.stdin.setRawMode(true);
  // Until the view is up (it takes the signals over), a signal puts the terminal back as it was:
  // raw mode off, the pre-painted screen left, and the deck exits with the signal's code itself.
  const stopEarly = onEndingSignal(io, (code) => {
    stopPaint?.();
    if (holdKeys) io.stdin.setRawMode(false);
    if (prepainted) io.stdout.write(PASTE_OFF + LEAVE_SCREEN);
    io.exit(code);
  });
  // The cached rows go on screen before the first requests are even sent: both take a few milliseconds.
  const warmed = spoken ? undefined : (store: Store) => (prepainted = prepaint(io, store, opts.config.theme ?? 'auto'));
  const session = isComplete(opts.config) ? startSession(opts.config, opts.demo, makeClient, io, { warmed }) : null;
  // Without them, the first page is pre-painted when it arrives before the view is up.
  const stopPaint =
    session && !spoken && !prepainted ? paintWhenRows(session.store, () => (prepainted = prepaint(io, session.store, opts.config.theme ?? 'auto'))) : undefined;
  // The view's files load once the first page is in, or a moment after the requests went out if it
  // is not: a near server's rows are on screen before the view is, a far one's wait for neither.
  // (The single file evaluates an import at once and holds the loop meanwhile: loading the view
  // before the requests were written and answered would hold them too.)
  const view = (session && !prepainted ? firstAnswer(session.store, FIRST_PAGE_WAIT_MS) : nextTurn()).then(() => import('./mount'));
  try {
    // The terminal answers about its background while the view loads (not after: a silent one costs nothing).
    const theme = spoken
      ? drawTheme(chooseTheme(opts.config.theme ?? 'auto', backgroundOfColorFgBg(io.env.COLORFGBG), colorDepth(io.env)))
      : await pickTheme({ setting: opts.config.theme ?? 'auto', env: io.env, stdin: io.stdin, stdout: io.stdout, until: view });
    const { mountDeck } = await view;
    stopPaint?.();
    stopEarly();
    return await mountDeck({ config: opts.config, demo: opts.demo, io, session, makeClient, theme, prepainted });
  } catch (e) {
    stopEarly();
    stopPaint?.();
    if (holdKeys) io.stdin.setRawMode(false);
    session?.effects.stop();
    if (prepainted) io.stdout.write(PASTE_OFF + LEAVE_SCREEN);
    throw e;
  }
}

/**
 * The shown tab's rows (a warm start's cached ones, or a first page that came before the view),
 * drawn while Ink and React load. Returns whether the screen was taken over.
 */
function prepaint(io: TerminalIo, store: Store, setting: ThemeSetting): boolean {
  const out = io.stdout;
  // The theme as far as it is known without asking the terminal (the first frame redraws with the answer).
  const theme = drawTheme(chooseTheme(setting, backgroundOfColorFgBg(io.env.COLORFGBG), colorDepth(io.env)));
  const lines = prepaintLines(store.getState(), { columns: out.columns || 80, rows: out.rows || 24 }, { theme });
  if (!lines) return false;
  out.write(glyphsFor(io.env)(prepaintText(lines)));
  return true;
}
