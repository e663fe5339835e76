// Every way a run can end before its work is done, in one table: Ctrl+C, SIGTERM, SIGHUP, a reader
// that closed stdout (EPIPE) and a write that failed (a full disk, an I/O error). Each aborts the
// run's one signal with its Ending as the reason, so one path stops the work: a write in flight is
// finished (holdSignal: never cut short, never sent twice), a wait or a read is abandoned, the
// ending is said once on stderr (when stderr can take it), the command's summary and resume line
// follow, and the run exits with the ending's code. Never a stack trace.
import { EXIT, type ExitCode } from './exitCodes';
import type { Io } from './io';
import { drainOf } from './drained';

export type Stream = 'stdout' | 'stderr';

export type Ending =
  | { readonly kind: 'interrupted' }
  | { readonly kind: 'terminated' }
  | { readonly kind: 'hungUp' }
  | { readonly kind: 'readerGone'; readonly stream: Stream }
  | { readonly kind: 'writeFailed'; readonly stream: Stream; readonly errno: string };

type Kind = Ending['kind'];

/** The signals the entry turns into endings; a second of the same ends the process at once with its code. */
export const SIGNAL_ENDINGS = { SIGINT: 'interrupted', SIGTERM: 'terminated', SIGHUP: 'hungUp' } as const satisfies Record<string, Kind>;

const CODES: Readonly<Record<Kind, ExitCode>> = {
  interrupted: EXIT.interrupted,
  terminated: EXIT.terminated,
  hungUp: EXIT.hungUp,
  readerGone: EXIT.readerGone,
  writeFailed: EXIT.writeFailed,
};

/** What the system's codes for a failed write mean, in words. */
const ERRNO_WORDS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EIO: 'input/output error',
  EBADF: 'the stream is closed',
  ENXIO: 'the device is gone',
};

export function endingCode(e: Ending): ExitCode {
  return CODES[e.kind];
}

/** The ending in words, as stderr says it (`sitedeck: …`). */
function endingWords(e: Ending): string {
  switch (e.kind) {
    case 'interrupted':
      return 'interrupted';
    case 'terminated':
      return 'terminated (SIGTERM)';
    case 'hungUp':
      return 'hung up (SIGHUP: the terminal went away)';
    case 'readerGone':
      return `the reader of ${e.stream} went away (the pipe was closed)`;
    case 'writeFailed':
      return `${e.stream} could not be written (${e.errno}${ERRNO_WORDS[e.errno] ? `: ${ERRNO_WORDS[e.errno]}` : ''})`;
  }
}

const isEnding = (r: unknown): r is Ending => typeof r === 'object' && r !== null && typeof (r as Ending).kind === 'string' && (r as Ending).kind in CODES;

/** Why `signal` was aborted; a plain abort() (a test's Ctrl+C) is an interruption. Undefined while it runs. */
export function endingOf(signal: AbortSignal): Ending | undefined {
  if (!signal.aborted) return undefined;
  return isEnding(signal.reason) ? signal.reason : { kind: 'interrupted' };
}

/** The ending a failed write of `stream` is: its reader gone (EPIPE), or the write itself failed. */
export function writeEnding(e: unknown, stream: Stream): Ending {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED') return { kind: 'readerGone', stream };
  return { kind: 'writeFailed', stream, errno: typeof code === 'string' ? code : 'unknown error' };
}

type Output = Io['stdout'];

/**
 * The seam a run uses: its signal aborted by the entry's endings (the seam's own signal, its reason
 * copied) and by a write to stdout or stderr that throws; a stream that failed takes nothing more.
 * The ending is said on stderr as it comes, once, so it leads whatever summary the command gives.
 */
export function endingSeam(seam: Io): Io {
  const ending = new AbortController();
  const failed = new Set<Stream>();
  let stderr: Output;
  const end = (e: Ending) => {
    if (ending.signal.aborted) return;
    ending.abort(e);
    stderr.write(`sitedeck: ${endingWords(e)}\n`);
  };
  const guard = (name: Stream, out: Output): Output => ({
    write(s: string) {
      // The entry reports a failure that comes later (a pipe's EPIPE) through the seam's signal.
      const reason = endingOf(seam.signal);
      if (reason && 'stream' in reason && reason.stream === name) failed.add(name);
      if (failed.has(name)) return false;
      try {
        return out.write(s);
      } catch (e) {
        failed.add(name);
        end(writeEnding(e, name));
        return false;
      }
    },
    ...drainOf(out),
  });
  stderr = guard('stderr', seam.stderr);
  const stdout = guard('stdout', seam.stdout);
  const fromSeam = () => end(endingOf(seam.signal)!);
  if (seam.signal.aborted) fromSeam();
  else seam.signal.addEventListener('abort', fromSeam, { once: true });
  return { ...seam, stdout, stderr, signal: ending.signal };
}
