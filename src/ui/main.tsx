import { render } from 'ink';
import { createClient } from '../api';
import type { ResolvedConfig } from '../config/types';
import { openInEditor } from './editor';
import { Root } from './Root';
import { checkAndSave } from './setupCheck';

/** How the entry hands over to the deck. */
export interface DeckOptions {
  config: ResolvedConfig;
  /** Running on the embedded emulator: the header says DEMO. */
  demo: boolean;
}

const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

// The alternate screen keeps the shell's scrollback clean; leaving it restores what was there.
const ENTER_SCREEN = '\x1b[?1049h\x1b[H';
const LEAVE_SCREEN = '\x1b[?25h\x1b[?1049l';

/** Opens the deck; resolves with the process exit code. The one owner of exit. */
export async function runDeck(opts: DeckOptions): Promise<number> {
  const stdout = process.stdout;
  const stdin = process.stdin;
  return new Promise<number>((resolve) => {
    let done = false;
    // eslint-disable-next-line prefer-const
    let instance: ReturnType<typeof render> | undefined;
    const handlers: [NodeJS.Signals, () => void][] = [];
    const exit = (code: number) => {
      if (done) return;
      done = true;
      for (const [sig, fn] of handlers) process.off(sig, fn);
      try {
        instance?.unmount();
      } finally {
        if (stdin.isTTY) stdin.setRawMode?.(false);
        stdin.pause();
        stdout.write(LEAVE_SCREEN);
        resolve(code);
      }
    };
    for (const sig of Object.keys(SIGNAL_CODES) as (keyof typeof SIGNAL_CODES)[]) {
      const fn = () => exit(SIGNAL_CODES[sig]);
      handlers.push([sig, fn]);
      process.on(sig, fn);
    }
    stdout.write(ENTER_SCREEN);
    instance = render(
      <Root
        config={opts.config}
        demo={opts.demo}
        makeClient={(c) => createClient({ baseUrl: c.baseUrl, seoBaseUrl: c.seoBaseUrl, apiKey: c.apiKey, timeoutMs: c.timeoutMs })}
        check={checkAndSave}
        exit={exit}
        write={(data) => stdout.write(data)}
        editText={(text) => openInEditor(text, instance)}
      />,
      { exitOnCtrlC: false, maxFps: 60, patchConsole: true },
    );
  });
}
