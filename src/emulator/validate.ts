// The hosts' form requests: which fields each write takes and when a value fails, with Laravel 8's
// wording. Ranges and lengths come from the domain tables; the rules themselves are the servers'
// (e.g. `email` takes any integer, a password is required only when creating with privacy
// Password). Input arrives trimmed, empty strings as null (see http.ts parseInput); fields a
// write does not take are ignored, as Laravel ignores unvalidated input.

import { maxOf, minOf } from '../text/bounded';
import { field, type FieldErrors, type ResourceDef } from '../domain';
import { fetchError, isDomainName, isPhpInt, isUrl, looseEquals } from './laravel';

export type Input = Record<string, string | null>;

const attr = (name: string) => name.replace(/_/g, ' ');

class Errors {
  readonly map: FieldErrors = {};
  add(name: string, msg: string): void {
    (this.map[name] ??= []).push(msg);
  }
  has(name: string): boolean {
    return name in this.map;
  }
  get ok(): boolean {
    return Object.keys(this.map).length === 0;
  }
}

/** The smallest and largest value of a choice field (privacy 0–2, exclude_bots 0–1). */
function range(def: ResourceDef, name: string): [number, number] {
  const values = (field(def, name)?.choices ?? []).map((c) => c.value);
  return [minOf(values), maxOf(values)];
}

function maxLength(def: ResourceDef, name: string): number {
  return field(def, name)?.maxLength ?? Infinity;
}

/** `integer` and, with `between`, its range; a null value passes only when `nullable`. */
function checkInteger(e: Errors, name: string, v: string | null, between: [number, number] | undefined, nullable: boolean): void {
  if (v === null) {
    if (!nullable) e.add(name, `The ${attr(name)} must be an integer.`);
    return;
  }
  if (!isPhpInt(v)) e.add(name, `The ${attr(name)} must be an integer.`);
  else if (between && (Number(v) < between[0] || Number(v) > between[1])) {
    e.add(name, `The ${attr(name)} must be between ${between[0]} and ${between[1]}.`);
  }
}

function checkPassword(e: Errors, def: ResourceDef, v: string | null, nullable: boolean): void {
  if (v === null) {
    if (!nullable) e.add('password', 'The password must be a string.');
  } else if (v.length > maxLength(def, 'password')) {
    e.add('password', `The password must not be greater than ${maxLength(def, 'password')} characters.`);
  }
}

const given = (input: Input, name: string) => (name in input ? input[name] : undefined);

/** The privacy rule of a write: `nullable` on create, `sometimes|required` on update. */
function checkPrivacy(e: Errors, def: ResourceDef, input: Input, op: 'create' | 'update'): void {
  const v = given(input, 'privacy');
  if (v === undefined) return;
  if (v === null && op === 'update') return e.add('privacy', 'The privacy field is required.');
  checkInteger(e, 'privacy', v, range(def, 'privacy'), op === 'create');
}

/** Create: required when privacy == 2. Update: nullable while privacy is 0 or 1 (or absent), else `sometimes`. */
function checkPasswordRule(e: Errors, def: ResourceDef, input: Input, op: 'create' | 'update'): void {
  const pw = given(input, 'password');
  const privacy = given(input, 'privacy');
  if (op === 'create') {
    if (looseEquals(privacy, 2) && (pw === undefined || pw === null)) e.add('password', 'The password field is required when privacy is 2.');
    else if (pw !== undefined) checkPassword(e, def, pw, true);
    return;
  }
  if (pw === undefined) return;
  checkPassword(e, def, pw, looseEquals(privacy, 0) || looseEquals(privacy, 1));
}

export function checkWebsiteStore(def: ResourceDef, input: Input, taken: (domain: string) => boolean): FieldErrors | undefined {
  const e = new Errors();
  const domain = input.domain ?? '';
  if (domain === '') e.add('domain', 'The domain field is required.');
  else {
    if (domain.length > maxLength(def, 'domain')) e.add('domain', `The domain must not be greater than ${maxLength(def, 'domain')} characters.`);
    if (!isDomainName(domain)) e.add('domain', 'Invalid domain name.');
    if (!e.has('domain') && taken(domain)) e.add('domain', 'The domain has already been taken.');
  }
  checkPrivacy(e, def, input, 'create');
  checkPasswordRule(e, def, input, 'create');
  const bots = given(input, 'exclude_bots');
  if (bots !== undefined) checkInteger(e, 'exclude_bots', bots, range(def, 'exclude_bots'), true);
  const email = given(input, 'email');
  if (email !== undefined) checkInteger(e, 'email', email, undefined, true);
  return e.ok ? undefined : e.map;
}

export function checkWebsiteUpdate(def: ResourceDef, input: Input): FieldErrors | undefined {
  const e = new Errors();
  checkPrivacy(e, def, input, 'update');
  checkPasswordRule(e, def, input, 'update');
  const bots = given(input, 'exclude_bots');
  if (bots !== undefined) checkInteger(e, 'exclude_bots', bots, range(def, 'exclude_bots'), false);
  const email = given(input, 'email');
  if (email !== undefined) checkInteger(e, 'email', email, undefined, true);
  return e.ok ? undefined : e.map;
}

/** `bail`: the url stops at its first failing rule, the page fetch last. */
export function checkReportStore(def: ResourceDef, input: Input): FieldErrors | undefined {
  const e = new Errors();
  const url = input.url ?? null;
  if (url === null) e.add('url', 'The url field is required.');
  else if (url.length > maxLength(def, 'url')) e.add('url', `The url must not be greater than ${maxLength(def, 'url')} characters.`);
  else if (!isUrl(url)) e.add('url', 'The url must be a valid URL.');
  else {
    const failed = fetchError(url);
    if (failed) e.add('url', failed);
  }
  checkPrivacy(e, def, input, 'create');
  checkPasswordRule(e, def, input, 'create');
  return e.ok ? undefined : e.map;
}

/** `fullUrl`: the stored report's page, fetched again when `results` asks for it (unknown report: undefined). */
export function checkReportUpdate(def: ResourceDef, input: Input, rerun: boolean, fullUrl: string | undefined): FieldErrors | undefined {
  const e = new Errors();
  if (rerun && fullUrl !== undefined) {
    const failed = fetchError(fullUrl);
    if (failed) e.add('results', failed);
  }
  checkPrivacy(e, def, input, 'update');
  checkPasswordRule(e, def, input, 'update');
  return e.ok ? undefined : e.map;
}
