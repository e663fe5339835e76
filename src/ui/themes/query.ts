// Asks the terminal for its background colour (OSC 11) before the deck draws. A DA1 query goes
// right behind it: every terminal answers that one, so one that ignores OSC 11 costs a round trip,
// not a timeout. Whatever else arrives meanwhile (keys typed early) is handed back to the deck.
import { parseOsc11 } from './background';

const ASK = '\x1b]11;?\x1b\\' + '\x1b[c';
/** The DA1 answer: ESC [ ? … c. */
const DA1_REPLY = /\x1b\[\?[\d;]*c/;
const OSC11_ANY = /\x1b\]11;[^\x07\x1b]*(?:\x07|\x1b\\)/;

export interface QueryOptions {
  /** Give up after this long when the terminal answers neither (a serial line, a broken pty). */
  timeoutMs?: number;
  /** Stop waiting when this settles (the view has loaded): the first frame never waits on a silent terminal. */
  until?: Promise<unknown>;
}

/** The background's channels (0–1), or null when the terminal does not say. Only on a terminal. */
export function queryBackground(stdin: NodeJS.ReadStream, stdout: NodeJS.WriteStream, opts: QueryOptions = {}): Promise<[number, number, number] | null> {
  if (!stdin.isTTY || !stdout.isTTY || typeof stdin.setRawMode !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    // The deck may hold the keyboard already (raw: no echo over a pre-paint): left as it was found.
    const wasRaw = stdin.isRaw === true;
    let got = '';
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      stdin.off('data', onData);
      // Paused either way: keys typed from now until Ink reads wait in the stream. Left flowing with
      // no listener, they were read and dropped (a late answer is dropped by src/ui/input/keyGuard.ts).
      stdin.pause();
      stdin.setRawMode(wasRaw);
      const rgb = parseOsc11(got);
      // Keys typed while waiting go back to the stream, for the deck to read.
      const rest = got.replace(OSC11_ANY, '').replace(DA1_REPLY, '');
      if (rest) stdin.unshift(Buffer.from(rest, 'latin1'));
      resolve(rgb);
    };
    const onData = (chunk: Buffer) => {
      got += chunk.toString('latin1');
      if (DA1_REPLY.test(got)) finish();
    };
    // A terminal answers within a millisecond or two, well before the view has loaded; a pty with
    // no terminal behind it (script, a CI runner) answers nothing, and the deck does not wait for it.
    const timer = setTimeout(() => finish(), opts.timeoutMs ?? 500);
    // One turn of the event loop's poll first: loading the view can hold the loop the whole time
    // (Node 24 loads modules without yielding to I/O), so an answer already waiting is read now.
    const last = () => setImmediate(() => finish());
    opts.until?.then(last, last);
    stdin.setRawMode(true);
    stdin.on('data', onData);
    stdin.resume();
    stdout.write(ASK);
  });
}
