// JSON for stdout: exact JSON with the same strings, inert on any terminal when --json is not piped
// (src/text/json.ts escapes what JSON.stringify leaves raw), and sitedeck's glyphs escaped so the
// ASCII a locale without UTF-8 gets (src/text/glyphs.ts) never changes a string a program reads.
import { escapeGlyphs } from '../../text/glyphs';
import { inertJsonText } from '../../text/json';

export function toJson(value: unknown): string {
  return escapeGlyphs(inertJsonText(value, 2)) + '\n';
}
