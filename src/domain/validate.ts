import { hostWords, parseWebUrl } from '../text/webUrl';
import { lineProblems } from './lineRules';
import { parseFieldChoice } from './parse';
import type { FieldDef, ResourceDef, TextCheck, WriteOp } from './types';

/** Values to send on a write, keyed by field name, already in wire form. */
export type WriteValues = Record<string, string | number>;
/** field → messages, the same shape as a server 422. */
export type FieldErrors = Record<string, string[]>;

export type Validated = { ok: true; values: WriteValues } | { ok: false; errors: FieldErrors };

/**
 * What the client knows of the stored record on update: whether a secret (password) is already set,
 * as the record's boolean says (`null`: the server did not say, so the client does not refuse).
 */
export interface StoredState {
  readonly secretSet?: boolean | null;
}

/** What a record says of its secret (is a password set?), as the write rules need it on update. */
export function storedState(def: ResourceDef, record: object): StoredState {
  const secret = def.fields.find((f) => f.kind === 'secret');
  const set = secret ? (record as Readonly<Record<string, unknown>>)[secret.name] : undefined;
  return { secretSet: typeof set === 'boolean' ? set : null };
}

export function writableFields(def: ResourceDef, op: WriteOp): readonly FieldDef[] {
  return def.fields.filter((f) => f.ops.includes(op));
}

export function field(def: ResourceDef, name: string): FieldDef | undefined {
  return def.fields.find((f) => f.name === name);
}

/** Create defaults from the tables (website privacy Private, email Disabled, …). */
export function createDefaults(def: ResourceDef): WriteValues {
  const out: WriteValues = {};
  for (const f of writableFields(def, 'create')) if (f.createDefault !== undefined) out[f.name] = f.createDefault;
  return out;
}

const DOMAIN_RE = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)(\.(?!-)[\p{L}\p{N}-]{1,63}(?<!-))+$/u;

/** The checks a row may name (`check`): why a typed value is refused, in the field's label's words. */
const TEXT_CHECKS: Record<TextCheck, (f: FieldDef, value: string) => string | undefined> = {
  domainName: (f, value) => {
    const bare = value
      .replace(/^https?:\/\//i, '')
      .replace(/^www\./i, '')
      .replace(/\/+$/, '');
    return DOMAIN_RE.test(bare) ? undefined : `${f.label} must be a domain name like example.com.`;
  },
  webUrl: (f, value) => {
    // Written whole, under the one host rule; its own rule: a page on the web has a dotted name or an address.
    const p = parseWebUrl(value, { bare: 'refuse', bareUserinfo: false });
    const full = `${f.label} must be a full http:// or https:// address`;
    if (!p.ok) return p.problem.kind === 'host' ? `${full}: ${hostWords(p.problem.host)}.` : `${full}.`;
    if (!p.url.hostname.includes('.') && !p.url.hostname.startsWith('[')) return `${full}.`;
    return undefined;
  },
  ipLines: (f, value) => linesWords(f, lineProblems('ipLines', value)),
  paramLines: (f, value) => linesWords(f, lineProblems('paramLines', value)),
};

/** `Exclude IPs, line 2: 999.1.1.1 is not …`: every line the host would match nothing against, in one sentence. */
const linesWords = (f: FieldDef, problems: readonly string[]) => (problems.length ? `${f.label}, ${problems.join('; ')}.` : undefined);

function checkText(f: FieldDef, value: string): string | undefined {
  if (f.maxLength !== undefined && value.length > f.maxLength) return `${f.label} must be at most ${f.maxLength} characters.`;
  return f.check ? TEXT_CHECKS[f.check](f, value) : undefined;
}

/**
 * Checks what a form or flags would send, before any request. `input` holds only what the caller
 * sets (labels or values); on create the table's defaults fill the rest. Unknown fields are refused.
 */
export function validateWrite(def: ResourceDef, op: WriteOp, input: Record<string, unknown>, stored: StoredState = {}): Validated {
  const errors: FieldErrors = {};
  const add = (name: string, msg: string) => (errors[name] ??= []).push(msg);
  const fields = writableFields(def, op);
  const values: WriteValues = op === 'create' ? createDefaults(def) : {};

  for (const [name, raw] of Object.entries(input)) {
    if (raw === undefined) continue;
    const f = fields.find((x) => x.name === name);
    if (!f) {
      add(name, `${field(def, name)?.label ?? name} cannot be set on ${op}.`);
      continue;
    }
    if (f.kind === 'choice') {
      const p = parseFieldChoice(f, raw as string | number);
      if (p.ok) values[name] = p.value;
      else add(name, p.error + '.');
      continue;
    }
    const text = String(raw);
    const msg = checkText(f, f.kind === 'text' ? text.trim() : text);
    if (msg) add(name, msg);
    else values[name] = f.kind === 'text' ? text.trim() : text;
  }

  for (const f of fields) {
    if (f.requiredOn?.includes(op) && (values[f.name] === undefined || String(values[f.name]).trim() === '') && !errors[f.name]) {
      add(f.name, `${f.label} is required.`);
    }
  }
  const missing = secretMissing(def, op, values, stored);
  if (missing && !errors[missing.name]) add(missing.name, secretRequiredMessage(def, missing));
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values };
}

/**
 * The secret a write still needs: privacy becomes Password (set on create, or sent on update) while
 * no password is sent and none is stored yet — the servers refuse that with a 422.
 */
export function secretMissing(def: ResourceDef, op: WriteOp, values: Record<string, unknown>, stored: StoredState = {}): FieldDef | undefined {
  const pw = writableFields(def, op).find((f) => f.kind === 'secret');
  if (!pw?.onlyWhen || values[pw.onlyWhen.field] !== pw.onlyWhen.equals) return undefined;
  if (values[pw.name] !== undefined && String(values[pw.name]) !== '') return undefined;
  if (op === 'update' && stored.secretSet !== false) return undefined;
  return pw;
}

export function secretRequiredMessage(def: ResourceDef, pw: FieldDef): string {
  const on = pw.onlyWhen ? field(def, pw.onlyWhen.field) : undefined;
  const label = on?.choices?.find((c) => c.value === pw.onlyWhen?.equals)?.label ?? String(pw.onlyWhen?.equals);
  return `${pw.label} is required when ${(on?.label ?? 'privacy').toLowerCase()} is ${label} and no ${pw.label.toLowerCase()} is set yet.`;
}
