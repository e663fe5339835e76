import { maxOf } from '../../text/bounded';
import { idText, type RecordId } from '../../domain';
import stringWidth from 'string-width';
import { choiceLabel, RESULT_CLASS_VALUES, RESULT_RANGES, resourceDef, type FieldDef, type Report } from '../../domain';
import { arrow } from '../../history/model';
import { compactScoreLabel, resultClassOf, scoreLabel } from '../../state/selectors';
import type { AnyRecord, TabName } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { projectRepeatsHost, shortUrl } from '../../text/url';
import { fit } from '../../text/width';
import { GLYPHS } from './glyphs';
import { shortDate } from './text';
import { fieldsOf } from '../../domain';

export interface Column {
  field: FieldDef;
  header: string;
  width: number;
  /** A score column that shows the glyph and number without the word (the name needed the room). */
  compact?: boolean;
}

/** The widest score cells on screen, with the word and without it (each with its change arrow). */
export interface ScoreCells {
  full: number;
  compact: number;
  /** The widest number's digits (each number right-aligned to it); 0: unmeasured. */
  digits?: number;
}

/** What the SCORE column needs for `records` (the rows on screen), each with its change since the analysis before. */
export function scoreCells(records: readonly AnyRecord[], change: (r: Report) => number | null = () => null): ScoreCells {
  let full = 0;
  let compact = 0;
  // Each number is right-aligned to the widest on screen (`○   6 bad` under `● 100 good`).
  const digits = scoreDigits(records);
  for (const record of records) {
    const r = record as Report;
    const c = change(r);
    const tail = c === null ? 0 : 1 + stringWidth(arrow(c));
    const pad = r.result === null || r.result === undefined ? 0 : digits - String(r.result).length;
    full = Math.max(full, stringWidth(scoreLabel(r.result, resultClassOf(r))) + pad + tail);
    compact = Math.max(compact, stringWidth(compactScoreLabel(r.result, resultClassOf(r))) + pad + tail);
  }
  return { full, compact, digits };
}

/** The widest score's digits among `records` (a column's numbers are right-aligned to it). */
function scoreDigits(records: readonly AnyRecord[]): number {
  return maxOf(
    records.map((r) => {
      const score = (r as Report).result;
      return score === null || score === undefined ? 0 : String(score).length;
    }),
    0,
  );
}

/** A score's label with its number right-aligned to `digits` (the glyph first, the word after, as scoreLabel says it). */
export function alignedScore(label: string, score: number | null, digits: number): string {
  if (score === null || score === undefined) return label;
  const pad = ' '.repeat(Math.max(0, digits - String(score).length));
  const at = label.indexOf(' ');
  return at < 0 ? label : `${label.slice(0, at + 1)}${pad}${label.slice(at + 1)}`;
}

/**
 * The widest score cell the domain allows: each class's widest score with the widest change that
 * can reach it from 0–100 (`◐ 79 decent ↑79`, `● 100 good ↑100`), or no score at all. Fixed, not
 * measured on the page, so the columns never move between pages or when a re-run adds an arrow.
 */
export const SCORE_WIDTH = maxOf(
  RESULT_CLASS_VALUES.map((c) => {
    const [lo, hi] = RESULT_RANGES[c];
    const change = Math.max(stringWidth(arrow(hi)), stringWidth(arrow(lo - 100)));
    // Numbers right-aligned to 100's three digits (`◐  79 decent` beside `● 100 good`).
    const padded = (n: number) => stringWidth(alignedScore(scoreLabel(n, c), n, 3));
    return Math.max(padded(lo), padded(hi)) + 1 + change;
  }),
  stringWidth(scoreLabel(null)),
);
/** The score without its word (`● 100 ↑100`), when the name column needs the room. */
export const SCORE_COMPACT_WIDTH = maxOf(
  [0, 100].map((s) => stringWidth(alignedScore(compactScoreLabel(s), s, 3)) + 1 + stringWidth(arrow(100))),
  Math.max(stringWidth(compactScoreLabel(null)), stringWidth('SCORE')),
);
/** Width of the selection marker before each row. */
export const MARKER = 2;
const GAP = 1;
/** The name column (domain, URL) gets this much before any other column keeps its full width. */
const NAME_WANT = 30;
/** Wider than this a name column is mostly padding, and every padded cell costs render time. */
const NAME_MAX = 60;

/**
 * The list's columns from the domain table, fitted to `width`: the name column (domain, URL)
 * takes what is left; when that gets too thin, trailing optional columns are dropped.
 */
/** The list's sort, as the header shows it: the field sorted by and its direction. */
export interface SortShown {
  by: string;
  dir: 'asc' | 'desc';
}

/** The header line over a list's columns: ids right-aligned, after the gutter; the sorted column wears ↑/↓. */
export function headerLine(columns: readonly Column[], sort?: SortShown): string {
  return (
    ' '.repeat(MARKER) +
    columns
      .map((c) => {
        const right = c.field.kind === 'id';
        const arrow = sort?.by === c.field.name ? (sort.dir === 'asc' ? GLYPHS.sortAsc : GLYPHS.sortDesc) : '';
        const text = !arrow ? c.header : right ? `${arrow}${c.header}` : `${c.header} ${arrow}`;
        return fit(text, c.width, right ? 'right' : 'left');
      })
      .join(' ')
  );
}

/** The sort a list query asks for (the server's defaults when it names none). */
export function sortOf(q: { sort_by?: string; sort?: string }): SortShown {
  return { by: q.sort_by ?? 'id', dir: q.sort === 'asc' ? 'asc' : 'desc' };
}

/** What a sort field is called on screen: its column's header in words (`score`, `generated`), else its name. */
export function sortName(tab: TabName, sortBy: string): string {
  const f = resourceDef(tab).fields.find((x) => x.name === sortBy);
  return f?.column ? f.column.header.toLowerCase() : sortBy;
}

/**
 * The list's columns from the domain table, fitted to `width`. What people read comes first: the
 * name column (domain, URL) gets NAME_WANT columns, then the score keeps its class in words
 * (`◐ 69 decent`: the word is what says it without colour), so trailing optional columns go first;
 * only where even that leaves the name too thin does the score give up its word (`● 87`). The name
 * takes whatever is left.
 */
export function fitColumns(tab: TabName, width: number, opts: { dropProject?: boolean; score?: ScoreCells } = {}): Column[] {
  const def = resourceDef(tab);
  // The score column is as wide as its widest cell on screen (or, unmeasured, the widest the domain allows).
  const scoreWidth = (header: string, compact: boolean) =>
    Math.max(stringWidth(header), opts.score ? opts.score[compact ? 'compact' : 'full'] : compact ? SCORE_COMPACT_WIDTH : SCORE_WIDTH);
  let cols: Column[] = def.fields
    .filter((f) => f.column && !(opts.dropProject && f.name === 'project'))
    .map((f) => ({ field: f, header: f.column!.header, width: f.kind === 'score' ? scoreWidth(f.column!.header, false) : f.column!.width }));
  const isName = (c: Column) => c.field.name === def.nameField;
  const optional = (c: Column) => !isName(c) && c.field.kind !== 'id' && c.field.kind !== 'score';
  const fixed = () => cols.filter((c) => !isName(c)).reduce((n, c) => n + c.width + GAP, 0);
  while (width - MARKER - fixed() < NAME_WANT) {
    const drop = [...cols].reverse().find(optional);
    if (!drop) break;
    cols = cols.filter((c) => c !== drop);
  }
  if (width - MARKER - fixed() < NAME_WANT) cols = cols.map((c) => (c.field.kind === 'score' ? { ...c, width: scoreWidth(c.header, true), compact: true } : c));
  const nameWidth = Math.min(NAME_MAX, Math.max(8, width - MARKER - fixed()));
  return cols.map((c) => (isName(c) ? { ...c, width: nameWidth } : c));
}

/**
 * The project column says nothing new when a project filter is on, or when every shown report's
 * project is its URL's host (as the servers derive it); then the URL gets its room.
 */
export function projectRepeats(records: readonly AnyRecord[], projectFilter: string | undefined): boolean {
  if (projectFilter) return true;
  return records.every((r) => projectRepeatsHost((r as Report).url, (r as Report).project));
}

/** The text of one cell, made inert for the terminal (a score without its word in a `compact` column, or one narrower than the widest label). */
export function cellText(field: FieldDef, record: AnyRecord, width?: number, search?: string, compact = width !== undefined && width < SCORE_WIDTH): string {
  const v = fieldsOf(record)[field.name];
  // A web address (a report's URL): no https:// or www., cut in the middle so the host and the path's end show.
  if (field.check === 'webUrl' && typeof v === 'string' && width) return shortUrl(sanitize(v), width, search);
  switch (field.kind) {
    case 'id': {
      // Ids past the column's width show their end, where ids that differ differ.
      const t = idText(v as RecordId);
      return width && t.length > width ? `…${t.slice(t.length - width + 1)}` : t;
    }
    case 'choice':
      return sanitize(choiceLabel(field, v));
    case 'score': {
      const r = record as Report;
      return compact ? compactScoreLabel(r.result, resultClassOf(r)) : scoreLabel(r.result, resultClassOf(r));
    }
    case 'date':
      return sanitize(shortDate(v));
    case 'secret':
      return v === true ? 'set' : v === false ? 'not set' : '—';
    default:
      return v === null || v === undefined || v === '' ? '—' : sanitize(v);
  }
}
