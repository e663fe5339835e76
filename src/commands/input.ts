// Flag values → what the client sends, checked against the domain tables before any request.
import {
  normaliseLines,
  parseIdToken,
  parseListParam,
  validateWrite,
  type FieldErrors,
  type ListQuery,
  type RecordId,
  type ResourceDef,
  type WriteOp,
  type WriteValues,
} from '../domain';
import { excerpt, sanitize } from '../text/sanitize';
import { EXIT } from './exitCodes';
import { CommandFailure } from './failure';
import { camel, flagOf, writeFields } from './flags';

export type Options = Record<string, unknown>;

/** The list query the flags ask for; every value checked (labels or values), errors list the allowed ones. */
export function listQueryFrom(def: ResourceDef, opts: Options): ListQuery {
  const query: Record<string, string | number> = {};
  const errors: string[] = [];
  for (const p of def.listParams) {
    const raw = opts[camel(p.name)];
    if (raw === undefined) continue;
    const parsed = parseListParam(p, raw as string);
    if (parsed.ok) query[p.name] = parsed.value;
    else {
      // `--sort domain`: a value another flag of the list takes is that flag, probably.
      const takes = def.listParams.filter((q) => q !== p && q.choices && parseListParam(q, raw as string).ok);
      const related = (q: { name: string }) => q.name.startsWith(p.name) || p.name.startsWith(q.name);
      const meant = takes.find(related) ?? takes[0];
      const hint = meant ? `: did you mean ${flagOf(meant.name)} ${sanitize(raw)}?` : '';
      errors.push(`${flagOf(p.name)}: ${parsed.error}${hint}`);
    }
  }
  if (errors.length) throw new CommandFailure(EXIT.usage, errors);
  return query;
}

/** Each field error on its own line, naming the flag. */
export function fieldErrorLines(errors: FieldErrors, named: (field: string) => string): string[] {
  return Object.entries(errors).flatMap(([name, msgs]) => msgs.map((m) => `${named(name)}: ${m}`));
}

/**
 * The values a create or update sends: the flags given (plus the positional name on create and a
 * password read from stdin), checked by validateWrite. Update takes only what was given.
 */
export function writeValuesFrom(def: ResourceDef, op: WriteOp, opts: Options, extra: { name?: string; secrets?: Record<string, string> } = {}): WriteValues {
  const input: Record<string, unknown> = {};
  if (op === 'create' && extra.name !== undefined) input[def.nameField] = extra.name;
  for (const f of writeFields(def, op)) {
    let raw = opts[camel(f.name)];
    if (extra.secrets?.[f.name] !== undefined) raw = extra.secrets[f.name];
    if (raw === undefined) continue;
    input[f.name] = f.kind === 'lines' ? normaliseLines(String(raw)) : raw;
  }
  if (op === 'update' && Object.keys(input).length === 0) {
    const flags = writeFields(def, op).map((f) => flagOf(f.name));
    throw new CommandFailure(EXIT.usage, `nothing to change: give at least one of ${flags.join(', ')}`);
  }
  const checked = validateWrite(def, op, input);
  if (!checked.ok) {
    const named = (name: string) => (name === def.nameField ? def.nameField : flagOf(name));
    throw new CommandFailure(EXIT.usage, ['invalid values, nothing was sent:', ...fieldErrorLines(checked.errors, named).map((l) => `  ${l}`)]);
  }
  return checked.values;
}

/** A record id from the command line: a whole number from 1. */
export function parseId(raw: string): RecordId {
  const id = parseIdToken(raw.trim());
  if (id === null) throw new CommandFailure(EXIT.usage, `id must be a whole number from 1 (got "${excerpt(raw)}")`);
  return id;
}
