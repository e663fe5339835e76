// Keys a terminal may send that Ink has no name for are dropped before Ink reads its input:
// - with the Ctrl modifier (ESC [1;5G, ESC [5z, ESC [99;5~), Ink 6.8's useInput calls startsWith on
//   the missing name and the deck died with a TypeError and a stack trace;
// - without it, Ink hands the sequence over as text, and the deck read its tail as key presses
//   (ESC O q, keypad 1 in application mode, quit the deck; ESC [1;2q too).
// - a terminal's answer that came after the deck stopped waiting for it (the background colour, OSC
//   11, over a slow link) read as Esc, ], 1, 1, ;, r, g, b…: the detail closed and a refresh ran.
// - an answer split across two reads (escapeHold.ts): held until whole, or dropped.
// The deck binds none of them. The checks mirror Ink 8.0.0's input parser and parse-keypress; every
// other byte passes.
import { createEscapeHold, type EscapeHold } from './escapeHold';
import { emitMouse, extractMouse } from './mouse';

/** Key codes Ink's parse-keypress names (its keyName table). */
const NAMED = new Set([
  'OP',
  'OQ',
  'OR',
  'OS',
  '[11~',
  '[12~',
  '[13~',
  '[14~',
  '[[A',
  '[[B',
  '[[C',
  '[[D',
  '[[E',
  '[15~',
  '[17~',
  '[18~',
  '[19~',
  '[20~',
  '[21~',
  '[23~',
  '[24~',
  '[A',
  '[B',
  '[C',
  '[D',
  '[E',
  '[F',
  '[H',
  'OA',
  'OB',
  'OC',
  'OD',
  'OE',
  'OF',
  'OH',
  '[P',
  '[Q',
  '[R',
  '[S',
  '[1~',
  '[2~',
  '[3~',
  '[4~',
  '[5~',
  '[6~',
  '[[5~',
  '[[6~',
  '[7~',
  '[8~',
  '[a',
  '[b',
  '[c',
  '[d',
  '[e',
  '[2$',
  '[3$',
  '[5$',
  '[6$',
  '[7$',
  '[8$',
  'Oa',
  'Ob',
  'Oc',
  'Od',
  'Oe',
  '[2^',
  '[3^',
  '[5^',
  '[6^',
  '[7^',
  '[8^',
  '[Z',
]);
/**
 * A CSI or SS3 sequence as Ink 8's input parser cuts it (Alt adds leading ESCs; `ESC [ [` is legacy;
 * rxvt's Shift keys end at `$`, `ESC [ 5 $`; SS3 may carry parameters, `ESC O 1;5 P`).
 */
const SEQUENCE = /\x1b+(?:\[[235678]\$|\[\[?[0-?]*[ -/]*[@-~]|O[0-9;]*[@-~])/g;
/** How parse-keypress reads a function key: prefix, code, modifier. */
const FN_KEY = /^(?:\x1b+)(O|N|\[|\[\[)(?:(\d+)(?:;(\d+))?([~^$])|(?:1;)?(\d+)?([a-zA-Z]))/;

/** A key sequence Ink would not name (and so either crash on, or pass on as text). */
function isUnnamedKey(seq: string): boolean {
  if (/^\x1b\[\d[\d;:]*u$/.test(seq)) return false; // the kitty keyboard protocol: Ink reads those another way
  if (seq === '\x1bOM' || seq === '\x1b\x1bOM') return false; // keypad Enter: Ink reads it as Enter
  if (seq === '\x1b[200~' || seq === '\x1b[201~') return false; // a bracketed paste's start and end: Ink reads the text between
  const m = FN_KEY.exec(seq);
  if (!m || m[0].length !== seq.length) return true;
  const code = [m[1], m[2], m[4], m[6]].filter(Boolean).join('');
  return !NAMED.has(code);
}

/**
 * An operating system command's answer (OSC … BEL or OSC … ST), or one cut short by the next
 * escape sequence: never a key.
 */
const OSC_ANSWER = /\x1b\][^\x07\x1b]*(?:\x07|\x1b\\|(?=\x1b))/g;

export function dropUnnamedKeys(input: string): string {
  if (!input.includes('\x1b')) return input;
  return input.replace(OSC_ANSWER, '').replace(SEQUENCE, (seq) => (isUnnamedKey(seq) ? '' : seq));
}

/** What Ink gets of whole input: mouse reports go to the deck's mouse handling, unnamed keys and answers nowhere. */
function keysOf(text: string): string {
  const { rest, events } = extractMouse(text);
  if (events.length) emitMouse(events);
  return dropUnnamedKeys(rest);
}

export interface GuardOptions {
  /** The hold of split sequences (its clock); a test gives its own. */
  hold?: EscapeHold;
  /** Runs `fn` after `ms`; a test gives its own. */
  setTimer?: (fn: () => void, ms: number) => void;
  now?: () => number;
}

/**
 * Makes `stdin.read()` (what Ink reads keys with) pass whole sequences only through dropUnnamedKeys:
 * one still open at the end of a read waits for the next read, up to HOLD_MS; then what it becomes
 * (a lone Esc, or nothing) is handed to Ink with a 'readable' of its own.
 */
export function guardStdin(stdin: NodeJS.ReadStream, opts: GuardOptions = {}): void {
  const now = opts.now ?? Date.now;
  const hold = opts.hold ?? createEscapeHold(now);
  const setTimer =
    opts.setTimer ??
    ((fn: () => void, ms: number) => {
      // Never keeps the process alive on its own.
      setTimeout(fn, ms).unref();
    });
  const read = stdin.read.bind(stdin);
  /** Released by the timer, for Ink's next read. */
  let released = '';
  let timerFor: number | undefined;
  const arm = () => {
    const due = hold.due();
    if (due === undefined || due === timerFor) return;
    timerFor = due;
    setTimer(
      () => {
        timerFor = undefined;
        const at = hold.due();
        if (at === undefined) return;
        if (now() < at) return arm();
        released += hold.expire();
        arm();
        if (released) stdin.emit('readable');
      },
      Math.max(0, due - now()),
    );
  };
  stdin.read = ((size?: number) => {
    const chunk: unknown = read(size);
    if (chunk === null) {
      if (!released) return null;
      const out = keysOf(released);
      released = '';
      return out;
    }
    const text = released + hold.push(typeof chunk === 'string' ? chunk : String(chunk));
    released = '';
    arm();
    return keysOf(text);
  }) as typeof stdin.read;
}
