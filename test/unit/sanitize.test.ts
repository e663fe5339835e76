import { describe, expect, it } from 'vitest';
import { cleanForUse, excerpt, isInert, sanitize } from '../../src/text/sanitize';

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

  it('are every default-ignorable code point, TAG character and line or paragraph separator, each by name', () => {
    for (const cp of [0x2028, 0x2029, 0x034f, 0x115f, 0x3164, 0x180b, 0x2800, 0xffa0, 0x1d173, 0xe0001, 0xe0072]) {
      const name = `⟨U+${cp.toString(16).toUpperCase().padStart(4, '0')}⟩`;
      expect(sanitize(`a${String.fromCodePoint(cp)}b`), name).toBe(`a${name}b`);
    }
    // A lone selector, or a second one (data smuggled in selectors), is named; TAG characters spelling a command too.
    expect(sanitize('\ufe0fa\ufe0f\ufe0f')).toBe('⟨U+FE0F⟩a\ufe0f⟨U+FE0F⟩');
    const hidden = [...'rm -rf ~'].map((c) => String.fromCodePoint(0xe0000 + c.codePointAt(0)!)).join('');
    const rmTags = '⟨U+E0072⟩⟨U+E006D⟩⟨U+E0020⟩⟨U+E002D⟩';
    const rfTags = '⟨U+E0072⟩⟨U+E0066⟩⟨U+E0020⟩⟨U+E007E⟩';
    expect(sanitize(`https://a.example/${hidden}`)).toBe(`https://a.example/${rmTags}${rfTags}`);
  });

  it('leave what builds one glyph: an emoji with its selector, a subdivision flag', () => {
    expect(sanitize('❤\ufe0f ok')).toBe('❤\ufe0f ok');
    const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    expect(sanitize(england)).toBe(england);
  });

  it('are left out of what is copied, and the copy says it was cleaned', () => {
    const hidden = [...'rm -rf ~'].map((c) => String.fromCodePoint(0xe0000 + c.codePointAt(0)!)).join('');
    expect(cleanForUse(`https://a.example/${hidden}\u2028x\u034f`)).toEqual({ text: 'https://a.example/x', changed: true });
    expect(isInert(`a${hidden}`)).toBe(false);
  });
});

describe('cleanForUse', () => {
  it('says whether cleaning changed the text', () => {
    expect(cleanForUse('example.com')).toEqual({ text: 'example.com', changed: false });
    expect(cleanForUse('a\x1b[201~\r\nb\r\n')).toEqual({ text: 'a b', changed: true });
  });
});

describe('excerpt', () => {
  it('quotes at most 80 characters of bad input, cleaned, without walking the rest', () => {
    expect(excerpt('abc')).toBe('abc');
    const huge = `\x1b[2J${'x'.repeat(10_000_000)}`;
    const quoted = excerpt(huge);
    expect(quoted).toMatch(/^x+…$/);
    expect(quoted.length).toBeLessThanOrEqual(80);
    expect(excerpt('a'.repeat(80))).toBe('a'.repeat(80));
  });
});
