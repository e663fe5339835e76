import { describe, expect, it } from 'vitest';
import { copyToClipboard, multiplexerOf, osc52, screenPassthrough, type TmuxBuffer } from '../../src/ui/outside/clipboard';

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
  });
});

describe('what is copied is cleaned as the screen is', () => {
  const PASTE_BREAKOUT = 'docs.example.com\x1b[201~\r\ntouch /tmp/x\r\n';

  it.each(['tmux', 'screen', 'none'] as const)('a bracketed-paste breakout never reaches the clipboard (%s)', (mux) => {
    const t = io();
    const env = mux === 'tmux' ? { TMUX: 'x' } : mux === 'screen' ? { STY: 's' } : {};
    const done = copyToClipboard(PASTE_BREAKOUT, env, t.io);
    const clean = 'docs.example.com touch /tmp/x';
    if (mux === 'tmux') expect(t.loaded).toEqual([clean]);
    expect(t.written).toEqual([mux === 'screen' ? screenPassthrough(clean) : osc52(clean)]);
    expect(done.text).toContain(clean);
    expect(done.text).toContain(`${clean} (cleaned of control characters)`);
  });

  it('OSC 52 payloads decode to text without C0, C1, bidi or zero-width characters', () => {
    const t = io();
    copyToClipboard('a\x1b]0;x\x07\x9b31m\u202e\u2066b\u200bc\ufeff.com\x00', {}, t.io);
    const payload = /^\x1b\]52;c;([A-Za-z0-9+/=]*)\x07$/.exec(t.written[0])![1];
    const decoded = Buffer.from(payload, 'base64').toString('utf8');
    expect(decoded).toBe('abc.com\ufffd');
    expect(decoded).not.toMatch(/[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200b\ufeff]/);
  });

  it('a clean name is copied as is and the flash adds nothing; a huge one is shortened in the flash only', () => {
    const t = io();
    expect(copyToClipboard('日本語.example/🚀', {}, t.io).text).toBe('✓ asked the terminal to set its clipboard to 日本語.example/🚀 (OSC 52)');
    const long = `${'a'.repeat(300_000)}.example`;
    const done = copyToClipboard(long, {}, t.io);
    expect(Buffer.from(t.written[1].slice(7, -1), 'base64').toString()).toBe(long);
    expect(done.text.length).toBeLessThan(200);
    expect(done.text).toContain('…');
  });
});
