// JSON for stdout: exact JSON with the same strings, inert on any terminal when --json is not piped
// (src/text/json.ts escapes what JSON.stringify leaves raw), and sitedeck's glyphs escaped so the
// ASCII a locale without UTF-8 gets (src/text/glyphs.ts) never changes a string a program reads.
// A record's fields are the host's values as it sent them: a timestamp the normaliser rewrote for
// the deck is given back in the host's own text (domain/hostText.ts).
import { hostTextOf } from '../../domain/hostText';
import { escapeGlyphs } from '../../text/glyphs';
import { inertJsonText } from '../../text/json';

export function toJson(value: unknown): string {
  return escapeGlyphs(inertJsonText(asSent(value), 2)) + '\n';
}

/** One JSON line (ndjson, a bulk run's lines): the same text as toJson, on one line. */
export function toJsonLine(value: unknown): string {
  return escapeGlyphs(inertJsonText(asSent(value))) + '\n';
}

/** How deep a record sits in what a command prints (`{data: [record]}`, `{record}`): below, a host's own values, left whole. */
const RECORD_DEPTH = 3;

/** `value` with every record's rewritten fields put back as the host sent them (a copy; `value` is left as it is). */
function asSent(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > RECORD_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => asSent(v, depth + 1));
  const sent = hostTextOf(value);
  // A record holds no records: its own fields are replaced, its values (a host's `extra`, however deep) left whole.
  if (sent) return { ...value, ...sent };
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asSent(v, depth + 1)]));
}
