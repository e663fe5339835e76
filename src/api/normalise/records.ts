// Raw server records → the Website / Report types of src/domain/records.ts.

import { classify, idText, isResultClass, recordIdOf, type Parsed, type RecordId, type Report, type ResultClass, type Website } from '../../domain';
import { normaliseChecks } from './checks';
import { fieldReader, type FieldReader } from './reader';
import { isPlainObject, toChoice, toIsoDate, toNumber, toPasswordSet, toText } from './values';

function base(r: FieldReader) {
  return { created_at: r.read('created_at', toIsoDate), updated_at: r.read('updated_at', toIsoDate) };
}

function requireFields(raw: unknown, name: string, nameField: string): Parsed<{ id: RecordId; name: string }> {
  if (!isPlainObject(raw)) return { ok: false, error: `a ${name} is not an object` };
  // An id that is not a whole number from 1 still shows the record; writes to it are refused (idProblem).
  const id = recordIdOf(raw.id);
  if (id === null) return { ok: false, error: `a ${name} has no id` };
  const text = toText(raw[nameField]);
  if (text === null) return { ok: false, error: `${name} ${idText(id)} has no ${nameField}` };
  return { ok: true, value: { id, name: text } };
}

export function normaliseWebsite(raw: unknown): Parsed<Website> {
  const head = requireFields(raw, 'website', 'domain');
  if (!head.ok) return head;
  const r = fieldReader(raw as Record<string, unknown>);
  r.raw('id');
  r.raw('domain');
  const website: Omit<Website, 'extra'> = {
    id: head.value.id,
    domain: head.value.name,
    privacy: r.read('privacy', toChoice),
    password: r.read('password', toPasswordSet),
    email: r.read('email', toChoice),
    exclude_bots: r.read('exclude_bots', toChoice),
    exclude_ips: r.read('exclude_ips', toText),
    ...base(r),
  };
  return { ok: true, value: { ...website, extra: r.extra() } };
}

function toClass(v: unknown): ResultClass | null {
  const t = typeof v === 'string' ? v.trim().toLowerCase() : v;
  return isResultClass(t) ? t : null;
}

/** The score lives under `result` (phpRank) or `score` (newer phpRank); some send only its class. */
function readScore(r: FieldReader): { result: number | null; result_class: ResultClass | null } {
  const fromResult = r.raw('result');
  const fromScore = r.raw('score');
  const fromClass = r.raw('result_class');
  // A fresh analysis comes as computed (78.125) and is stored whole (78): keep the whole number
  // the host will read back, so a score and its class do not change on the next list.
  const exact = toNumber(fromResult) ?? toNumber(fromScore);
  const score = exact === null ? null : Math.round(exact);
  const cls = score !== null ? classify(score) : (toClass(fromResult) ?? toClass(fromScore) ?? toClass(fromClass));
  // Anything under those names that was neither a score nor a class stays visible in `extra`.
  for (const [key, v] of [['result', fromResult], ['score', fromScore], ['result_class', fromClass]] as const) {
    if (v !== undefined && v !== null && toNumber(v) === null && toClass(v) === null) r.keep(key, v);
  }
  return { result: score, result_class: cls };
}

export function normaliseReport(raw: unknown): Parsed<Report> {
  const head = requireFields(raw, 'report', 'url');
  if (!head.ok) return head;
  const r = fieldReader(raw as Record<string, unknown>);
  r.raw('id');
  r.raw('url');
  const report: Omit<Report, 'extra'> = {
    id: head.value.id,
    url: head.value.name,
    project: r.read('project', toText),
    ...readScore(r),
    privacy: r.read('privacy', toChoice),
    password: r.read('password', toPasswordSet),
    checks: r.read('results', normaliseChecks) ?? [],
    generated_at: r.read('generated_at', toIsoDate),
    ...base(r),
  };
  return { ok: true, value: { ...report, extra: r.extra() } };
}
