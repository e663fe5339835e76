// config.json's text → its JSON value, the one way everything that reads the file reads it (the
// loader and its rewrite, `config keys`, the deck's keys, the cache switch at the very start: so it
// imports only the string scan it shares with the answers' reader). As people edit it: one leading byte-order mark, which Windows editors write, is
// not JSON and is skipped (and kept on a rewrite); nesting deeper than MAX_CONFIG_DEPTH is refused
// before JSON.parse, by one pass over the text that does not recurse.

import { stringEnd } from '../text/jsonString';

/**
 * How many `{` and `[` may be open at once. config.json is at most six levels deep (the file, its
 * profiles, a profile, its views, a view, a view's filters); 64 is far past anything written by
 * hand or by sitedeck, and far below where what walks the value (JSON.stringify on a rewrite) runs
 * out of stack: a file 100 000 levels deep made `config set` say "Maximum call stack size exceeded".
 */
export const MAX_CONFIG_DEPTH = 64;

const BOM = '\uFEFF';

type ConfigText =
  | { ok: true; value: unknown; bom: boolean }
  /** Nested past the limit: `at` is the character (from 1, the byte-order mark not counted) where it went past. */
  | { ok: false; problem: 'deep'; at: number }
  /** Not JSON: JSON.parse's error (its message quotes the text: say it through files' jsonProblem). */
  | { ok: false; problem: 'malformed'; error: unknown };

/** Where the text first opens more than `limit` brackets at once (an index), or -1; strings are skipped. */
function pastDepth(text: string, limit: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const end = stringEnd(text, i);
      if (end === -1) return -1; // an unclosed string: JSON.parse says where
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return i;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return -1;
}

/** config.json's text read as JSON: a leading byte-order mark skipped, nesting past MAX_CONFIG_DEPTH refused. */
export function parseConfigText(text: string): ConfigText {
  const bom = text.startsWith(BOM);
  const json = bom ? text.slice(BOM.length) : text;
  const at = pastDepth(json, MAX_CONFIG_DEPTH);
  if (at >= 0) return { ok: false, problem: 'deep', at: at + 1 };
  try {
    return { ok: true, value: JSON.parse(json) as unknown, bom };
  } catch (error) {
    return { ok: false, problem: 'malformed', error };
  }
}

/** The text a rewrite writes: with the byte-order mark the file had, so the editor that wrote it finds it as it was. */
export const withBom = (text: string, bom: boolean): string => (bom ? BOM + text : text);
