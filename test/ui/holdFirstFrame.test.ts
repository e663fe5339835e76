// The deck's first frame waits while keys typed as it was drawn are applied (src/ui/start/holdFirstFrame.ts):
// nothing typed, it goes out at once; keys that change the deck, their frame goes out with it as one
// synchronized update. Here the terminal's queue is a list of what each look finds and the frames are
// written as Ink writes them (begin, frame, end); the real deck in tmux is test/e2e/first-key.test.ts's.
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { holdFirstFrame, oneUpdate, type Applied } from '../../src/ui/start/holdFirstFrame';
import { CLEAR_SCREEN, SYNC_END as E, SYNC_START as B } from '../../src/ui/layout/screen';
import { KEYS_WAIT_MS } from '../../src/ui/start/firstAnswer';

function deck(queue: string[], outcome: (typed: string) => Applied, draws = true, settled?: () => boolean) {
  const out = new PassThrough();
  const written: string[] = [];
  out.on('data', (c: Buffer) => written.push(c.toString()));
  const applied: string[] = [];
  const unread: string[] = [];
  let closed = false;
  const hold = holdFirstFrame(out as unknown as NodeJS.WriteStream, {
    pending: { take: () => queue.shift() ?? '', typed: () => queue[0]?.length ?? 0, close: () => ((closed = true), 'rest') },
    apply: (typed) => {
      applied.push(typed);
      const o = outcome(typed);
      // The deck draws the change at once (Ink's throttle open), as Ink writes a frame.
      if (o === 'changed' && draws) frame(`after ${typed}`);
      return o;
    },
    unread: (text) => unread.push(text),
    overPrepaint: false,
    ...(settled ? { settled } : {}),
  });
  const frame = (text: string) => {
    for (const w of [B, text, E]) hold.stream.write(w);
    hold.framed();
  };
  // Keys found apply a turn later (after React's effects), and each round looks again: a few turns.
  const flush = async () => {
    for (let i = 0; i < 12; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  };
  return { hold, frame, written, applied, unread, flush, closed: () => closed };
}

describe('holdFirstFrame', () => {
  it('writes the first frame as it is drawn when nothing was typed, before the render returns, and every later write as it comes', async () => {
    const d = deck([''], () => 'same');
    d.frame('first');
    // At once: not after the rest of Ink's render (the pass its effects cause), nor a turn of the event loop.
    expect(d.written).toEqual([`${B}first${E}`]);
    d.hold.start();
    // Nothing typed by the time the render returned either: the queue goes back to stdin.
    expect([d.applied, d.unread, d.closed()]).toEqual([[], ['rest'], true]);
    d.frame('later');
    await d.flush();
    expect(d.written.slice(1).join('')).toBe(`${B}later${E}`);
  });

  it('applies keys the first frame found only once the render has returned, the frame held till their frame', async () => {
    const d = deck(['jj', ''], () => 'changed');
    d.frame('first');
    // The second pass of the same render (effects' reports) draws again before it returns.
    d.frame('first again');
    await d.flush();
    expect([d.applied, d.written]).toEqual([[], []]);
    d.hold.start();
    await d.flush();
    expect(d.applied).toEqual(['jj']);
    expect(d.written).toEqual([`${B}firstfirst againafter jj${E}`]);
  });

  it('keys typed after the first frame went out, while the render went on: applied when it returns, their frame at once', async () => {
    const d = deck(['', 'j', ''], () => 'changed');
    d.frame('first');
    d.frame('first again');
    expect(d.written).toEqual([`${B}first${E}`]);
    d.hold.start();
    await d.flush();
    expect(d.applied).toEqual(['j']);
    expect(d.written).toEqual([`${B}first${E}`, `${B}first againafter j${E}`]);
  });

  it('writes the frame of keys typed meanwhile with it, as one update, after looking again', async () => {
    const d = deck(['jj', ''], () => 'changed');
    d.frame('first');
    d.hold.stream.write('\x1b[?2004h');
    d.hold.start();
    await d.flush();
    expect(d.applied).toEqual(['jj']);
    expect(d.written).toEqual([`${B}first\x1b[?2004hafter jj${E}`]);
  });

  it('waits past a render that wrote nothing for the frame that draws the keys', async () => {
    const d = deck(['j', ''], () => 'changed', false);
    d.frame('first');
    d.hold.start();
    // The view had not heard of the change yet: its render wrote nothing.
    d.hold.framed();
    await d.flush();
    expect(d.written).toEqual([]);
    d.frame('after j');
    await d.flush();
    expect(d.written).toEqual([`${B}firstafter j${E}`]);
  });

  it('waits past the frame of a tab the keys showed while its first page is still on its way', async () => {
    let pageIn = false;
    const d = deck(
      ['2', ''],
      () => 'changed',
      true,
      () => pageIn,
    );
    d.frame('first');
    d.hold.start();
    await d.flush();
    expect(d.written).toEqual([]);
    pageIn = true;
    // The page is in the store, the view has not drawn it yet: Ink's next render writes nothing new.
    d.hold.framed();
    await d.flush();
    expect(d.written).toEqual([]);
    d.frame('reports rows');
    await d.flush();
    expect(d.written).toEqual([`${B}firstafter 2reports rows${E}`]);
  });

  it('writes the frame as it was when the keys change nothing, or end the deck', async () => {
    for (const outcome of ['same', 'ended'] as const) {
      const d = deck(['x', '', 'never looked at'], () => outcome);
      d.frame('first');
      d.hold.start();
      await d.flush();
      expect([outcome, d.applied, d.written]).toEqual([outcome, ['x'], [`${B}first${E}`]]);
    }
  });

  it('stops looking after a few rounds of keys typed while each frame was drawn', async () => {
    // Found as the first frame was drawn, then nothing more by the time its render returned.
    const d = deck(['1', '', '2', '3', '4', '5', '6'], () => 'changed');
    d.frame('first');
    d.hold.start();
    await d.flush();
    expect(d.applied).toEqual(['1', '2', '3', '4']);
    expect(d.written).toEqual([`${B}firstafter 1after 2after 3after 4${E}`]);
  });

  it('a change no frame shows: the held frame goes out KEYS_WAIT_MS after the turn the keys were applied in', () => {
    vi.useFakeTimers();
    try {
      const d = deck(['j', ''], () => 'changed', false);
      d.frame('first');
      d.hold.start();
      expect(d.applied).toEqual(['j']);
      // The bound starts at the turn's end (what the event loop had read runs first), then counts.
      vi.advanceTimersToNextTimer();
      vi.advanceTimersByTime(KEYS_WAIT_MS - 1);
      expect(d.written).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(d.written).toEqual([`${B}first${E}`]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes what it holds when the deck ends meanwhile, once', async () => {
    const d = deck(['j'], () => 'changed', false);
    d.frame('first');
    d.hold.start();
    expect(d.written).toEqual([]);
    d.hold.release();
    d.hold.release();
    await d.flush();
    expect(d.written).toEqual([`${B}first${E}`]);
  });
});

describe('over a pre-paint', () => {
  it('blanks the screen at the start of the first update, inside it, with or without a queue to read', async () => {
    for (const pending of [null, { take: () => '', typed: () => 0, close: () => '' }]) {
      const out = new PassThrough();
      const written: string[] = [];
      out.on('data', (c: Buffer) => written.push(c.toString()));
      const hold = holdFirstFrame(out as unknown as NodeJS.WriteStream, { pending, overPrepaint: true });
      for (const w of [B, 'first', E]) hold.stream.write(w);
      hold.framed();
      hold.start();
      for (const w of [B, 'second', E]) hold.stream.write(w);
      await new Promise<void>((resolve) => setImmediate(resolve));
      expect(written.join('')).toBe(`${B}${CLEAR_SCREEN}first${E}${B}second${E}`);
    }
  });
});

describe('oneUpdate', () => {
  it('puts held frames in one synchronized update, or leaves writes without one as they were, what comes first at its start', () => {
    expect(oneUpdate([B, 'a', E, 'x', B, 'b', E])).toBe(`${B}axb${E}`);
    expect(oneUpdate([B, 'a', E], CLEAR_SCREEN)).toBe(`${B}${CLEAR_SCREEN}a${E}`);
    expect(oneUpdate(['a', 'b'])).toBe('ab');
    expect(oneUpdate(['a'], CLEAR_SCREEN)).toBe(`${CLEAR_SCREEN}a`);
    expect(oneUpdate([])).toBe('');
  });
});
