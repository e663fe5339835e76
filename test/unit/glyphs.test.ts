// The one table of glyphs (src/text/glyphs.ts): it holds every non-ASCII character a string of the
// sources can print (scanned: string literals, template text, JSX text; not comments, not regular
// expressions), each with a printable ASCII fallback one column wide, so a new glyph fails here
// until it has one. The locale rule (LC_ALL > LC_CTYPE > LANG), the deck's frame under it, and
// JSON kept exact.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { asciiGlyphs, escapeGlyphs, GLYPH_FALLBACKS, glyphsFor, localeIsUtf8 } from '../../src/text/glyphs';
import Output from '../../src/ui/ink/frameOutput';
import { setFrameGlyphs } from '../../src/ui/ink/frameGlyphs';

const ROOT = join(import.meta.dirname, '../..');
/** Where printed words are written: the commands and text (the brief's), and what they print of the domain, history and the deck. */
const SCANNED = ['src/commands', 'src/text', 'src/domain', 'src/history', 'src/ui'];
/** Characters in strings that are matched or written as markers, never printed as they are. */
const NOT_PRINTED: Readonly<Record<string, string>> = {
  '\u200d': 'sanitize keeps a zero-width joiner inside an emoji, which it compares with',
  '⟦': 'a key reference (src/keys/keyRef.ts), spelled as the key before it is shown',
};

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(n) ? [p] : [];
  });

/** Each non-ASCII character of the file's strings, with where it first is. */
function printedCharacters(file: string, found: Map<string, string>): void {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (node: ts.Node): void => {
    const text =
      ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isJsxText(node) ? node.text : '';
    for (const ch of text.replace(/[\x00-\x7f]/g, '')) {
      if (!found.has(ch)) found.set(ch, `${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

describe('the glyph table', () => {
  it('has a fallback for every non-ASCII character a string of src/commands, src/text (and the words they print) holds', () => {
    const found = new Map<string, string>();
    for (const dir of SCANNED) for (const file of sources(join(ROOT, dir))) printedCharacters(file, found);
    expect(found.size).toBeGreaterThan(20);
    const missing = [...found]
      .filter(([ch]) => !(ch in GLYPH_FALLBACKS) && !(ch in NOT_PRINTED))
      .map(([ch, at]) => `${ch} (U+${ch.codePointAt(0)!.toString(16)}) at ${at}`);
    expect(missing).toEqual([]);
  });

  it('falls back to printable ASCII, one column for one (but ≤, which the deck never draws)', () => {
    for (const [glyph, ascii] of Object.entries(GLYPH_FALLBACKS)) {
      expect(ascii, glyph).toMatch(/^[\x20-\x7e]+$/);
      if (glyph !== '≤') expect(ascii, glyph).toHaveLength(1);
    }
    expect(asciiGlyphs('✓ 12 done · 3 … — ▲ high ◆ ▽ ↑3 █▓░ é')).toBe('v 12 done - 3 ~ - ^ high * v ^3 #=. é');
  });

  it('reads the locale as C does: LC_ALL, else LC_CTYPE, else LANG; UTF-8 (any spelling) or not', () => {
    const cases: [Record<string, string>, boolean][] = [
      [{}, false],
      [{ LANG: 'C' }, false],
      [{ LANG: 'en_GB.UTF-8' }, true],
      [{ LANG: 'de_DE.utf8' }, true],
      [{ LANG: 'C.UTF-8', LC_CTYPE: 'C' }, false],
      [{ LANG: 'C', LC_CTYPE: 'en_US.UTF-8' }, true],
      [{ LC_ALL: 'C', LC_CTYPE: 'C.UTF-8', LANG: 'C.UTF-8' }, false],
      [{ LC_ALL: '', LANG: 'C.UTF-8' }, true],
      [{ LANG: 'en_US.ISO-8859-1' }, false],
    ];
    for (const [env, utf8] of cases) {
      expect(localeIsUtf8(env), JSON.stringify(env)).toBe(utf8);
      expect(glyphsFor(env)('✓ …'), JSON.stringify(env)).toBe(utf8 ? '✓ …' : 'v ~');
    }
  });

  it('escapes glyphs in JSON text: the same strings, ASCII bytes', () => {
    const value = { key: '••••', title: 'Home — Shop…', city: 'Zürich' };
    const json = escapeGlyphs(JSON.stringify(value));
    expect(json).toBe('{"key":"\\u2022\\u2022\\u2022\\u2022","title":"Home \\u2014 Shop\\u2026","city":"Zürich"}');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe("the deck's frame", () => {
  afterEach(() => setFrameGlyphs((text) => text));
  const frame = () => {
    const out = new Output({ width: 20, height: 2 });
    out.write(0, 0, '› ✓ ok… ▲', { transformers: [] });
    out.write(10, 0, '│ 3 · 4', { transformers: [] });
    out.write(0, 1, '\x1b[1m█▓░\x1b[22m ⠋', { transformers: [] });
    return out.get().output;
  };

  it('draws its glyphs in ASCII, in the same cells, where the locale cannot encode UTF-8; as it was in UTF-8', () => {
    const utf8 = frame();
    expect(utf8).toBe('› ✓ ok… ▲ │ 3 · 4\n\x1b[1m█▓░\x1b[22m ⠋');
    setFrameGlyphs(glyphsFor({ LANG: 'C.UTF-8' }));
    expect(frame()).toBe(utf8);
    setFrameGlyphs(glyphsFor({ LANG: 'C' }));
    expect(frame()).toBe('> v ok~ ^ | 3 - 4\n\x1b[1m#=.\x1b[22m -');
  });
});
