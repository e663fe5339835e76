// Keys typed before the deck's first frame: the pre-paint holds the keyboard (raw mode) while Ink
// and React load, and what was typed meanwhile is read here, just before the first frame is
// rendered, so that frame already shows it (a `j` typed at the pre-painted list draws the cursor
// on row 2, not row 1 then row 2). Read as Ink reads keys, with Ink's own input parser (a split
// escape sequence is joined) and its naming of a key (useInput's `Key`), through the key guard
// (src/ui/input/keyGuard.ts) like every later key; then the stream is Ink's alone.
import type { Key } from 'ink';
// Ink's own key parsing (not among its package exports): the early keys must read as later ones do.
import parseKeypress, { nonAlphanumericKeys } from '../../../node_modules/ink/build/parse-keypress.js';
import { createInputParser, isCompleteControlSequence } from '../../../node_modules/ink/build/input-parser.js';

/** One input as Ink hands it to the deck: a key press (or keys read together), or a bracketed paste. */
export type TypedInput = { kind: 'key'; input: string; key: Key } | { kind: 'paste'; text: string };

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Everything typed so far: what waits in the stream (keys the background question handed back)
 * and in the terminal (read in one turn of the event loop's poll). The stream is left paused, its
 * reader gone, for Ink; an escape sequence still open at the end stays with the key guard, which
 * joins it with Ink's next read.
 */
export async function readTyped(stdin: NodeJS.ReadStream): Promise<string> {
  let text = '';
  const take = () => {
    text += readBuffered(stdin);
  };
  stdin.on('readable', take);
  try {
    // Two turns: the first may start in the middle of a poll phase that has already looked at the
    // terminal; the second is after a whole one.
    await nextTurn();
    await nextTurn();
    take();
  } finally {
    stdin.off('readable', take);
  }
  return text;
}

/** What waits in the stream now (keys the background question handed back), as text; the stream is left paused. */
export function readBuffered(stdin: NodeJS.ReadStream): string {
  stdin.setEncoding('utf8');
  let text = '';
  let chunk: unknown;
  while ((chunk = stdin.read()) !== null) text += typeof chunk === 'string' ? chunk : String(chunk);
  return text;
}

/**
 * `text` as Ink's App and useInput hand it over: its input parser's events, a terminal's answer or
 * a sequence with no key dropped as Ink drops them, each key named as useInput names it. What the
 * parser still holds at the end (the start of a sequence) is returned as `rest`, for the stream.
 */
export function inkInputs(text: string): { inputs: TypedInput[]; rest: string } {
  const parser = createInputParser();
  const inputs: TypedInput[] = [];
  for (const event of parser.push(text)) {
    if (typeof event !== 'string') {
      inputs.push({ kind: 'paste', text: event.paste });
      continue;
    }
    // Ink's App: a kitty keyboard query's reply, and a whole sequence that names no key, are no input.
    if (/^\x1b\[\?\d+u$/.test(event)) continue;
    if (isCompleteControlSequence(event)) {
      const k = parseKeypress(event);
      if (!k.isKittyProtocol && k.name === '') continue;
    }
    inputs.push(keyOf(event));
  }
  return { inputs, rest: parser.hasPendingEscape() ? (parser.flushPendingEscape() ?? '') : '' };
}

/** What Ink 8's useInput hands its handler for `data` (build/hooks/use-input.js, kept line for line). */
function keyOf(data: string): TypedInput {
  const keypress = parseKeypress(data);
  const key: Key = {
    upArrow: keypress.name === 'up',
    downArrow: keypress.name === 'down',
    leftArrow: keypress.name === 'left',
    rightArrow: keypress.name === 'right',
    pageDown: keypress.name === 'pagedown',
    pageUp: keypress.name === 'pageup',
    home: keypress.name === 'home',
    end: keypress.name === 'end',
    return: keypress.name === 'return',
    escape: keypress.name === 'escape',
    ctrl: keypress.ctrl,
    shift: keypress.shift,
    tab: keypress.name === 'tab',
    backspace: keypress.name === 'backspace',
    delete: keypress.name === 'delete',
    meta: keypress.meta,
    super: keypress.super ?? false,
    hyper: keypress.hyper ?? false,
    capsLock: keypress.capsLock ?? false,
    numLock: keypress.numLock ?? false,
    eventType: keypress.eventType,
  };
  let input: string;
  if (keypress.isKittyProtocol) input = keypress.isPrintable ? (keypress.text ?? keypress.name) : '';
  else if (keypress.ctrl) input = keypress.name === 'space' ? ' ' : (keypress.name ?? '');
  else input = keypress.sequence;
  if (!keypress.isKittyProtocol && nonAlphanumericKeys.includes(keypress.name)) input = '';
  if (input.startsWith('\x1b')) input = input.slice(1);
  if (!keypress.isKittyProtocol && input.length === 1 && /[A-Z]/.test(input)) key.shift = true;
  return { kind: 'key', input, key };
}
