// Whether a document an XML reader gets is well formed: fast-xml-parser's validator for the
// structure (tags, attributes, entities), and XML 1.0's Char production for every character,
// which that validator does not check and expat (Python's xml.etree, most CI dashboards) does.
import { XMLValidator } from 'fast-xml-parser';

/** The first character XML 1.0 does not allow (a C0 control, U+FFFE, U+FFFF, a lone surrogate). */
const NOT_XML_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** Why `doc` is not well-formed XML, or null when it is. */
export function xmlProblem(doc: string): string | null {
  const bad = NOT_XML_CHAR.exec(doc);
  if (bad) return `U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} at ${bad.index}, which XML 1.0 does not allow`;
  const v = XMLValidator.validate(doc);
  return v === true ? null : `${v.err.code}: ${v.err.msg} (line ${v.err.line}, column ${v.err.col})`;
}
