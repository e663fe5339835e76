import chalk from 'chalk';
import { render, useApp, type SuspendTerminal } from 'ink';
import { readConfigKeys } from '../../config/file';
import type { ResolvedConfig } from '../../config/types';
import { copyToClipboard } from '../outside/clipboard';
import { openInEditor } from '../outside/editor';
import { tuneHeapForDeck } from './heap';
import { guardStdin } from '../input/keyGuard';
import { inkInputs, readBuffered, readTyped } from '../input/earlyKeys';
import type { HandlerContext } from '../keys/handlers';
import { isTooSmall } from '../layout/smallTerminal';
import { drawAfterKeys } from './drawAfterKeys';
import { firstAnswer, nothingYet, pageWaitMs } from './firstAnswer';
import { holdFirstFrame, type Applied, type FrameHold } from './holdFirstFrame';
import { pendingInput } from '../../files/pendingInput';
import { testPause } from '../../files/testPause';
import { routeInput, routePaste, type RouterMemory } from '../input/useInputRouter';
import { applyKeyConfig, readKeyConfig } from '../keys/keyConfig';
import { Root, type RootProps } from '../Root';
import type { MakeClient, Session } from './session';
import { checkAndSaveIn } from '../outside/setupCheck';
import { openInBrowser } from '../outside/browser';
import type { TerminalIo } from '../../terminal/io';
import type { Theme } from '../themes/theme';
import { loadTmuxBuffer } from '../outside/tmuxBuffer';
import { glyphsFor } from '../../text/glyphs';
import { setFrameGlyphs } from '../ink/frameGlyphs';

import { screenWrites } from '../spoken/mode';
import { colorDepth, screenReaderOn, type ColorDepth } from '../../terminal/env';
import { onEndingSignal } from './signals';

/** Chalk's level (Ink's colours) for each depth the theme draws at. */
const INK_LEVEL: Readonly<Record<ColorDepth, 1 | 2 | 3>> = { none: 1, '16': 1, '256': 2, truecolor: 3 };

/** The config file's `keys`, applied to the keymap; returns what was left out, and why. */
function loadUserKeys(path: string): string[] {
  let file: ReturnType<typeof readConfigKeys>;
  try {
    file = readConfigKeys(path);
  } catch (e) {
    // Refused when the profile loaded, unless the deck reads none (--demo): said, the defaults kept.
    return [(e as Error).message];
  }
  if (file === undefined) return []; // no file: the defaults
  const { keys, errors } = readKeyConfig(file.keys, file.text, path);
  applyKeyConfig(keys);
  return errors;
}

/** The deck's root with the `$EDITOR` hand-off going through Ink's `suspendTerminal` (only `useApp` offers it). */
function DeckRoot({
  io,
  editorScreen,
  gotSuspend,
  ...props
}: Omit<RootProps, 'editText' | 'io'> & {
  io: TerminalIo;
  /** Leave and retake the alternate screen around the editor (not in screen-reader mode). */ editorScreen: boolean;
  /** Given Ink's `suspendTerminal` (a key typed before the first frame may open the editor). */
  gotSuspend: (suspend: SuspendTerminal) => void;
}) {
  const { suspendTerminal } = useApp();
  gotSuspend(suspendTerminal);
  return <Root {...props} io={io} editText={(text) => openInEditor(text, suspendTerminal, io, { screen: editorScreen })} />;
}

export interface MountOptions {
  config: ResolvedConfig;
  demo: boolean;
  /** The process's streams, environment and signals (src/terminal/io.ts). */
  io: TerminalIo;
  session: Session | null;
  makeClient: MakeClient;
  theme?: Theme;
  /** The screen was taken over already, with the cached rows drawn (src/ui/start/prepaint.ts). */
  prepainted?: boolean;
}

/** Renders the deck and owns its end: q, Ctrl+C and signals all come through `exit`. */
export function mountDeck(opts: MountOptions): Promise<number> {
  const { io } = opts;
  const { stdout, stdin } = io;
  guardStdin(stdin);
  const keyErrors = loadUserKeys(opts.config.configPath);
  // Said at start in one flash (a second would replace the first): the key in the clear, then the keys file.
  const notices = [...(opts.config.plainHttp ?? [])];
  if (keyErrors.length) {
    const more = keyErrors.length > 1 ? ` (+${keyErrors.length - 1} more: sitedeck config keys)` : '';
    notices.push(`${keyErrors[0]}${more}; its defaults stay`);
  }
  if (notices.length) opts.session?.store.dispatch({ type: 'flash/show', kind: 'error', text: notices.join(' · ') });
  // Ink's colour library picks its depth from the terminal and argv on its own (no styles at all for
  // --no-color); the list's rows carry the theme's escapes themselves (src/ui/words/rowLine.ts). One
  // depth on screen: the theme's. Without colour, level 1 keeps bold and inverse, which carry the states then.
  if (stdout.isTTY) chalk.level = INK_LEVEL[opts.theme?.depth ?? colorDepth(io.env)];
  const screenReader = screenReaderOn(opts.config, io.env);
  const writes = screenWrites({ screenReader, mouse: opts.config.mouse !== false && Boolean(stdout.isTTY), prepainted: opts.prepainted === true });
  return new Promise<number>((resolve) => {
    let done = false;
    let instance: ReturnType<typeof render> | undefined;
    let hold: FrameHold | undefined;
    let stopListening = () => {};
    /** Ends the deck with `code`; `word` goes to stderr once the screen is given back (said after it). */
    const exit = (code: number, word?: string) => {
      if (done) return;
      done = true;
      // Removed after this tick: a signal-exit listener (Ink's cursor restore) re-raises the signal
      // when it finds itself alone, which would kill the process before the exit code is set.
      setImmediate(() => stopListening());
      try {
        instance?.unmount();
      } finally {
        hold?.release();
        if (stdin.isTTY) stdin.setRawMode?.(false);
        stdin.pause();
        // The keyboard no longer holds the process open: Ink lets go of it so as it unmounts, and a
        // key typed before Ink was up (q) ends the deck with the stream still reading.
        stdin.unref?.();
        stdout.write(writes.leave);
        if (word) io.stderr.write(word);
        resolve(code);
      }
    };
    stopListening = onEndingSignal(io, exit);
    // $EDITOR goes through Ink's suspendTerminal: asked for by a key typed before the first frame, it opens once Ink is up.
    let gotSuspend: (suspend: SuspendTerminal) => void = () => {};
    const suspended = new Promise<SuspendTerminal>((resolveSuspend) => (gotSuspend = resolveSuspend));
    const editText = (text: string) => suspended.then((suspend) => openInEditor(text, suspend, io, { screen: !screenReader }));
    const write = (data: string) => stdout.write(data);
    const copy = (text: string) => copyToClipboard(text, io.env, { write, loadTmuxBuffer });
    const open = (href: string, failed: (why: string) => void) => openInBrowser(href, failed, io);
    const mount = (drawn = opts.session) => {
      // After a pre-paint the first frame draws over it from the top, without a blank in between;
      // mouse reports (wheel, clicks): Shift+drag still selects text in most terminals. Neither in
      // screen-reader mode, where Ink's text output is all that is written.
      stdout.write(writes.enter);
      // The frame's glyphs in ASCII where the locale cannot encode UTF-8 (LANG=C): never the bytes it would show wrong.
      setFrameGlyphs(glyphsFor(io.env));
      instance = render(
        <DeckRoot
          config={opts.config}
          demo={opts.demo}
          session={drawn}
          makeClient={opts.makeClient}
          theme={opts.theme}
          io={io}
          check={checkAndSaveIn(io.env)}
          exit={exit}
          write={write}
          copy={copy}
          open={open}
          editorScreen={!screenReader}
          gotSuspend={gotSuspend}
        />,
        {
          // The first frame waits there while keys typed as it was drawn are applied; over a pre-paint it blanks the screen first.
          ...(hold ? { stdout: hold.stream, onRender: hold.framed } : {}),
          exitOnCtrlC: false, // q, Ctrl+C and signals all end through `exit`
          patchConsole: true,
          // What the frame composer (src/ui/ink/frameOutput.ts, in place of Ink's output module)
          // relies on, stated rather than left to Ink's defaults: the legacy React root renders each
          // update synchronously, at most maxFps frames a second; every frame is composed whole and
          // written whole, replacing the last (Ink's incremental mode left stale lines on screen here,
          // scrolling the detail pane; debug mode appends frames). In screen-reader mode Ink draws
          // nothing (App renders null): the spoken writer appends what changed through `write`
          // (src/ui/spoken/writer.ts), never moving over or erasing what was said.
          // A frame held back by the throttle waits at most 1000 / maxFps ms: an answer's frame on a
          // 300 ms link still comes within one round trip and a frame (docs/PERFORMANCE.md).
          isScreenReaderEnabled: screenReader,
          concurrent: false,
          maxFps: 60,
          incrementalRendering: false,
          // The deck runs only on a terminal (checked before it mounts): a CI variable left in a shell
          // must not turn it into Ink's non-interactive mode, which draws only the last frame.
          interactive: true,
          debug: false,
        },
      );
      // After the first frame: start-up allocates the most and should not pay for the small heap.
      setImmediate(() => tuneHeapForDeck(io));
    };
    // Keys typed since the terminal became the deck's (the pre-paint's raw mode) are applied before
    // the first frame is rendered, so it shows them (src/ui/input/earlyKeys.ts). A screen reader's deck,
    // the setup screen and the too-small notice (few keys act there) read them as Ink reads them.
    const session = opts.session;
    const early = session && !screenReader && stdin.isTTY && !isTooSmall({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
    const overPrepaint = opts.prepainted === true;
    if (!early) {
      hold = overPrepaint ? holdFirstFrame(stdout, { pending: null, overPrepaint }) : undefined;
      mount();
      hold?.start();
    } else {
      // The terminal's own queue, when stdin is one (a test's stream is not): read at once, with
      // what waits in the stream, the frame is rendered without waiting for the event loop's poll.
      const fd = (stdin as { fd?: unknown }).fd;
      const queue = typeof fd === 'number' ? pendingInput(fd) : null;
      const begin = (typed: string) => {
        if (done) return;
        const ctx: HandlerContext = { store: session.store, exit, write, copy, editText, open, views: session.views };
        const memory: RouterMemory = { held: null };
        // The start of a sequence Ink's parser still holds: joined with what is read next.
        let unfinished = '';
        const apply = (text: string): Applied => {
          const before = session.store.getState();
          const { inputs, rest } = inkInputs(unfinished + text);
          unfinished = rest;
          for (const i of inputs) {
            if (done) return 'ended'; // a key quit the deck
            if (i.kind === 'key') routeInput(ctx, i.input, i.key, memory);
            else routePaste(ctx, i.text);
          }
          if (done) return 'ended';
          return session.store.getState() === before ? 'same' : 'changed';
        };
        const shown = session.store.getState().tab;
        apply(typed);
        // A tab the keys showed whose first page has not been read yet: drawn with it when it is in.
        void firstAnswer(session.store, pageWaitMs(shown, session.store.getState())).then(() => {
          if (done) return;
          // Until Ink has read the keys typed while this frame was drawn, the answers that come meanwhile wait for them.
          const after = drawAfterKeys(session.store);
          // What is left unread goes back to the stream, for Ink's first read.
          const unread = (text: string) => (text ? stdin.unshift(text) : undefined);
          hold = holdFirstFrame(stdout, {
            pending: queue,
            apply: (text) => {
              const applied = apply(text);
              if (applied === 'changed') after.tell();
              return applied;
            },
            unread: (text) => unread(unfinished + text),
            overPrepaint,
            settled: () => !nothingYet(session.store.getState()),
            // A test stops here and types keys, as if while the frame was drawn; it goes on once that many bytes are in the queue.
            beforeLook: () => testPause('first-frame', io.env, (said) => !queue || queue.typed() >= Number(said || 0)),
          });
          mount({ ...session, store: after.store });
          hold?.start();
          void after.release();
        });
      };
      if (queue) begin(readBuffered(stdin) + queue.take());
      else void readTyped(stdin).then(begin);
    }
  });
}
