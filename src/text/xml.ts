// Text that goes into an XML (or polyglot HTML) document: XML 1.0 allows only tab, newline, CR,
// U+0020–U+D7FF, U+E000–U+FFFD and U+10000–U+10FFFF, so a C0 control, U+FFFE, U+FFFF or a lone
// surrogate in one report URL makes the whole file unreadable to a strict parser (expat, a CI
// dashboard). Each becomes U+FFFD, visible as sanitize's replacements are; markup is escaped.
import { sanitize } from './sanitize';

/** Everything XML 1.0's Char production leaves out (a lone surrogate is one code point under /u). */
const NOT_XML_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `s` with every character XML 1.0 forbids replaced by U+FFFD. */
export function xmlChars(s: string): string {
  return s.replace(NOT_XML_CHAR, '\ufffd');
}

/** True when `s` holds only characters XML 1.0 allows. */
export function isXmlText(s: string): boolean {
  return !new RegExp(NOT_XML_CHAR.source, 'u').test(s);
}

/**
 * One value as text or an attribute value of an XML or HTML document: made inert (sanitize), held
 * to XML 1.0's characters, and escaped (`'` as `&#39;`, which XML and HTML both read).
 */
export function xmlEscape(value: unknown): string {
  return xmlChars(sanitize(value)).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}
