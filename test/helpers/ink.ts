import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { waitFor } from './wait';

/** Byte sequences a terminal sends for named keys. */
export const KEYS = {
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  enter: '\r',
  esc: '\x1b',
  tab: '\t',
  shiftTab: '\x1b[Z',
  backspace: '\x7f',
  pageUp: '\x1b[5~',
  pageDown: '\x1b[6~',
  home: '\x1b[H',
  end: '\x1b[F',
  space: ' ',
  ctrl: (letter: string) => String.fromCharCode(letter.toLowerCase().charCodeAt(0) - 96),
} as const;

const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]/g;

export function stripAnsi(s: string): string {
  return s.replace(ANSI, '');
}

export interface InkHarness {
  /** The last frame without colour codes. */
  frame(): string;
  /** The last frame as written, colour codes included. */
  rawFrame(): string;
  /**
   * Writes keys and waits until the frame changes (or `until` holds). Each key is written on
   * its own and awaited, because Ink reads what arrives together as one input.
   */
  press(keys: string | string[], opts?: { until?: (frame: string) => boolean; timeoutMs?: number }): Promise<string>;
  /** How many frames Ink has written so far. */
  renders(): number;
  /** Every frame Ink has written so far, as written (for a check that nothing ever showed). */
  frames(): readonly string[];
  /** Writes keys without waiting for a change (for keys that must not change anything). */
  write(keys: string): void;
  waitForFrame(pred: (frame: string) => boolean, what?: string, timeoutMs?: number): Promise<string>;
  /** Renders `tree` in place of the first (new props on the same components). */
  rerender(tree: ReactElement): void;
  unmount(): void;
}

export function renderInk(tree: ReactElement): InkHarness {
  const r = render(tree);
  const frame = () => stripAnsi(r.lastFrame() ?? '');
  const waitForFrame = (pred: (f: string) => boolean, what = 'the frame', timeoutMs = 4000) =>
    waitFor(() => (pred(frame()) ? frame() : null), what, timeoutMs, 5).catch((e: Error) => {
      throw new Error(`${e.message}; last frame:\n${frame()}`);
    });
  return {
    frame,
    rawFrame: () => r.lastFrame() ?? '',
    async press(keys, opts = {}) {
      const list = Array.isArray(keys) ? keys : [keys];
      for (const k of list) {
        const before = r.frames.length;
        const beforeFrame = frame();
        r.stdin.write(k);
        await waitForFrame(() => r.frames.length > before && frame() !== beforeFrame, `a new frame after ${JSON.stringify(k)}`, opts.timeoutMs ?? 4000);
      }
      if (opts.until) return waitForFrame(opts.until, 'the expected frame', opts.timeoutMs);
      return frame();
    },
    renders: () => r.frames.length,
    frames: () => r.frames,
    write: (keys) => r.stdin.write(keys),
    waitForFrame,
    rerender: (next) => r.rerender(next),
    unmount: () => r.unmount(),
  };
}
