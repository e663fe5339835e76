// Records on stdout without --json: a table (list) or label/value lines (one record), aligned on
// a terminal and tab-separated when piped.
import { appendAll, maxOf } from '../../text/bounded';
import stringWidth from 'string-width';
import { checkLabel, checkReason, flagText, IMPORTANCE_ORDER, isRecordField, splitExtras, type ResourceDef } from '../../domain';
import { sanitize } from '../../text/sanitize';
import { displayUrl, projectRepeatsHost, shortUrl } from '../../text/url';
import { bold, classColour } from './colour';
import { columnFields, extraText, fieldText, type AnyRecord } from './cells';
import { renderTable, renderTsv, type TableColumn } from './table';

export interface View {
  tty: boolean;
  color: boolean;
  columns: number;
}

export function listRows(def: ResourceDef, records: readonly AnyRecord[]): string[][] {
  const cols = columnFields(def);
  return records.map((r) => cols.map((f) => fieldText(f, r)));
}

/**
 * The list as a table on a terminal (tab-separated lines when piped). `change(row)` is the score change of
 * the report at that row since the analysis before (`↑3`, as the deck shows it), added to its score on a terminal.
 */
export function renderList(def: ResourceDef, records: readonly AnyRecord[], view: View, change?: (row: number) => string): string {
  const rows = listRows(def, records);
  if (!view.tty) return renderTsv(rows);
  // On a terminal: the project column goes when every project is its URL's host, URLs read without
  // https:// and www. and are cut in the middle to the terminal's width; piped output stays whole.
  const dropProject = def.name === 'reports' && records.every((r) => projectRepeatsHost(String(r.url ?? ''), r.project as string | null));
  const all = columnFields(def);
  const keep = all.map((f) => !(dropProject && f.name === 'project'));
  const fields = all.filter((_, i) => keep[i]);
  const shown = rows.map((r, row) =>
    r
      .filter((_, i) => keep[i])
      .map((cell, i) => (fields[i].check === 'webUrl' ? displayUrl(cell) : fields[i].kind === 'score' && change ? `${cell} ${change(row)}`.trimEnd() : cell)),
  );
  const columns: TableColumn[] = fields.map((f) => ({
    header: f.column.header,
    // A score's change (↑100 at most) widens its column by as much.
    max: f.column.width + (f.kind === 'score' && change ? 5 : 0),
    flex: f.name === def.nameField,
    ...(f.check === 'webUrl' ? { cut: (text: string, width: number) => shortUrl(text, width) } : {}),
  }));
  const scoreCol = fields.findIndex((f) => f.kind === 'score');
  return renderTable(columns, shown, {
    termWidth: view.columns,
    bold: view.color ? bold : undefined,
    paint: view.color ? (text, col, row) => (col === scoreCol ? (classColour(records[row].result_class)?.(text) ?? text) : text) : undefined,
  });
}

interface CheckLike {
  name?: unknown;
  label?: unknown;
  passed?: unknown;
  importance?: unknown;
  value?: unknown;
  errors?: unknown;
}

/** `too long: 78 characters (max 60)`: why it failed, or its value in brief when it passed. */
function reasonOf(c: CheckLike): string {
  const errors = c.errors && typeof c.errors === 'object' && !Array.isArray(c.errors) ? (c.errors as Record<string, unknown>) : undefined;
  return checkReason({ name: String(c.name ?? ''), passed: Boolean(c.passed), value: c.value, errors });
}

/** Failed checks first, by importance, then passed ones. */
function checkLines(checks: readonly CheckLike[]): [string, string][] {
  const rank = (c: CheckLike) => {
    const i = IMPORTANCE_ORDER.indexOf(c.importance as (typeof IMPORTANCE_ORDER)[number]);
    return i < 0 ? IMPORTANCE_ORDER.length : i;
  };
  const sorted = [...checks].sort((a, b) => Number(Boolean(a.passed)) - Number(Boolean(b.passed)) || rank(a) - rank(b));
  return sorted.map((c) => {
    const label = c.label !== undefined && c.label !== c.name ? sanitize(c.label) : checkLabel(String(c.name ?? ''));
    const reason = reasonOf(c);
    return [`  ${c.passed ? '✓' : '✗'} ${label}`, `${c.passed ? 'passed' : 'failed'} (${sanitize(c.importance ?? '?')})${reason ? `: ${reason}` : ''}`];
  });
}

/** Label and value of every field the server returns, then fields sitedeck does not know. */
export function detailPairs(def: ResourceDef, record: AnyRecord): [string, string][] {
  const pairs: [string, string][] = [];
  for (const f of def.fields) {
    if (!isRecordField(f)) continue;
    if (f.kind === 'checks') {
      const checks = Array.isArray(record.checks) ? (record.checks as CheckLike[]) : [];
      pairs.push([f.label, fieldText(f, record)]);
      appendAll(pairs, checkLines(checks));
      continue;
    }
    pairs.push([f.label, fieldText(f, record)]);
  }
  const extras = splitExtras(def, record.extra);
  for (const { field, value } of extras.known) pairs.push([field.label, field.kind === 'flag' ? flagText(value) : extraText(value)]);
  for (const [k, v] of extras.unknown) pairs.push([sanitize(k), extraText(v)]);
  return pairs;
}

/** `more`: lines shown after the record's own (a report's score history). */
export function renderDetail(def: ResourceDef, record: AnyRecord, view: View, more: readonly [string, string][] = []): string {
  const pairs = [...detailPairs(def, record), ...more];
  if (!view.tty) return renderTsv(pairs.map(([k, v]) => [k.trim(), v]));
  const width = maxOf(pairs.map(([k]) => stringWidth(k)));
  const pad = (k: string) => k + ' '.repeat(width - stringWidth(k));
  return pairs.map(([k, v]) => `${view.color && !k.startsWith(' ') ? bold(pad(k)) : pad(k)}  ${v}`).join('\n') + '\n';
}
