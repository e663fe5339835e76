import { cleanForUse } from '../../text/sanitize';
import { multiplexerOf, type Multiplexer } from '../../terminal/env';

// Copy over SSH and inside tmux or GNU screen. The terminal is asked to set its clipboard with
// OSC 52; sitedeck cannot know whether it obeyed, so what is said afterwards names what was done.
// What is copied is cleaned as the screen is: a record's `\e[201~\r\n…` would otherwise end a
// bracketed paste early and run the rest in the shell it is pasted into.

/** Where the deck runs (tmux, GNU screen, or straight on a terminal): read with the doctor's checks. */
export { multiplexerOf };

/** OSC 52: asks the terminal to set its clipboard ("c") to `text`. */
export function osc52(text: string): string {
  return `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
}

/**
 * GNU screen passes a DCS string through to the outer terminal, but cuts long ones: the base64 is
 * sent in pieces of 76 characters, each its own DCS (the way editors' OSC 52 plugins do it).
 */
export function screenPassthrough(text: string): string {
  const b64 = Buffer.from(text, 'utf8').toString('base64');
  const pieces = b64.match(/.{1,76}/g) ?? [''];
  return `\x1bP\x1b]52;c;${pieces.join('\x1b\\\x1bP')}\x07\x1b\\`;
}

/** What filling tmux's buffer did: forwarded to the outer clipboard too (`-w`), buffer only, or failed. */
export type TmuxBuffer = 'forwarded' | 'buffer' | 'failed';

export interface ClipboardIo {
  /** Raw output to the terminal. */
  write(data: string): void;
  /** `tmux load-buffer -w -` (tmux 3.2+), falling back to `load-buffer -`. */
  loadTmuxBuffer(text: string): TmuxBuffer;
}

/**
 * Copies `text` the way that lands where the deck runs. Inside tmux: tmux's own buffer, which
 * `-w` forwards to the outer terminal's clipboard whatever `set-clipboard` says, plus a plain OSC 52
 * (tmux takes it with `set-clipboard on`; the passthrough wrapping is dropped by tmux 3.3+ by
 * default). Inside screen: its passthrough. Elsewhere: OSC 52. Returns what to tell the user

 */
export function copyToClipboard(raw: string, env: NodeJS.ProcessEnv, io: ClipboardIo): Copied {
  const mux = multiplexerOf(env);
  const { text, changed } = cleanForUse(raw);
  if (mux === 'tmux') {
    const buffer = io.loadTmuxBuffer(text);
    io.write(osc52(text));
    return copiedMessage(text, mux, buffer, changed);
  }
  io.write(mux === 'screen' ? screenPassthrough(text) : osc52(text));
  return copiedMessage(text, mux, undefined, changed);
}

/** What the flash line says after a copy. */
export interface Copied {
  ok: boolean;
  text: string;
}

/** Longest copied text the flash repeats in full; a longer one shows its start and its end. */
const FLASH_NAME = 80;

/**
 * The flash after a copy: what sitedeck did, never a claim about what the terminal did. `copied`
 * is the cleaned text; `cleaned` says the record held characters that were not copied as sent.
 */
function copiedMessage(copied: string, mux: Multiplexer, buffer?: TmuxBuffer, cleaned = false): Copied {
  const shown = cleanForUse(copied).text;
  const name = shown.length > FLASH_NAME ? `${shown.slice(0, FLASH_NAME / 2 - 1)}…${shown.slice(-FLASH_NAME / 2)}` : shown;
  // Right after the name, so a narrow flash line still shows it.
  const note = cleaned ? ' (cleaned of control characters)' : '';
  return { ok: mux !== 'tmux' || buffer !== 'failed', text: copiedText(name + note, mux, buffer) };
}

function copiedText(name: string, mux: Multiplexer, buffer?: TmuxBuffer): string {
  switch (mux) {
    case 'tmux':
      if (buffer === 'forwarded') return `✓ copied ${name} to tmux's buffer and asked the terminal to set its clipboard`;
      if (buffer === 'buffer') return `✓ copied ${name} to tmux's buffer (tmux < 3.2 does not forward it) and asked the terminal (OSC 52)`;
      return `✗ tmux did not take ${name}; asked the terminal to set its clipboard (OSC 52)`;
    case 'screen':
      return `✓ asked the terminal, through screen, to set its clipboard to ${name} (OSC 52)`;
    default:
      return `✓ asked the terminal to set its clipboard to ${name} (OSC 52)`;
  }
}
