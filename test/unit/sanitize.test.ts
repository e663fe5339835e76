import { describe, expect, it } from 'vitest';
import { cleanForUse, isInert, sanitize } from '../../src/text/sanitize';

describe('sanitize', () => {
  it('drops clear-screen, title, OSC 52 and hyperlink sequences', () => {
    const hostile = 'a\x1b[2J\x1b[Hb\x1b]0;pwned\x07c\x1b]52;c;ZXZpbA==\x07d\x1b]8;;https://evil.example\x1b\\e\x1b]8;;\x1b\\f';
    const out = sanitize(hostile);
    expect(out).toBe('abcdef');
    expect(isInert(out)).toBe(true);
  });

  it('neutralises C1 controls, 8-bit CSI and bidi overrides', () => {
    expect(sanitize('x\x9b31my\u202ez\u2066w')).toBe('xyzw');
    expect(sanitize('a\x00b\x7fc')).toBe('a\ufffdb\ufffdc');
  });

  it('folds newlines unless multiline is asked for', () => {
    expect(sanitize('1.2.3.4\n5.6.7.8')).toBe('1.2.3.4 5.6.7.8');
    expect(sanitize('1.2.3.4\r\n5.6.7.8', { multiline: true })).toBe('1.2.3.4\n5.6.7.8');
  });

  it('leaves wide characters and emoji alone', () => {
    expect(sanitize('日本語.example/🚀')).toBe('日本語.example/🚀');
  });
});

describe('invisible characters', () => {
  it('are shown by name, so a spoofed name does not read as the real one', () => {
    expect(sanitize('exam\u200bple.com')).toBe('exam⟨U+200B⟩ple.com');
    expect(sanitize('\ufeffa\u2060b\u00adc\u200cd')).toBe('⟨U+FEFF⟩a⟨U+2060⟩b⟨U+00AD⟩c⟨U+200C⟩d');
    expect(sanitize('ex\u200dample')).toBe('ex⟨U+200D⟩ample');
  });

  it('keep an emoji sequence joined', () => {
    expect(sanitize('👨\u200d👩\u200d👧')).toBe('👨\u200d👩\u200d👧');
  });
});

describe('cleanForUse', () => {
  it('says whether cleaning changed the text', () => {
    expect(cleanForUse('example.com')).toEqual({ text: 'example.com', changed: false });
    expect(cleanForUse('a\x1b[201~\r\nb\r\n')).toEqual({ text: 'a b', changed: true });
  });
});
