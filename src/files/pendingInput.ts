// What has been typed at the terminal and not read yet, read at once without waiting: the deck's
// first frame is drawn in one synchronous go, and a key typed meanwhile waits in the terminal's
// queue until the event loop turns. Read through a second, non-blocking opening of stdin's terminal
// device (the same queue), never through stdin's own descriptor, whose blocking mode depends on
// how Node opened it: a read here can never hold the process. Not a file sitedeck keeps (those are
// src/files/table.ts's rows): the terminal stdin already is, opened once more for a moment.
import { isatty } from 'node:tty';
import { closeSync, constants, fstatSync, openSync, readlinkSync, readSync } from 'node:fs';

const sleeper = new Int32Array(new SharedArrayBuffer(4));
/** How long a cut character's rest is waited for, at most. */
const REST_WAIT_MS = 20;

export interface PendingInput {
  /** Everything in the queue now ('' when nothing); a character cut between reads is kept for the next. */
  take(): string;
  /** How many bytes have been typed and not taken (read ahead, in order, for the next `take`). */
  typed(): number;
  /**
   * Lets go of the terminal; returns what is read and not taken: a character the queue had cut,
   * ended by what the terminal sends next (waited for a moment), for stdin's next read.
   */
  close(): string;
}

/**
 * The terminal's unread input, when stdin (file descriptor `stdinFd`) is a terminal whose device
 * can be named (Linux: /proc/self/fd); null otherwise, and the deck reads its keys as ever.
 */
export function pendingInput(stdinFd: number, fdLinks = '/proc/self/fd'): PendingInput | null {
  if (!isatty(stdinFd)) return null;
  let fd: number;
  try {
    // The device itself (/dev/pts/3), opened again: /dev/tty would be a different device to compare.
    const device = readlinkSync(`${fdLinks}/${stdinFd}`);
    if (!device.startsWith('/dev/')) return null;
    fd = openSync(device, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch {
    return null;
  }
  try {
    // Only stdin's own queue, and only a terminal's (a file or a pipe is not typed at).
    const [mine, its] = [fstatSync(fd), fstatSync(stdinFd)];
    if (!mine.isCharacterDevice() || mine.rdev !== its.rdev) throw new Error('not stdin');
  } catch {
    closeSync(fd);
    return null;
  }
  const buf = Buffer.alloc(4096);
  let held = Buffer.alloc(0);
  let open = true;
  /** Moves what the queue holds now behind what was read before. */
  const readAll = () => {
    const chunks = [held];
    while (open) {
      let n: number;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch {
        break; // EAGAIN: nothing more now (any other error: nothing to read either)
      }
      if (n === 0) break;
      chunks.push(Buffer.from(buf.subarray(0, n)));
    }
    held = Buffer.concat(chunks);
  };
  const take = () => {
    readAll();
    const whole = completeUtf8(held);
    const text = held.toString('utf8', 0, whole);
    held = held.subarray(whole);
    return text;
  };
  return {
    take,
    typed() {
      readAll();
      return held.length;
    },
    close() {
      let text = '';
      // A terminal writes a character whole: its rest, if any, is a moment away.
      for (let i = 0; open && held.length && i < REST_WAIT_MS; i++) {
        Atomics.wait(sleeper, 0, 0, 1);
        text += take();
      }
      if (open) closeSync(fd);
      open = false;
      return text + held.toString('utf8');
    },
  };
}

/** How many of `bytes` end on a whole UTF-8 character: a lead byte near the end without all its continuation bytes is left out. */
export function completeUtf8(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const b = bytes[bytes.length - back];
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    const needs = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return needs > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}
