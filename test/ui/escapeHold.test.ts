// A terminal's answer split across two reads is whole or dropped, never keys (src/ui/input/escapeHold.ts,
// src/ui/input/keyGuard.ts): at every split point, with the second half soon (joined) or late (the first
// half dropped when its wait ends, the rest when it comes). A lone Esc is still Esc. The clock is the
// test's own.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createEscapeHold, HOLD_MS, SKIP_MS } from '../../src/ui/input/escapeHold';
import { dropUnnamedKeys, guardStdin } from '../../src/ui/input/keyGuard';

const ESC = '\x1b';
const ANSWERS = {
  'OSC 11, ended by ESC \\': `${ESC}]11;rgb:0000/0000/0000${ESC}\\`,
  'OSC 11, ended by BEL': `${ESC}]11;rgb:ffff/ffff/ffff\x07`,
  'DA1 (CSI)': `${ESC}[?1;2c`,
  'cursor position (CSI)': `${ESC}[12;40R`,
};

/** What the guard hands Ink for `parts` read `gapMs` apart, each wait ended when due. */
function through(parts: string[], gapMs: number): string {
  let t = 0;
  const hold = createEscapeHold(() => t);
  let out = '';
  for (const part of parts) {
    out += hold.push(part);
    const due = hold.due();
    if (due !== undefined && due <= t + gapMs) {
      t = due;
      out += hold.expire();
    }
    t += gapMs;
  }
  return dropUnnamedKeys(out);
}

describe('an answer split across two reads', () => {
  for (const [name, answer] of Object.entries(ANSWERS)) {
    it(`${name}: at every split point, soon or 0.3 s later, no byte of it reaches Ink`, () => {
      const input = `j${answer}k`;
      for (let at = 1; at < input.length; at++) {
        const parts = [input.slice(0, at), input.slice(at)];
        expect(through(parts, HOLD_MS / 2), JSON.stringify(parts)).toBe('jk');
        // Later than the wait: split right after its ESC, that ESC was Esc (nothing tells it from one); the rest is dropped.
        expect(through(parts, 300), JSON.stringify(parts)).toBe(at === 2 ? `j${ESC}k` : 'jk');
      }
    });
  }

  it('in three parts, late each time, is dropped too', () => {
    const answer = ANSWERS['OSC 11, ended by ESC \\'];
    for (let a = 2; a < answer.length - 1; a++) {
      for (let b = a + 1; b < answer.length; b++) expect(through([answer.slice(0, a), answer.slice(a, b), answer.slice(b) + 'k'], 300), `${a} ${b}`).toBe('k');
    }
  });

  it('a split mouse report is joined whole', () => {
    let t = 0;
    const hold = createEscapeHold(() => t);
    expect(hold.push(`j${ESC}[<0;10`)).toBe('j');
    t += 5;
    expect(hold.push(';5M')).toBe(`${ESC}[<0;10;5M`);
    expect(hold.due()).toBeUndefined();
  });
});

describe('Esc stays Esc', () => {
  it('a lone Esc goes on once its wait ends; Esc Esc goes on as it came', () => {
    let t = 0;
    const hold = createEscapeHold(() => t);
    expect(hold.push(ESC)).toBe('');
    expect(hold.due()).toBe(HOLD_MS);
    t = HOLD_MS;
    expect(hold.expire()).toBe(ESC);
    // The next key is a key: `]` (the next page) after Esc included.
    t += 100;
    expect(hold.push(']')).toBe(']');
    expect(hold.push(`${ESC}${ESC}`)).toBe('');
    t += HOLD_MS;
    expect(hold.expire()).toBe(`${ESC}${ESC}`);
    // Esc then a key in one read is what it always was (Alt + the key), and whole keys pass at once.
    expect(hold.push(`${ESC}j`)).toBe(`${ESC}j`);
    expect(hold.push(`${ESC}[A`)).toBe(`${ESC}[A`);
  });

  it('after the drop window, what comes is keys again', () => {
    let t = 0;
    const hold = createEscapeHold(() => t);
    expect(hold.push(`${ESC}]11;rgb:0000/`)).toBe('');
    t = HOLD_MS;
    expect(hold.expire()).toBe('');
    t += SKIP_MS + 1;
    expect(hold.push('jk')).toBe('jk');
  });

  it('a key that no answer holds (Enter, Ctrl+C) ends the drop at once', () => {
    let t = 0;
    const hold = createEscapeHold(() => t);
    hold.push(`${ESC}]11;rgb:00`);
    t = HOLD_MS;
    hold.expire();
    t += 10;
    expect(hold.push('00\r')).toBe('\r');
  });
});

describe('guardStdin', () => {
  /** Ink's way: on 'readable', read until null. */
  const inkReader = (stdin: NodeJS.ReadStream) => {
    let got = '';
    stdin.on('readable', () => {
      let chunk: unknown;
      while ((chunk = stdin.read()) !== null) got += String(chunk);
    });
    return () => got;
  };

  it('holds a split answer across reads and hands a lone Esc over when its wait ends', async () => {
    const stdin = new PassThrough() as unknown as NodeJS.ReadStream & PassThrough;
    let t = 0;
    const timers: { fn: () => void; at: number }[] = [];
    guardStdin(stdin, { now: () => t, setTimer: (fn, ms) => timers.push({ fn, at: t + ms }) });
    const got = inkReader(stdin);
    const settle = () => new Promise((r) => setImmediate(r));
    const fire = () => {
      const due = timers.splice(0);
      t = Math.max(t, ...due.map((d) => d.at));
      for (const d of due) d.fn();
    };
    stdin.write(`j${ESC}]11;rgb:0000/`);
    await settle();
    expect(got()).toBe('j');
    fire();
    t += 300;
    stdin.write(`0000/0000${ESC}\\k`);
    await settle();
    expect(got()).toBe('jk');
    stdin.write(ESC);
    await settle();
    expect(got()).toBe('jk');
    fire();
    await settle();
    expect(got()).toBe(`jk${ESC}`);
  });
});
