// A pipe slower than the read: process.stdout queues in memory whatever the reader has not taken
// yet, without bound, so `list --all` into a slow reader once held most of a 10 000-record export
// at its peak. A write the stream answers `false` waits for its 'drain' (or the run's ending)
// before the next page is asked for: what is held is one page, whatever the length of the read.
import type { Output } from '../terminal/io';

/** What a wrapper of `out` (the locale's glyphs, the ending's guard) passes on of it so a wait can hear its 'drain'. */
export const drainOf = (out: Output): Pick<Output, 'once'> => (out.once ? { once: out.once.bind(out) } : {});

/** Writes `text`; resolves once the stream has taken it, or at once when it did not queue it (or cannot say). */
export function written(out: Output, text: string, signal: AbortSignal): Promise<void> {
  if (out.write(text) !== false || !out.once || signal.aborted) return Promise.resolve();
  const once = out.once.bind(out);
  return new Promise<void>((resolve) => {
    const done = () => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    // An ending (a signal, the reader gone: src/cli.tsx) brings no 'drain': it ends the wait too.
    signal.addEventListener('abort', done, { once: true });
    once('drain', done);
  });
}
