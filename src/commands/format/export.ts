// Records for other programs (`--format csv|tsv|json|ndjson`): every field the server returns, as
// the normalised values `--json` shows, one record at a time so a long export streams with flat
// memory. Columns come from the domain table (a score also gets its class).
import type { ResourceDef } from '../../domain';
import { sanitize } from '../../text/sanitize';
import type { AnyRecord } from './cells';
import { toJson } from './json';

export const EXPORT_FORMATS = ['csv', 'tsv', 'json', 'ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function exportColumns(def: ResourceDef): string[] {
  // Left out: what the server never returns (exclude_params) and parameters only an update takes
  // (results=1 asks for a re-run; it is no field of the record).
  const returned = def.fields.filter((f) => !f.writeOnly && !(f.ops.length === 1 && f.ops[0] === 'update'));
  return returned.flatMap((f) => (f.kind === 'score' ? [f.name, `${f.name}_class`] : [f.name]));
}

/** A value as one cell's text: nothing for null, JSON for objects and lists. */
function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

// What a spreadsheet reads as the start of a formula (OWASP "CSV injection"), also after spaces.
const FORMULA = /^[\s]*[=+\-@]|^[\t\r]/;

/**
 * One cell of a csv or tsv export (lists, bulk summaries, audits): the screen's cleaning (no
 * escape sequences, C0/C1 controls or bidi overrides; line breaks kept inside the cell unless
 * `inert`, a terminal), and text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab,
 * carriage return first) gets a leading `'`, as OWASP recommends. Numbers stay numbers.
 */
export function safeCell(value: unknown, opts: { inert: boolean }): string {
  const raw = cellOf(value);
  const clean = sanitize(raw, { multiline: !opts.inert });
  return typeof value === 'string' && (FORMULA.test(raw) || FORMULA.test(clean)) ? `'${clean}` : clean;
}

function csvCell(s: string): string {
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function tsvCell(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\r/g, '\\r').replace(/\n/g, '\\n');
}

const RAW_IN_JSON = /[\u0080-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const jsonLine = (v: unknown) => JSON.stringify(v).replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export interface ExportWriter {
  /** Text before the first record. */
  start(): string;
  record(r: AnyRecord): string;
  /** Text after the last record. */
  end(): string;
}

/** `inert`: on a terminal, server text is made harmless (as every other output there is). */
export function exportWriter(def: ResourceDef, format: ExportFormat, opts: { inert: boolean }): ExportWriter {
  const cols = exportColumns(def);
  const text = (v: unknown) => safeCell(v, opts);
  switch (format) {
    case 'csv':
      return {
        start: () => cols.map(csvCell).join(',') + '\r\n',
        record: (r) => cols.map((c) => csvCell(text(r[c]))).join(',') + '\r\n',
        end: () => '',
      };
    case 'tsv':
      return {
        start: () => cols.join('\t') + '\n',
        record: (r) => cols.map((c) => tsvCell(text(r[c]))).join('\t') + '\n',
        end: () => '',
      };
    case 'ndjson':
      return { start: () => '', record: (r) => jsonLine(r) + '\n', end: () => '' };
    case 'json': {
      let first = true;
      return {
        start: () => '[',
        record: (r) => {
          const sep = first ? '\n' : ',\n';
          first = false;
          return sep + toJson(r).trimEnd().replace(/^/gm, '  ');
        },
        end: () => (first ? ']\n' : '\n]\n'),
      };
    }
  }
}
