// The progress line of long work (`list --all`, bulk runs) on stderr: redrawn in place on a
// terminal, one line per step when asked for with --progress while piped, silent otherwise.
// `websites 3 400/8 000 · rate limit · next request in 41 s`
import type { PaceStatus } from '../api/pace';
import { nextRequestIn } from '../state/budget';
import { dumbTerminal, type Io } from './io';

/** 8000 → `8 000`. */
export const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

function progressText(label: string, done: number, total: number | undefined, waitSec?: number, note?: string): string {
  const count = total === undefined ? grouped(done) : `${grouped(done)}/${grouped(total)}`;
  return `${label} ${count}${waitSec !== undefined && waitSec > 0 ? ` · rate limit · ${nextRequestIn(waitSec)}` : ''}${note ? ` · ${note}` : ''}`;
}

export interface Progress {
  /** `note`: said after the count (a cover's time left). */
  step(done: number, total?: number, note?: string): void;
  /** The pacer's status: a wait shows as a countdown. */
  pace(s: PaceStatus): void;
  /** Clears the line (terminal) before the final output or message. */
  end(): void;
}

export function createProgress(io: Io, label: string, opts: { wanted: boolean; now?: () => number }): Progress {
  const now = opts.now ?? Date.now;
  // Redrawn in place only on a terminal that takes cursor control: on TERM=dumb, whole lines.
  const tty = Boolean(io.isTTY.stderr) && !dumbTerminal(io);
  if (!opts.wanted) return { step() {}, pace() {}, end() {} };
  let done = 0;
  let total: number | undefined;
  let until: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let note: string | undefined;
  let last = '';
  const waitSec = () => (until === undefined ? undefined : Math.max(0, Math.ceil((until - now()) / 1000)));
  const draw = (force = false) => {
    const line = progressText(label, done, total, waitSec(), note);
    if (line === last && !force) return;
    last = line;
    io.stderr.write(tty ? `\r\x1b[2K${line}` : `${line}\n`);
  };
  const stopTimer = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  return {
    step(d, t, n) {
      done = d;
      total = t ?? total;
      note = n;
      draw();
    },
    pace(s) {
      const next = s.waitingUntil !== undefined && s.waitingUntil - now() >= 1000 ? s.waitingUntil : undefined;
      if (next === until) return;
      until = next;
      stopTimer();
      // The countdown ticks on a terminal; piped, the start of each wait is one line.
      if (until !== undefined && tty) timer = setInterval(() => draw(), 1000).unref();
      draw();
    },
    end() {
      stopTimer();
      if (tty && last) io.stderr.write('\r\x1b[2K');
      last = '';
    },
  };
}
