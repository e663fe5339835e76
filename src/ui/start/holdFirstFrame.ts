// Keys typed while the deck's first frame is drawn are in it too. The first render is one
// synchronous go of some tens of milliseconds, and a key typed meanwhile waits in the terminal's
// queue; the early keys (src/ui/input/earlyKeys.ts) were read before it started. So Ink's first frame
// is held, not written, until the queue has been looked at, the moment the frame is drawn: empty
// (the usual case), it goes out then, not after the pass React's effects cause in the same render;
// keys there, they are applied once the render returns, the deck draws again, and the frames go out together
// as one synchronized update (the terminal shows the last), so the screen never shows the deck as
// it was before a key typed ahead of it. Over a pre-paint that update blanks the screen first: a
// frame writes no cell it leaves blank, and where it differs from the pre-paint (a key typed early,
// a shorter status line) the pre-paint's would show through.
import type { PendingInput } from '../../files/pendingInput';
import { KEYS_WAIT_MS } from './firstAnswer';
import { CLEAR_SCREEN, SYNC_END, SYNC_START } from '../layout/screen';

/** Rounds of keys typed while the last one was drawn, at most, before what is held goes out anyway. */
const MOST_ROUNDS = 4;

/** What applying typed keys did: the deck's state changed (a new frame will come), or not, or the deck ended. */
export type Applied = 'changed' | 'same' | 'ended';

export interface FrameHold {
  /** The stream Ink writes to: the terminal's, its writes held while the first frame is. */
  readonly stream: NodeJS.WriteStream;
  /** Ink's onRender: a frame went to the stream. */
  framed(): void;
  /** After the first render returned: looks at what was typed while it was drawn (with what the look at the first frame found). */
  start(): void;
  /** Writes what is held and lets every later write through (again: nothing). */
  release(): void;
}

/**
 * Held writes as one: in the order written, inside one synchronized update when the frames had
 * theirs (what came between two frames, the paste mode's switch, stays between them), `first` at
 * its start.
 */
export function oneUpdate(writes: readonly string[], first = ''): string {
  const text = writes.join('');
  if (!text.includes(SYNC_START)) return first + text;
  return SYNC_START + first + text.replaceAll(SYNC_START, '').replaceAll(SYNC_END, '') + SYNC_END;
}

export function holdFirstFrame(
  stdout: NodeJS.WriteStream,
  opts: {
    /** The terminal's queue; null where it cannot be read (the frame goes out as drawn). */
    pending: PendingInput | null;
    /** Applies keys read from the queue (the deck redraws synchronously when they changed its state). */
    apply?: (typed: string) => Applied;
    /** What was read but is not yet a whole key or character, handed back to stdin for Ink's first read. */
    unread?: (rest: string) => void;
    /** The screen holds a pre-paint: the first update blanks it first (what the frame leaves blank would show it). */
    overPrepaint: boolean;
    /** Whether a frame drawn now shows what the keys asked for (a tab they showed has its first page). */
    settled?: () => boolean;
    /** Called once, as the first frame is drawn, before the queue is looked at (a test types there). */
    beforeLook?: () => void;
  },
): FrameHold {
  let holding = true;
  let waiting = false;
  // The first render has returned (start); until then keys found wait for it, in `found`.
  let started = false;
  let looked = false;
  let found = '';
  let rounds = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const held: string[] = [];
  // Frames written to the hold: ends of synchronized updates, or every write where Ink brackets none.
  let frames = 0;
  let framesBefore = 0;
  let bracketed = false;
  // write(chunk, encoding?, callback?), as a stream's.
  const write = (chunk: unknown, a?: unknown, b?: unknown): boolean => {
    if (!holding) return Reflect.apply(stdout.write, stdout, b !== undefined ? [chunk, a, b] : a !== undefined ? [chunk, a] : [chunk]) as boolean;
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
    held.push(text);
    bracketed ||= text.includes(SYNC_START);
    if (text.includes(SYNC_END) || (!bracketed && text !== '')) frames++;
    const done = typeof b === 'function' ? b : typeof a === 'function' ? a : undefined;
    if (done) queueMicrotask(() => done());
    return true;
  };
  const stream = new Proxy(stdout, {
    get(target, key) {
      if (key === 'write') return write;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  // Over a pre-paint, the first update written blanks the screen first.
  let blank = opts.overPrepaint ? CLEAR_SCREEN : '';
  /** What is held, out now as one update. */
  const flush = () => {
    const text = oneUpdate(held.splice(0), blank);
    if (!text) return;
    blank = '';
    stdout.write(text);
  };
  const release = () => {
    if (!holding) return;
    holding = false;
    waiting = false;
    clearTimeout(timer);
    opts.unread?.(opts.pending?.close() ?? '');
    flush();
  };
  const applyHeld = (apply: (typed: string) => Applied, typed: string) => {
    if (!holding) return;
    rounds++;
    // Waiting from before the keys apply: their frame may be drawn while they do (Ink's throttle open).
    waiting = true;
    framesBefore = frames;
    const applied = apply(typed);
    if (applied !== 'changed') return release();
    // A change no frame shows draws nothing: the held frame is still the screen, and goes out. The
    // bound counts from the turn's end: the answers already read (a busy start's pages, their
    // score history) run first, and are not the keys' frame's time.
    const round = rounds;
    if (!waiting) return;
    setImmediate(() => {
      if (holding && waiting && rounds === round) timer = setTimeout(release, KEYS_WAIT_MS);
    });
  };
  const look = () => {
    if (!holding) return;
    const typed = found + (opts.pending?.take() ?? '');
    found = '';
    const apply = opts.apply;
    if (!typed || !apply) return release();
    // Now, not a turn later: the answers waiting in the event loop would be read first (tens of
    // milliseconds). The view hears of them: React runs a synchronous render's effects (the store's
    // subscriptions among them) before the render returns.
    applyHeld(apply, typed);
  };
  return {
    stream,
    framed() {
      // The first frame, drawn: with nothing in the queue it goes out now, not after what React
      // does next in the same render (effects report what was drawn, and the pass they cause draws
      // it again). The queue is looked at again when the render returns: keys typed meanwhile are
      // applied then, before the event loop's answers, and their frame follows at once.
      if (!started) {
        if (holding && !looked && frames > 0) {
          looked = true;
          opts.beforeLook?.();
          found += opts.pending?.take() ?? '';
          if (!found) flush();
        }
        return;
      }
      // A render that wrote nothing (the keys' change not drawn yet: the view hears of it a turn later) is not their frame.
      if (!holding || !waiting || frames === framesBefore) return;
      // Nor one drawn while a tab they showed was loading: the next frame written after this one is
      // (the page may be in the store before the view has drawn it).
      if (!(opts.settled?.() ?? true)) {
        framesBefore = frames;
        return;
      }
      waiting = false;
      clearTimeout(timer);
      // Not inside Ink's render: the next keys are applied once it has returned.
      queueMicrotask(() => (rounds >= MOST_ROUNDS ? release() : look()));
    },
    start() {
      started = true;
      if (!holding) return;
      if (!looked) {
        looked = true;
        opts.beforeLook?.();
      }
      look();
    },
    release,
  };
}
