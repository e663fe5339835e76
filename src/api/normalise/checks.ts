// A report's `results` object (check name → {passed, importance, value, errors}) → Check[],
// labelled from the domain's CHECKS; checks sitedeck does not know keep their name as label.

import { parseAnswer } from '../jsonAnswer';
import { CHECKS, IMPORTANCE, type Check, type Importance } from '../../domain';
import { isPlainObject, toBoolean } from './values';

function isImportance(v: unknown): v is Importance {
  return typeof v === 'string' && Object.prototype.hasOwnProperty.call(IMPORTANCE, v);
}

function toErrors(v: unknown): Record<string, unknown> | undefined {
  if (isPlainObject(v)) return Object.keys(v).length ? v : undefined;
  if (Array.isArray(v) && v.length) return Object.fromEntries(v.map((e, i) => [String(i), e]));
  return undefined;
}

/** The domain's checks by name, with their place in its order (a report names each of its tens of checks). */
const KNOWN: ReadonlyMap<string, { check: (typeof CHECKS)[number]; rank: number }> = new Map(CHECKS.map((check, rank) => [check.name, { check, rank }]));

function toCheck(name: string, raw: unknown): Check {
  const known = KNOWN.get(name)?.check;
  const body = isPlainObject(raw) ? raw : { passed: raw };
  // The report's own importance wins; the table only fills in what it leaves out (and says so).
  const sent = isImportance(body.importance) ? body.importance : null;
  const importance = sent ?? known?.importance ?? 'low';
  const check: Check = { name, label: known?.label ?? name, passed: toBoolean(body.passed) ?? false, importance };
  if (!sent) check.importanceFrom = known ? 'table' : 'guess';
  if (body.value !== undefined) check.value = body.value;
  const errors = toErrors(body.errors);
  if (errors) check.errors = errors;
  return check;
}

/** Servers send an object keyed by check name; some send it JSON-encoded, or as a list with names. */
export function normaliseChecks(raw: unknown): Check[] | null {
  let v = raw;
  if (typeof v === 'string') {
    // Read as the answer itself was: nesting past the limit is refused before it is walked.
    const read = parseAnswer(v);
    if (!read.ok) return null;
    v = read.value;
  }
  let entries: [string, unknown][];
  if (isPlainObject(v)) entries = Object.entries(v);
  else if (Array.isArray(v) && v.every((e) => isPlainObject(e) && typeof e.name === 'string')) {
    entries = v.map((e) => [(e as { name: string }).name, e]);
  } else return null;
  const order = (name: string) => KNOWN.get(name)?.rank ?? CHECKS.length;
  // Known checks in the domain's order, unknown ones after them in the server's order.
  return entries
    .map(([name, body], i) => ({ check: toCheck(name, body), rank: order(name), i }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((e) => e.check);
}
