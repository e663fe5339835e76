import { describe, expect, it } from 'vitest';
import { onEndingSignal, SIGNAL_CODES } from '../../src/ui/start/signals';
import type { EndingSignal, Io } from '../../src/terminal/io';

describe('the signals that end the deck', () => {
  it('each gives its shell exit code through the I/O object, and stopping listens no more', () => {
    const codes: number[] = [];
    // The I/O's signals as the entry's are, on an emitter of the test's own: the deck never names process.
    const listeners = new Map<EndingSignal, Set<() => void>>();
    const io: Pick<Io, 'onSignal'> = {
      onSignal: (sig, fn) => {
        const set = listeners.get(sig) ?? listeners.set(sig, new Set()).get(sig)!;
        set.add(fn);
        return () => void set.delete(fn);
      },
    };
    const before = process.listenerCount('SIGTERM');
    const stop = onEndingSignal(io, (code) => codes.push(code));
    expect(process.listenerCount('SIGTERM')).toBe(before);
    for (const sig of Object.keys(SIGNAL_CODES) as EndingSignal[]) for (const fn of listeners.get(sig) ?? []) fn();
    expect(codes).toEqual([130, 143, 129]);
    stop();
    expect([...listeners.values()].every((set) => set.size === 0)).toBe(true);
  });
});
