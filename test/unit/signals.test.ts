import { describe, expect, it } from 'vitest';
import { onEndingSignal, SIGNAL_CODES } from '../../src/ui/signals';

describe('the signals that end the deck', () => {
  it('each gives its shell exit code, and stopping listens no more', () => {
    const codes: number[] = [];
    const before = process.listenerCount('SIGTERM');
    const stop = onEndingSignal((code) => codes.push(code));
    for (const sig of Object.keys(SIGNAL_CODES)) process.emit(sig as NodeJS.Signals, sig as NodeJS.Signals);
    expect(codes).toEqual([130, 143, 129]);
    stop();
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });
});
