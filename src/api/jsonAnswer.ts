// An answer's JSON text → its value, with two guards JSON.parse lacks. Nesting deeper than a limit is
// refused before anything walks the value (a record 10 000 levels deep made `--json` write 400 MB),
// by one pass over the text. And a record id JSON.parse would round (above 2^53) keeps the digits
// the server sent (src/domain/ids.ts), read from the number's source text.

/** Nesting the APIs never come near (their records are 3 levels deep); a user may raise it (`max_depth`). */
export const DEFAULT_MAX_DEPTH = 64;

export type JsonAnswer = { ok: true; value: unknown } | { ok: false; problem: 'malformed' } | { ok: false; problem: 'deep'; depth: number };

/** How deep the text nests (objects and arrays), stopping as soon as it passes `limit`. Strings are skipped. */
export function nestingPast(text: string, limit: number): number | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return depth;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return null;
}

// A number literal with 16 or more digits: only such a one can be a whole number JSON.parse rounds
// (2^53 has 16 digits). Answers without one, nearly all, are parsed without the slower reviver.
const LONG_NUMBER = /(?:\d\.?){16}/;

/** Keeps the source text of an `id` that is a number but not a safe whole number. */
function exactIds(this: unknown, key: string, value: unknown, context?: { source?: string }): unknown {
  if (key === 'id' && typeof value === 'number' && !Number.isSafeInteger(value) && context?.source) return context.source;
  return value;
}

export function parseAnswer(text: string, maxDepth = DEFAULT_MAX_DEPTH): JsonAnswer {
  const depth = nestingPast(text, maxDepth);
  if (depth !== null) return { ok: false, problem: 'deep', depth };
  try {
    const reviver = LONG_NUMBER.test(text) ? (exactIds as (k: string, v: unknown) => unknown) : undefined;
    return { ok: true, value: JSON.parse(text, reviver) };
  } catch {
    return { ok: false, problem: 'malformed' };
  }
}
