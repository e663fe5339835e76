// A terminal's answer (the background colour, OSC 11; a DA1 or a cursor report, CSI) may reach the
// deck in two reads. Read as it comes, its first half is Esc and `]` and its second half is text:
// the page turned, the `:` line opened holding `0000/`, and the answer's closing Esc acted. So an
// escape sequence still open at the end of a read is held back for HOLD_MS and joined with the next
// read; whole, it is a key or an answer, and the key guard (keyGuard.ts) drops the answers.
// When its end does not come in time, a lone Esc (or Alt + the start of a key) goes on as it is,
// Esc being Esc; the start of an answer is dropped, and so is the rest of it when it comes within
// SKIP_MS: every byte an answer can hold, up to its terminator. Pure: the clock is given.

const ESC = '\x1b';
const BEL = '\x07';

/** How long an open escape sequence waits for the rest of it (a terminal writes an answer at once). */
export const HOLD_MS = 40;
/** How long after an answer's start was dropped its rest is still recognised (and dropped). */
export const SKIP_MS = 1000;

/**
 * What is being dropped: the rest of an OSC answer (to BEL or ESC \), the `\` of its ESC \ (all
 * else came), or the rest of a CSI one (to its final byte).
 */
type Skip = { kind: 'osc' | 'st' | 'csi'; since: number };

const isFinal = (c: number) => c >= 0x40 && c <= 0x7e;
const isParamOrIntermediate = (c: number) => c >= 0x20 && c <= 0x3f;

/**
 * Where the escape sequence at `at` ends (the index after it), or -1 when the text ends first. The
 * sequences are cut as Ink 8's input parser cuts them (CSI, SS3, Alt + either, Alt + a character),
 * and OSC too, which Ink does not know.
 */
function sequenceEnd(text: string, at: number): number {
  let j = at + 1;
  if (text[j] === ESC) j++; // Alt + a sequence (ESC ESC [ A), or Esc twice
  if (j >= text.length) return -1;
  const kind = text[j];
  if (kind === ']') {
    for (let k = j + 1; k < text.length; k++) {
      if (text[k] === BEL) return k + 1;
      if (text[k] === ESC) {
        if (k + 1 >= text.length) return -1;
        // ESC \ ends it; another ESC ends a broken one before it.
        return text[k + 1] === '\\' ? k + 2 : k;
      }
    }
    return -1;
  }
  if (kind === '[') {
    let k = j + 1;
    if (text[k] === '[') k++; // legacy ESC [ [ A
    for (; k < text.length; k++) {
      const c = text.charCodeAt(k);
      // rxvt's Shift keys end at `$` (ESC [ 2 $), which is otherwise an intermediate byte.
      if (c === 0x24 && k === j + 2 && '235678'.includes(text[j + 1])) return k + 1;
      if (isFinal(c)) return k + 1;
      if (!isParamOrIntermediate(c)) return k;
    }
    return -1;
  }
  if (kind === 'O') {
    for (let k = j + 1; k < text.length; k++) {
      const c = text.charCodeAt(k);
      if (isFinal(c)) return k + 1;
      if (c !== 0x3b && (c < 0x30 || c > 0x39)) return k;
    }
    return -1;
  }
  return j + 1; // Alt + a character
}

/** Where a sequence still open at the end of `text` begins; -1 when every one is whole. */
function openSequenceAt(text: string): number {
  let i = text.indexOf(ESC);
  while (i >= 0) {
    const end = sequenceEnd(text, i);
    if (end < 0) return i;
    i = text.indexOf(ESC, Math.max(end, i + 1));
  }
  return -1;
}

/** The start of an answer: dropped when its end is late. The rest (ESC, ESC ESC, ESC O…) is a key's. */
function answerKind(held: string): Skip['kind'] | null {
  const body = held.replace(/^\x1b\x1b?/, '');
  if (body.startsWith(']')) return body.endsWith(ESC) ? 'st' : 'osc';
  if (body.startsWith('[')) return 'csi';
  return null;
}

/** `text` less the rest of the answer being dropped: what is left, and whether the answer ended in it. */
function skipRest(text: string, kind: Skip['kind']): { rest: string; ended: boolean } {
  if (kind === 'st') return { rest: text.startsWith('\\') ? text.slice(1) : text, ended: text !== '' };
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (kind === 'osc') {
      if (text[k] === BEL) return { rest: text.slice(k + 1), ended: true };
      if (text[k] === ESC) {
        if (k + 1 >= text.length) return { rest: ESC, ended: false }; // ESC of ESC \: the next read says
        return text[k + 1] === '\\' ? { rest: text.slice(k + 2), ended: true } : { rest: text.slice(k), ended: true };
      }
      // Not an answer's byte (Enter, Ctrl+C, …): the answer is over, this is a key.
      if (c < 0x20 || c === 0x7f) return { rest: text.slice(k), ended: true };
    } else {
      if (isFinal(c)) return { rest: text.slice(k + 1), ended: true };
      if (!isParamOrIntermediate(c)) return { rest: text.slice(k), ended: true };
    }
  }
  return { rest: '', ended: false };
}

export interface EscapeHold {
  /** One read: what goes on now, whole sequences only (an open one at its end is held). */
  push(chunk: string): string;
  /** When the held part is due (undefined: nothing held). */
  due(): number | undefined;
  /** Once due: what the held part becomes (a lone Esc goes on; an answer's start is dropped). */
  expire(): string;
}

export function createEscapeHold(now: () => number = Date.now): EscapeHold {
  let held = '';
  let heldAt = 0;
  let skip: Skip | null = null;
  /** When a lone Esc went on after waiting: an answer's rest may follow it. */
  let escAt: number | null = null;

  return {
    push(chunk) {
      const t = now();
      let text = held + chunk;
      const first = held === '';
      held = '';
      if (skip && t - skip.since > SKIP_MS) skip = null;
      if (escAt !== null && t - escAt > SKIP_MS) escAt = null;
      if (escAt !== null && text !== '') {
        // A lone Esc went on just before: `]11;…` or `[?1;2c` now is the rest of an answer it began.
        if (/^(?:\][0-9]+;|\[[?>]?[0-9]+;)/.test(text)) {
          skip = { kind: text[0] === ']' ? 'osc' : 'csi', since: t };
          text = text.slice(1);
        }
        escAt = null;
      }
      if (skip) {
        const { rest, ended } = skipRest(text, skip.kind);
        if (ended) skip = null;
        else if (rest === ESC) {
          // The answer's closing ESC, its `\` not read yet.
          held = ESC;
          heldAt = t;
          return '';
        }
        text = rest;
      }
      const open = openSequenceAt(text);
      if (open < 0) return text;
      held = text.slice(open);
      // The wait counts from the first part.
      if (first) heldAt = t;
      return text.slice(0, open);
    },
    due() {
      return held === '' ? undefined : heldAt + HOLD_MS;
    },
    expire() {
      const part = held;
      held = '';
      if (part === '') return '';
      const t = now();
      // The closing ESC of an answer being dropped: dropped with it, and its `\` when it comes.
      if (skip) {
        skip = { kind: 'st', since: t };
        return '';
      }
      const kind = answerKind(part);
      if (kind) {
        skip = { kind, since: t };
        return '';
      }
      if (/^\x1b\x1b?$/.test(part)) escAt = t;
      return part;
    },
  };
}
