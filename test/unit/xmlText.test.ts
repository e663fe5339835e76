// text/xml.ts: what XML 1.0 forbids becomes U+FFFD, markup is escaped, and the result is read by
// a parser.
import { describe, expect, it } from 'vitest';
import { isXmlText, xmlChars, xmlEscape } from '../../src/text/xml';
import { xmlProblem } from '../helpers/xml';

describe('xmlEscape', () => {
  it('replaces C0 controls, U+FFFE, U+FFFF and lone surrogates; keeps tab, newline, CR and pairs', () => {
    expect(xmlChars('a\x00b\x08c\x0bd\x1fe\ufffef\uffffg\ud800h\udfffi')).toBe('a\ufffdb\ufffdc\ufffdd\ufffde\ufffdf\ufffdg\ufffdh\ufffdi');
    expect(xmlChars('\t\n\r🚀\u{10ffff}\ud7ff\ue000\ufffd')).toBe('\t\n\r🚀\u{10ffff}\ud7ff\ue000\ufffd');
    // A high surrogate and a low one in the wrong order are two lone ones.
    expect(xmlChars('\udc00\ud800')).toBe('\ufffd\ufffd');
    expect(isXmlText('ok\n')).toBe(true);
    expect(isXmlText('\ufffe')).toBe(false);
  });

  it('escapes markup and makes the text inert: an element read back holds what was meant', () => {
    const evil = `<a href="x">'&'</a>\x1b]0;t\x07\ufffe\ud83d`;
    const text = xmlEscape(evil);
    expect(text).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;\ufffd\ufffd');
    expect(xmlProblem(`<?xml version="1.0"?><r a="${text}">${text}</r>`)).toBeNull();
  });
});
