// The hosts' form requests: which fields each write takes and when a value fails, with Laravel 8's
// wording. The rules are each field's `host` column in the domain tables (as the hosts' form
// requests write them; a field without one: `nullable|string|max` or `nullable|integer|between`
// from its kind), and ranges and lengths are its choices and maxLength. Input arrives trimmed,
// empty strings as null (see http.ts parseInput); fields a write does not take are ignored, as
// Laravel ignores unvalidated input.

import { maxOf, minOf } from '../text/bounded';
import { field, type FieldDef, type FieldErrors, type HostRule, type ResourceDef, type WriteOp } from '../domain';
import { HOST_ORDER, hostOrdered } from './hostOrder';
import { fetchError, isDomainName, isPhpInt, isUrl, looseEquals, phpTruthy } from './laravel';

export type Input = Record<string, string | null>;

/** What some rules need beyond the input: whether a domain is taken, the stored record's page. */
export interface RuleContext {
  readonly taken?: (value: string) => boolean;
  /** The page of the record an update is about (unknown record: undefined). */
  readonly page?: string;
}

const attr = (name: string) => name.replace(/_/g, ' ');

/** The rules a field's write has: its row's, else the ones its kind implies. */
function hostRules(f: FieldDef, op: WriteOp): readonly HostRule[] {
  if (f.host) return f.host[op] ?? [];
  if (!f.ops.includes(op)) return [];
  const sometimes: HostRule[] = op === 'update' ? ['sometimes'] : [];
  if (f.kind === 'choice') return [...sometimes, 'nullable', 'integer', 'between'];
  return [...sometimes, 'nullable', 'string', ...(f.maxLength !== undefined ? (['max'] as const) : [])];
}

/** The smallest and largest value of a choice field (privacy 0–2, exclude_bots 0–1). */
function range(f: FieldDef): [number, number] {
  const values = (f.choices ?? []).map((c) => c.value);
  return [minOf(values), maxOf(values)];
}

/** Whether the field `onlyWhen` names holds the value that asks for this one (privacy == 2). */
function asked(f: FieldDef, input: Input): boolean {
  return f.onlyWhen !== undefined && looseEquals(given(input, f.onlyWhen.field), f.onlyWhen.equals);
}

/** Whether the field `onlyWhen` names holds another of its choices (privacy 0 or 1, or absent: PHP's null == 0). */
function otherwise(def: ResourceDef, f: FieldDef, input: Input): boolean {
  const on = f.onlyWhen;
  if (!on) return false;
  const others = (field(def, on.field)?.choices ?? []).filter((c) => c.value !== on.equals);
  return others.some((c) => looseEquals(given(input, on.field), c.value));
}

const given = (input: Input, name: string) => (name in input ? input[name] : undefined);

/** Each rule on a present value: its message when it fails. */
type Check = (v: string, f: FieldDef, ctx: RuleContext) => string | undefined;
const CHECKS: Partial<Record<HostRule, Check>> = {
  integer: (v, f) => (isPhpInt(v) ? undefined : `The ${attr(f.name)} must be an integer.`),
  between: (v, f) => {
    const [lo, hi] = range(f);
    return Number(v) < lo || Number(v) > hi ? `The ${attr(f.name)} must be between ${lo} and ${hi}.` : undefined;
  },
  max: (v, f) => (v.length > (f.maxLength ?? Infinity) ? `The ${attr(f.name)} must not be greater than ${f.maxLength} characters.` : undefined),
  url: (v, f) => (isUrl(v) ? undefined : `The ${attr(f.name)} must be a valid URL.`),
  domain: (v) => (isDomainName(v) ? undefined : 'Invalid domain name.'),
  unique: (v, f, ctx) => (ctx.taken?.(v) ? `The ${attr(f.name)} has already been taken.` : undefined),
  page: (v) => fetchError(v),
  rerun: (v, _f, ctx) => (phpTruthy(v) && ctx.page !== undefined ? fetchError(ctx.page) : undefined),
};
/** Rules that run only while the value has passed the others (a range of a non-number, a lookup of a bad name). */
const ONLY_IF_VALID = new Set<HostRule>(['between', 'unique']);

/** One field's messages on a write, Laravel's way: an absent or null value first, then each rule in turn. */
function checkField(def: ResourceDef, f: FieldDef, op: WriteOp, input: Input, ctx: RuleContext): string[] {
  const rules = hostRules(f, op);
  const v = given(input, f.name);
  const name = attr(f.name);
  if (v === undefined || v === null || v === '') {
    if (v === undefined && rules.includes('sometimes')) return [];
    if (rules.includes('required')) return [`The ${name} field is required.`];
    if (rules.includes('requiredWhen') && asked(f, input)) return [`The ${name} field is required when ${attr(f.onlyWhen!.field)} is ${f.onlyWhen!.equals}.`];
    if (v === undefined || rules.includes('nullable') || (rules.includes('nullableOtherwise') && otherwise(def, f, input))) return [];
    if (rules.includes('integer')) return [`The ${name} must be an integer.`];
    return rules.includes('string') ? [`The ${name} must be a string.`] : [];
  }
  const messages: string[] = [];
  for (const rule of rules) {
    if (messages.length && (rules.includes('bail') || ONLY_IF_VALID.has(rule))) break;
    const message = CHECKS[rule]?.(v, f, ctx);
    if (message) messages.push(message);
  }
  return messages;
}

/** A write's 422 field map, or undefined when the host takes it. */
export function checkWrite(def: ResourceDef, op: WriteOp, input: Input, ctx: RuleContext = {}): FieldErrors | undefined {
  const errors: FieldErrors = {};
  for (const f of hostOrdered(def.fields, (x) => x.name, HOST_ORDER[def.name]?.rules?.[op])) {
    const messages = checkField(def, f, op, input, ctx);
    if (messages.length) errors[f.name] = messages;
  }
  return Object.keys(errors).length ? errors : undefined;
}
