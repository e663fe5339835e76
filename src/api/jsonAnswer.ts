// An answer's JSON text → its value, with two guards JSON.parse lacks. Nesting deeper than a limit is
// refused before anything walks the value (a record 10 000 levels deep made `--json` write 400 MB),
// by one pass over the text. And a record id JSON.parse would round (above 2^53) keeps the digits
// the server sent (src/domain/ids.ts), read from the number's source text.
import { stringEnd } from '../text/jsonString';
import { REQUEST_DEFAULTS } from '../domain/requestDefaults';

/** Nesting the APIs never come near; a user may raise it (`max_depth`). */
export const DEFAULT_MAX_DEPTH: number = REQUEST_DEFAULTS.maxDepth;

export type JsonAnswer = { ok: true; value: unknown } | { ok: false; problem: 'malformed' } | { ok: false; problem: 'deep'; depth: number };

/** What one pass over an answer's text finds: how deep it nests (past `limit`: where it stopped) and whether a number has 16 digits in a row. */
export interface Scan {
  /** Past the limit: the depth reached when the scan stopped; otherwise null. */
  deep: number | null;
  /** A number with 16 or more digits in a row: only such a one can be an id JSON.parse rounds (2^53 has 16). */
  longNumber: boolean;
}

/** One pass, strings skipped (they are most of an answer, and indexOf jumps over them). */
export function scanAnswer(text: string, limit: number): Scan {
  let depth = 0;
  let run = 0;
  let longNumber = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      if (++run >= 16) longNumber = true;
      continue;
    }
    run = 0;
    if (c === 0x22) {
      const end = stringEnd(text, i);
      if (end === -1) break;
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return { deep: depth, longNumber };
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return { deep: null, longNumber };
}

/** How deep the text nests, stopping as soon as it passes `limit` (null: it does not). */
export function nestingPast(text: string, limit: number): number | null {
  return scanAnswer(text, limit).deep;
}

/** Keeps the source text of an `id` that is a number but not a safe whole number. */
function exactIds(this: unknown, key: string, value: unknown, context?: { source?: string }): unknown {
  if (key === 'id' && typeof value === 'number' && !Number.isSafeInteger(value) && context?.source) return context.source;
  return value;
}

export function parseAnswer(text: string, maxDepth = DEFAULT_MAX_DEPTH): JsonAnswer {
  const scan = scanAnswer(text, maxDepth);
  if (scan.deep !== null) return { ok: false, problem: 'deep', depth: scan.deep };
  try {
    // Nearly every answer has no long number and is parsed without the (slower) reviver.
    const reviver = scan.longNumber ? exactIds : undefined;
    return { ok: true, value: JSON.parse(text, reviver) };
  } catch {
    return { ok: false, problem: 'malformed' };
  }
}
