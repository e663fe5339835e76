import { describe, expect, it } from 'vitest';
import { copyToClipboard, multiplexerOf, osc52, screenPassthrough, type TmuxBuffer } from '../../src/ui/clipboard';

function io(buffer: TmuxBuffer = 'forwarded') {
  const written: string[] = [];
  const loaded: string[] = [];
  return {
    written,
    loaded,
    io: { write: (d: string) => void written.push(d), loadTmuxBuffer: (t: string) => (loaded.push(t), buffer) },
  };
}

describe('copy where the deck runs', () => {
  it('knows tmux by $TMUX and GNU screen by $STY', () => {
    expect(multiplexerOf({ TMUX: '/tmp/tmux-1/default,1,0' })).toBe('tmux');
    expect(multiplexerOf({ STY: '1234.pts-0.host' })).toBe('screen');
    expect(multiplexerOf({})).toBe('none');
  });

  it("inside tmux: tmux's buffer (forwarded with -w) plus a plain OSC 52, and says so", () => {
    const t = io();
    const done = copyToClipboard('a.com', { TMUX: 'x' }, t.io);
    expect(t.loaded).toEqual(['a.com']);
    // Plain: tmux 3.3+ drops the passthrough-wrapped form unless allow-passthrough is on.
    expect(t.written).toEqual([osc52('a.com')]);
    expect(done).toEqual({ ok: true, text: "✓ copied a.com to tmux's buffer and asked the terminal to set its clipboard" });
    expect(copyToClipboard('a.com', { TMUX: 'x' }, io('buffer').io).text).toMatch(/tmux's buffer \(tmux < 3\.2/);
    const failed = copyToClipboard('a.com', { TMUX: 'x' }, io('failed').io);
    expect(failed.ok).toBe(false);
    expect(failed.text).toMatch(/tmux did not take a\.com; asked the terminal/);
  });

  it('inside screen: its passthrough, in pieces screen does not cut', () => {
    const t = io();
    const long = 'x'.repeat(200);
    expect(copyToClipboard(long, { STY: 's' }, t.io).text).toMatch(/through screen/);
    expect(t.loaded).toEqual([]);
    const seq = t.written[0];
    expect(seq).toBe(screenPassthrough(long));
    const b64 = Buffer.from(long).toString('base64');
    const pieces = seq.slice('\x1bP\x1b]52;c;'.length, -'\x07\x1b\\'.length).split('\x1b\\\x1bP');
    expect(pieces.join('')).toBe(b64);
    expect(pieces.every((p) => p.length <= 76)).toBe(true);
    expect(pieces.length).toBe(Math.ceil(b64.length / 76));
  });

  it('on a plain terminal: OSC 52, and the flash says the terminal was asked, not that it obeyed', () => {
    const t = io();
    expect(copyToClipboard('a.com', {}, t.io)).toEqual({ ok: true, text: '✓ asked the terminal to set its clipboard to a.com (OSC 52)' });
    expect(t.written).toEqual(['\x1b]52;c;YS5jb20=\x07']);
    // A hostile name reaches the clipboard as is, the screen only sanitised.
    const h = io();
    const text = copyToClipboard('a\x1b]0;x\x07.com', {}, h.io).text;
    expect(text).not.toContain('\x1b');
    expect(h.written[0]).toBe(osc52('a\x1b]0;x\x07.com'));
  });
});
