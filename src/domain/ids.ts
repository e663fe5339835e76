// Record ids exactly as the server sent them. JSON.parse rounds whole numbers above 2^53
// (9007199254740993 becomes …992, another record), so the answer's reader keeps such an id's digits
// (src/api/jsonAnswer.ts) and the id travels as this one type from the normaliser to every request
// path, the deck's rows, marks, undo, history, cache and the commands' `--ids`.

import { sanitize } from '../text/sanitize';

declare const exactDigits: unique symbol;

/** Whole-number digits too large for a number, or an id that is not a whole number, as text. */
type IdText = string & { readonly [exactDigits]: true };

/**
 * A record id: a safe whole number from 1 as a number; a larger one as its exact digits; anything
 * else the server called an id (`1e+21`, `1.5`, `-3`, `abc`) as the text it sent. Each id has one
 * form, so `===`, Sets and object keys work on it. The last kind is shown but never written to
 * (`idProblem`).
 */
export type RecordId = number | IdText;

/** How many characters of an id a message or a row shows. */
const SHOWN = 40;

const DIGITS = /^0*([1-9]\d*)$/;

/** The one form of a whole number from 1 written as digits. */
function fromDigits(digits: string): RecordId {
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : (digits as IdText);
}

/**
 * The id of a raw record: `raw` is what the answer's reader gave (a number, or the source text of a
 * number JSON.parse would round), or a string the server sent. null: no id at all.
 */
export function recordIdOf(raw: unknown): RecordId | null {
  if (typeof raw === 'number') {
    if (Number.isSafeInteger(raw) && raw > 0) return raw;
    if (Number.isNaN(raw)) return null;
    // A whole number past 2^53 that reached here as a number was rounded on the way: its digits are
    // not the server's, so it is written as the approximation it is (never a usable id).
    return (Number.isInteger(raw) && raw > Number.MAX_SAFE_INTEGER && raw < 1e21 ? raw.toExponential() : String(raw)) as IdText;
  }
  if (typeof raw !== 'string') return null;
  const t = raw.trim();
  if (!t) return null;
  const m = DIGITS.exec(t);
  return m && m[1].length <= SHOWN ? fromDigits(m[1]) : (t as IdText);
}

/** Why no request may be built from `id`, in words; null when it is a whole number from 1. */
export function idProblem(id: RecordId): string | null {
  if (typeof id === 'number' ? Number.isSafeInteger(id) && id > 0 : /^[1-9]\d*$/.test(id)) return null;
  return `its id ${idText(id)} is not a whole number from 1, so sitedeck sends nothing for it`;
}

/** The id as a message or a row shows it: a bad id cleaned (it came from a server) and cut short. */
export function idText(id: RecordId): string {
  if (typeof id === 'number') return String(id);
  const s = sanitize(id);
  return s.length > SHOWN ? `${s.slice(0, SHOWN - 1)}…` : s;
}

/** An id typed by the user (`--ids`, `:go 12`): whole-number digits only; null otherwise. */
export function parseIdToken(token: string): RecordId | null {
  const m = DIGITS.exec(token);
  return m && m[1].length <= SHOWN ? fromDigits(m[1]) : null;
}

/** Ids in numeric order (digits longer than a number sort after it; bad ids last). */
export function compareIds(a: RecordId, b: RecordId): number {
  const key = (id: RecordId): [number, string] => (typeof id === 'number' ? [0, ''] : idProblem(id) === null ? [1, id.padStart(SHOWN, '0')] : [2, id]);
  const [ka, sa] = key(a);
  const [kb, sb] = key(b);
  if (ka !== kb) return ka - kb;
  if (ka === 0) return (a as number) - (b as number);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}
