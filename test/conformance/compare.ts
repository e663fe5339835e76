// What "answers the same" means: the status, the structure of the body (key paths and value
// types), the 422 field map (fields, never wording), the message of other errors, the values a
// write echoes, the pagination links and meta, the rate-limit headers, the content type, the
// redirect target, the Allow header and whether a JSON error is pretty-printed. Each difference is
// one line, "aspect: ref …, emulator …", which intended.ts can name.

import type { Answer, Request } from './exchange';

type Shape = Map<string, Set<string>>;

const typeOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/**
 * A check's `value` is whatever the analysed page gave (text, list, map, number, null) and its
 * `errors` come only when it failed (see checkInvariants): both depend on the page, not the server.
 */
const pageDependent = (path: string) => /(^|\.)results\.[^.]+\.(value|errors)$/.test(path);

/** Values the servers compute each their own way: the clock and the page analysis. */
const COMPUTED = new Set(['created_at', 'updated_at', 'generated_at', 'favorited_at', 'result', 'results']);

function shapeOf(v: unknown, path = '$', out: Shape = new Map(), empty = new Set<string>()): { shape: Shape; empty: Set<string> } {
  if (pageDependent(path)) return { shape: out, empty };
  const t = typeOf(v);
  if (!out.has(path)) out.set(path, new Set());
  out.get(path)!.add(t);
  if (Array.isArray(v)) {
    if (v.length === 0) empty.add(path);
    for (const el of v) shapeOf(el, `${path}[]`, out, empty);
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) shapeOf(x, `${path}.${k}`, out, empty);
  }
  return { shape: out, empty };
}

const fmt = (s: Set<string> | undefined) => (s ? [...s].sort().join('|') : 'absent');
const same = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/** On seeded records an empty list or a null on one side says nothing about the paths below it. */
function coveredByData(path: string, shape: Shape, empty: Set<string>): boolean {
  for (let p = path; p.includes('.') || p.endsWith('[]');) {
    p = p.endsWith('[]') ? p.slice(0, -2) : p.slice(0, p.lastIndexOf('.'));
    if (empty.has(p) || shape.get(p)?.has('null')) return true;
  }
  return false;
}

function compareShapes(r: Request, ref: unknown, emu: unknown, out: string[]): void {
  const a = shapeOf(ref);
  const b = shapeOf(emu);
  const paths = new Set([...a.shape.keys(), ...b.shape.keys()]);
  // A missing object or list is one difference, not one per path below it.
  const missing: string[] = [];
  for (const p of [...paths].sort()) {
    const x = a.shape.get(p);
    const y = b.shape.get(p);
    if (!x || !y) {
      if (missing.some((m) => p.startsWith(m + '.') || p.startsWith(m + '['))) continue;
      missing.push(p);
      if (r.seeded && (x ? coveredByData(p, b.shape, b.empty) : coveredByData(p, a.shape, a.empty))) continue;
    } else if (r.seeded) {
      const nx = new Set([...x].filter((t) => t !== 'null'));
      const ny = new Set([...y].filter((t) => t !== 'null'));
      if (!nx.size || !ny.size || same(nx, ny)) continue;
    } else if (same(x, y)) continue;
    out.push(`shape ${p}: ref ${fmt(x)}, emulator ${fmt(y)}`);
  }
}

function leaves(v: unknown, path: string, out: Map<string, unknown>): Map<string, unknown> {
  const key = path.slice(path.lastIndexOf('.') + 1);
  if (COMPUTED.has(key)) return out;
  if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) leaves(x, `${path}.${k}`, out);
    if (Object.keys(v).length === 0) out.set(path, v);
  } else out.set(path, v);
  return out;
}

function compareValues(ref: unknown, emu: unknown, path: string, out: string[]): void {
  const a = leaves(ref, path, new Map());
  const b = leaves(emu, path, new Map());
  for (const p of new Set([...a.keys(), ...b.keys()])) {
    if (!a.has(p) || !b.has(p)) continue; // the shape comparison reports it
    const x = JSON.stringify(a.get(p));
    const y = JSON.stringify(b.get(p));
    if (x !== y) out.push(`value ${p}: ref ${x}, emulator ${y}`);
  }
}

const at = (v: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), v);

const RATE = ['x-ratelimit-limit', 'x-ratelimit-remaining'];
const RATE_ON_429 = ['retry-after', 'x-ratelimit-reset'];

export function compare(r: Request, ref: Answer, emu: Answer): string[] {
  const out: string[] = [];
  const diff = (aspect: string, x: unknown, y: unknown) => {
    const sx = JSON.stringify(x);
    const sy = JSON.stringify(y);
    if (sx !== sy) out.push(`${aspect}: ref ${sx}, emulator ${sy}`);
  };
  diff('status', ref.status, emu.status);
  const mime = (a: Answer) => a.headers['content-type']?.split(';')[0].trim().toLowerCase();
  diff('content-type', mime(ref), mime(emu));
  diff('location', ref.headers.location, emu.headers.location);
  diff('allow', ref.headers.allow, emu.headers.allow);
  for (const h of RATE) diff(`header ${h}`, ref.headers[h], emu.headers[h]);
  for (const h of RATE_ON_429) diff(`header ${h} sent`, h in ref.headers, h in emu.headers);

  if (ref.body === undefined || emu.body === undefined) {
    diff('json body', ref.body !== undefined, emu.body !== undefined);
    return out;
  }
  diff('pretty-printed', /^\{\n {4}"/.test(ref.text), /^\{\n {4}"/.test(emu.text));
  compareShapes(r, ref.body, emu.body, out);

  if (ref.status === 422) {
    const fields = (a: Answer) => Object.keys((at(a.body, 'message') as object) ?? {}).sort();
    diff('422 fields', fields(ref), fields(emu));
  } else if (ref.status >= 400) {
    diff('message', at(ref.body, 'message'), at(emu.body, 'message'));
  } else if (!r.seeded) {
    compareValues(ref.body, emu.body, '$', out);
  } else {
    compareValues(at(ref.body, 'meta', 'path'), at(emu.body, 'meta', 'path'), '$.meta.path', out);
    compareValues(at(ref.body, 'meta', 'per_page'), at(emu.body, 'meta', 'per_page'), '$.meta.per_page', out);
    compareValues(at(ref.body, 'meta', 'current_page'), at(emu.body, 'meta', 'current_page'), '$.meta.current_page', out);
    compareValues(at(ref.body, 'links', 'first'), at(emu.body, 'links', 'first'), '$.links.first', out);
    if (!r.filtered) {
      compareValues(at(ref.body, 'links'), at(emu.body, 'links'), '$.links', out);
      compareValues(at(ref.body, 'meta'), at(emu.body, 'meta'), '$.meta', out);
      compareValues(at(ref.body, 'data', 'id'), at(emu.body, 'data', 'id'), '$.data.id', out);
    }
  }
  return [...new Set(out)];
}

/** Rules each side must keep on its own, whatever its data: a check carries errors only when it failed. */
export function checkInvariants(a: Answer): string[] {
  const out: string[] = [];
  const records = (d: unknown): unknown[] => (Array.isArray(d) ? d : d ? [d] : []);
  for (const rec of records(at(a.body, 'data'))) {
    const results = at(rec, 'results');
    if (!results || typeof results !== 'object' || Array.isArray(results)) continue;
    for (const [name, check] of Object.entries(results)) {
      const failed = at(check, 'passed') === false;
      const hasErrors = at(check, 'errors') !== undefined;
      if (failed !== hasErrors) out.push(`check ${name}: passed ${String(!failed)} with${hasErrors ? '' : 'out'} errors`);
    }
  }
  return out;
}
