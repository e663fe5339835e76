import { appendAll, maxOf } from '../../text/bounded';
import { groupDigits } from '../../text/digits';
import { idText } from '../../domain';
import {
  checkLabel,
  checkReason,
  choiceLabel,
  classify,
  flagText,
  IMPORTANCE_ORDER,
  OTHER_FIELDS,
  resourceDef,
  splitExtras,
  type Check,
  type Report,
  type ResultClass,
} from '../../domain';
import { arrow, trendOf, type Analysis } from '../../history/model';
import { RESULT_GLYPHS, recordName, resultClassOf, scoreLabel } from '../../state/selectors';
import type { AnyRecord, TabName } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { widthOf, wrapText, wrapWhole } from '../../text/wrap';
import { GLYPHS } from '../themes/theme';
import { bounded, boundedMiddle, fit, leftOut, shortDate } from './text';
import { jsonText } from '../../text/json';
import { fieldsOf, isUpdateParameter } from '../../domain';

/** One line of the detail pane: a label column and a value, with a tone for colour. */
export interface DetailLine {
  label?: string;
  text: string;
  tone?: 'title' | 'muted' | 'ok' | 'bad' | ResultClass;
  /** `whole`: the title wraps across the pane (a long URL is never cut). */
  wrap?: 'whole';
  /** One row, cut with … (a raw blob the server sent is not worth a screenful). */
  oneRow?: boolean;
}

/** One screen row of the detail pane: the label cell (already padded, or '' under a label) and text. */
export interface DetailRow {
  label?: string;
  text: string;
  tone?: DetailLine['tone'];
  /** A value's second row or later: it did not fit its width whole. */
  wrapped?: true;
}

/** Rows a title may wrap to: a whole URL fits; a freak 10 000-character name is cut in its middle. */
const TITLE_LINES = 3;

/** Most of the pane a label column takes: the values (a check's reason) keep half of it to wrap in. */
const LABEL_SHARE = 1 / 2;
/** A block whose labels need more than LABEL_SHARE: each label on a row, its value under it this far in (past a check's ✗). */
const STACK_INDENT = 2;

/**
 * The label column of a block of labelled lines: as wide as its longest label plus a blank column,
 * when that leaves the values half the pane or every value fits whole beside it; else null (the
 * block is stacked: a label, then its value under it).
 */
function labelWidth(lines: readonly DetailLine[], width: number): number | null {
  const column =
    maxOf(
      lines.map((l) => (l.label === undefined ? 0 : widthOf(l.label))),
      0,
    ) + 1;
  if (column <= Math.floor(width * LABEL_SHARE)) return column;
  return column < width && lines.every((l) => widthOf(l.text) <= width - column) ? column : null;
}

/** The lines cut into blocks: a line without a label (a title, a blank) ends the block before it. */
function blocks(lines: readonly DetailLine[]): DetailLine[][] {
  const out: DetailLine[][] = [];
  let block: DetailLine[] = [];
  for (const l of lines) {
    if (l.label === undefined) {
      if (block.length) out.push(block);
      out.push([l]);
      block = [];
    } else block.push(l);
  }
  if (block.length) out.push(block);
  return out;
}

/**
 * The lines laid out for a pane `width` columns wide. Each block between titles (the fields, the
 * failed checks, the passed checks, other fields) has its own label column, as wide as its longest
 * label, and its values wrap under their own column; a block whose labels would take more than half
 * the pane is stacked instead (each label whole on its row, its value under it, indented, unless
 * it fits whole after the label). Lines
 * without a label (titles) go across the pane. No label is cut while the pane can hold it.
 */
export function layoutDetail(lines: readonly DetailLine[], width: number): DetailRow[] {
  const rows: DetailRow[] = [];
  for (const block of blocks(lines)) {
    if (block.length === 1 && block[0].label === undefined) {
      const l = block[0];
      const parts = l.wrap === 'whole' ? wrapWhole(l.text, width, TITLE_LINES) : [l.text];
      for (const t of parts) rows.push({ text: t, tone: l.tone });
      continue;
    }
    const lw = labelWidth(block, width);
    const indent = lw ?? Math.min(STACK_INDENT, width - 1);
    const valueWidth = Math.max(1, width - indent);
    const under = ' '.repeat(indent);
    for (const l of block) {
      const label = l.label ?? '';
      const parts = l.oneRow ? [fit(l.text, valueWidth).trimEnd()] : wrapText(l.text, valueWidth);
      if (lw === null) {
        // A short value that fits whole after its label stays on its row (`✓ Title high`).
        const one = fit(label, width).trimEnd();
        if (parts.length === 1 && widthOf(one) + 1 + widthOf(parts[0]) <= width) {
          rows.push({ label: `${one} `, text: parts[0], tone: l.tone });
          continue;
        }
        rows.push({ label: one, text: '', tone: l.tone });
        parts.forEach((t, i) => t && rows.push({ label: under, text: t, tone: l.tone, ...(i > 0 ? { wrapped: true as const } : {}) }));
        continue;
      }
      // One column stays blank, so the longest label never runs into its value.
      rows.push({ label: fit(label, lw - 1) + ' ', text: parts[0], tone: l.tone });
      for (const t of parts.slice(1)) rows.push({ label: under, text: t, tone: l.tone, wrapped: true });
    }
  }
  return rows;
}

/** What the detail pane says of a write-only field, in full: the server never returns it. */
function writeOnlyNote(): string {
  return 'Not returned by the server. In an edit, an empty field keeps them; anything typed replaces them all.';
}

const importanceRank = (c: Check) => IMPORTANCE_ORDER.indexOf(c.importance);

/** Failed checks first (most important first), then passed ones. */
export function orderedChecks(checks: readonly Check[]): { failed: Check[]; passed: Check[] } {
  const sorted = [...checks].sort((a, b) => importanceRank(a) - importanceRank(b));
  return { failed: sorted.filter((c) => !c.passed), passed: sorted.filter((c) => c.passed) };
}

function extraValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'object') {
    try {
      return sanitize(jsonText(v));
    } catch {
      return '[object]';
    }
  }
  return sanitize(String(v));
}

/** A known check by the domain's label; an unknown one by its name in words. */
export function checkName(c: Check): string {
  return c.label && c.label !== c.name ? sanitize(c.label) : checkLabel(c.name);
}

/** `high · too long: 78 characters (max 60)`; the importance alone when there is nothing to say. */
function withImportance(reason: string, c: Check): string {
  return reason ? `${c.importance} · ${bounded(reason)}` : c.importance;
}

/** `History  ▅▆█ 3 analyses, ↑12 since 2026-10-01`, then one row per analysis, newest first. */
function trendLines(analyses: readonly Analysis[]): DetailLine[] {
  const trend = trendOf(analyses);
  if (!trend) return [];
  return [
    { label: 'History', text: trend.summary },
    // Score and change first, padded so the dates line up: `◐ 69 ↑3   2026-11-23 12:32`.
    ...trend.rows.map((r) => {
      const score = `${RESULT_GLYPHS[classify(r.result)]} ${r.result}${r.change === null ? '' : ` ${arrow(r.change)}`}`;
      return { label: '', text: `${score.padEnd(9)} ${shortDate(r.generated_at)}`, tone: 'muted' as const };
    }),
  ];
}

/** Checks shown of each kind: a real report has about thirty; a server sending thousands gets a count. */
const MAX_CHECKS = 200;
/** Unknown fields shown: a real record has a handful; a server sending 150 000 gets a count. */
const MAX_EXTRAS = 200;

/** How many fields a record has: its own and those the server sent that sitedeck does not know. */
function fieldCount(record: AnyRecord): number {
  let n = 0;
  for (const key in record) if (key !== 'extra') n++;
  for (const _ in record.extra ?? {}) n++;
  return n;
}

/** What the detail shows of a record it cannot draw (a last resort: the lines are bounded). */
export function tooLargeText(record: AnyRecord): string {
  return `too large to show (${groupDigits(fieldCount(record))} fields)`;
}

/** Every field of a record, labelled from the domain table, then unknown extras, then checks. */
export function detailLines(tab: TabName, record: AnyRecord, history: readonly Analysis[] = []): DetailLine[] {
  const def = resourceDef(tab);
  const rec = fieldsOf(record);
  // The title's wrap cuts a huge name in its middle, so its end (the path) stays; a name far
  // longer than any pane loses its middle first, and the detail says how much.
  const title = boundedMiddle(sanitize(recordName(tab, record)));
  const lines: DetailLine[] = [
    { text: title.text, tone: 'title', wrap: 'whole' },
    ...(title.left ? [{ text: `(${leftOut(title.left)} in the name)`, tone: 'muted' as const }] : []),
    { text: `id ${idText(record.id)} · created ${shortDate(record.created_at)}`, tone: 'muted' },
  ];
  for (const f of def.fields) {
    if (f.kind === 'id' || f.name === def.nameField || f.kind === 'checks' || f.name === 'created_at') continue;
    // An update's parameter (re-run) is an action, not a property; a write-only field is said as not returned.
    if (isUpdateParameter(f)) continue;
    const v = rec[f.name];
    let text: string;
    let tone: DetailLine['tone'];
    switch (f.kind) {
      case 'choice':
        text = sanitize(choiceLabel(f, v));
        break;
      case 'secret':
        text = v === true ? 'set' : v === false ? 'not set' : '—';
        break;
      case 'lines':
        text = f.writeOnly ? writeOnlyNote() : typeof v === 'string' && v.trim() ? sanitize(v.split(/\r?\n/).filter(Boolean).join(', ')) : '—';
        if (f.writeOnly) tone = 'muted';
        break;
      case 'score': {
        const r = record as Report;
        const cls = resultClassOf(r);
        text = scoreLabel(r.result, cls);
        tone = cls ?? undefined;
        break;
      }
      case 'date':
        text = shortDate(v);
        break;
      // Every kind shown here named, no default: a new kind of the field table fails the lint here.
      case 'text':
        text = v === null || v === undefined || v === '' ? '—' : sanitize(v);
    }
    lines.push({ label: f.label, text: bounded(text), tone });
  }
  appendAll(lines, trendLines(history));
  const extras = splitExtras(def, record.extra);
  for (const { field, value } of extras.known) lines.push({ label: field.label, text: field.kind === 'flag' ? flagText(value) : shortDate(value) });
  if (extras.unknown.length) lines.push({ text: '' }, { text: OTHER_FIELDS, tone: 'title' });
  for (const [k, v] of extras.unknown.slice(0, MAX_EXTRAS))
    lines.push({ label: bounded(sanitize(k), 60), text: bounded(extraValue(v)), tone: 'muted', oneRow: true });
  if (extras.unknown.length > MAX_EXTRAS) {
    const more = extras.unknown.length - MAX_EXTRAS;
    lines.push({
      text: `… ${groupDigits(more)} more fields (\`sitedeck ${tab} get ${idText(record.id)} --json\` has them all)`,
      tone: 'muted',
      wrap: 'whole',
    });
  }
  if (tab === 'reports') {
    const { failed, passed } = orderedChecks((record as Report).checks ?? []);
    if (failed.length + passed.length) {
      lines.push({ text: '' }, { text: `Failed checks (${failed.length})`, tone: 'title' });
      for (const c of failed.slice(0, MAX_CHECKS))
        lines.push({ label: `${GLYPHS.failed} ${bounded(checkName(c), 60)}`, text: withImportance(checkReason(c), c), tone: 'bad' });
      if (failed.length > MAX_CHECKS) lines.push({ text: `… ${failed.length - MAX_CHECKS} more failed checks`, tone: 'muted' });
      lines.push({ text: `Passed checks (${passed.length})`, tone: 'title' });
      for (const c of passed.slice(0, MAX_CHECKS))
        lines.push({ label: `${GLYPHS.passed} ${bounded(checkName(c), 60)}`, text: withImportance(checkReason(c), c), tone: 'ok' });
      if (passed.length > MAX_CHECKS) lines.push({ text: `… ${passed.length - MAX_CHECKS} more passed checks`, tone: 'muted' });
    }
  }
  return lines;
}
