// Records for other programs (`--format csv|tsv|json|ndjson`), one record at a time so a long
// export streams with flat memory: csv/tsv as people and spreadsheets read them, json/ndjson
// exactly as `--json` shows them. Columns come from the domain table.
import { choiceLabel, isRecordField, type ResourceDef } from '../../domain';
import { sanitize } from '../../text/sanitize';
import type { AnyRecord } from './cells';
import { toJson, toJsonLine } from './json';
import { jsonText } from '../../text/json';
import type { ExportFormat } from './exportFormats';

export { EXPORT_FORMATS, type ExportFormat } from './exportFormats';

/** A column of a csv/tsv export: its header and its cell from a record. */
interface ExportColumn {
  name: string;
  cell: (r: AnyRecord) => string;
}

const failedChecks = (r: AnyRecord) =>
  Array.isArray(r.checks) ? (r.checks as { name?: unknown; passed?: unknown; importance?: unknown }[]).filter((c) => c && c.passed === false) : [];

/**
 * The columns of a csv/tsv export, from the domain table, as people read them: choices by their
 * labels (`raw`: the server's codes), list fields joined, a score with its class, and a report's
 * checks as the names of the failed ones and the count of high-importance failures — never a JSON
 * blob. Left out: what the server never returns (exclude_params) and parameters only an update
 * takes (results=1 asks for a re-run; it is no field of the record).
 */
function exportColumns(def: ResourceDef, opts: { raw?: boolean } = {}): ExportColumn[] {
  const returned = def.fields.filter(isRecordField);
  return returned.flatMap((f): ExportColumn[] => {
    const value = (r: AnyRecord) => r[f.name];
    switch (f.kind) {
      case 'score':
        return [
          { name: f.name, cell: (r) => cellOf(value(r)) },
          { name: `${f.name}_class`, cell: (r) => cellOf(r[`${f.name}_class`]) },
        ];
      case 'choice':
        return [{ name: f.name, cell: (r) => (opts.raw || value(r) === null || value(r) === undefined ? cellOf(value(r)) : choiceLabel(f, value(r))) }];
      case 'lines':
        return [{ name: f.name, cell: (r) => listCell(cellOf(value(r)).split(/\r?\n/)) }];
      case 'checks':
        return [
          {
            name: 'failed_checks',
            cell: (r) => listCell(failedChecks(r).map((c) => cellOf(c.name))),
          },
          { name: 'failed_high', cell: (r) => (Array.isArray(r.checks) ? String(failedChecks(r).filter((c) => c.importance === 'high').length) : '') },
        ];
      default:
        return [{ name: f.name, cell: (r) => cellOf(value(r)) }];
    }
  });
}

/** A list in one cell, as every list of an export: its items joined with `, ` (csv then quotes the cell, as a comma needs). */
const listCell = (items: readonly string[]): string => items.filter(Boolean).join(', ');

/** A value as one cell's text: nothing for null, JSON for anything else that is not text. */
function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return jsonText(value);
  return String(value);
}

/**
 * A cell a spreadsheet opens as data: no control, bidi or invisible characters (cleaned as the
 * screen is), and text that a spreadsheet would read as a formula (=, +, -, @, tab, CR first)
 * behind a leading ' (OWASP's advice against CSV injection).
 */
export function safeCell(value: unknown): string {
  // A number is data to every spreadsheet, negative or not.
  if (typeof value === 'number') return String(value);
  const text = String(value ?? '');
  const clean = sanitize(text);
  return /^\s*[=+\-@]/.test(text) || /^[\t\r]/.test(text) || /^\s*[=+\-@]/.test(clean) ? `'${clean}` : clean;
}

export function csvCell(s: string): string {
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function tsvCell(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\r/g, '\\r').replace(/\n/g, '\\n');
}

export interface ExportWriter {
  /** Text before the first record. */
  start(): string;
  record(r: AnyRecord): string;
  /** Text after the last record. */
  end(): string;
}

/**
 * Each format's writer (exportFormats.ts has the formats themselves): csv and tsv are for
 * spreadsheets and people (labels, safe cells), json and ndjson for programs (exactly what
 * `--json` shows).
 */
const WRITERS: Record<ExportFormat, (cols: readonly ExportColumn[]) => ExportWriter> = {
  csv: (cols) => ({
    start: () => cols.map((c) => csvCell(c.name)).join(',') + '\r\n',
    record: (r) => cols.map((c) => csvCell(safeCell(c.cell(r)))).join(',') + '\r\n',
    end: () => '',
  }),
  tsv: (cols) => ({
    start: () => cols.map((c) => c.name).join('\t') + '\n',
    record: (r) => cols.map((c) => tsvCell(safeCell(c.cell(r)))).join('\t') + '\n',
    end: () => '',
  }),
  ndjson: () => ({ start: () => '', record: (r) => toJsonLine(r), end: () => '' }),
  json: () => {
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
  },
};

/** A writer of `format` for `def`'s records. `raw`: csv/tsv keep the server's codes. */
export function exportWriter(def: ResourceDef, format: ExportFormat, opts: { raw?: boolean } = {}): ExportWriter {
  return WRITERS[format](exportColumns(def, opts));
}
