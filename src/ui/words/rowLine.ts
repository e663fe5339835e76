// One list row as the terminal shows it: the gutter (cursor, watch change, mark), each cell fitted
// to its column, the score in its class's colour. The pre-paint draws it before Ink is up and the
// list draws it after, so the first frame lands on the same text; and one string is one Ink text
// node per row, where a coloured cell of its own made five (a fresh page of reports draws 45 rows).
import type { Report } from '../../domain';
import { arrow } from '../../history/model';
import { resultClassOf } from '../../state/selectors';
import type { AnyRecord } from '../../state/types';
import { fit } from '../../text/width';
import { inColour } from '../themes/escape';
import type { Theme } from '../themes/palettes';
import { alignedScore, cellText, MARKER, type Column } from './columns';
import { GLYPHS } from './glyphs';

export interface RowLook {
  selected: boolean;
  /** Marked for a bulk action (Space, `*`). */
  marked?: boolean;
  /** New or changed in the last watch refresh: a glyph in the gutter. */
  changed?: boolean;
  /** The search in force: a URL cut keeps its match in view. */
  search?: string;
  /** Score change since the previous analysis sitedeck saw (reports): an arrow after the score. */
  change?: number | null;
  /** The score column's numbers right-aligned to this many digits. */
  digits: number;
}

/** The row's text; selection's inverse and weight are the caller's (Ink's props, or the pre-paint's escapes). */
export function rowLine(record: AnyRecord, columns: readonly Column[], look: RowLook, theme: Pick<Theme, 'result'>): string {
  const { selected, marked = false, changed = false, search, change = null, digits } = look;
  let text = (selected ? GLYPHS.selected : changed ? GLYPHS.changed : ' ') + (marked ? GLYPHS.marked : ' '.repeat(MARKER - 1));
  columns.forEach((c, i) => {
    const last = i === columns.length - 1;
    let cell: string;
    if (c.field.kind === 'score') {
      const r = record as Report;
      // A compact column shows the glyph and the number (the glyph says the class).
      const label = alignedScore(cellText(c.field, r, c.width, search, c.compact === true), r.result, digits);
      const cls = resultClassOf(r);
      cell = inColour(cls ? theme.result[cls] : undefined, fit(change === null ? label : `${label} ${arrow(change)}`, c.width));
    } else {
      cell = fit(cellText(c.field, record, c.width, search), c.width, c.field.kind === 'id' ? 'right' : 'left');
      // Trailing padding only matters under the selection bar; elsewhere it is render cost.
      if (last && !selected) cell = cell.trimEnd();
    }
    text += last ? cell : `${cell} `;
  });
  return text;
}
