// The selected row, said with its place in the whole list and each of its list cells labelled
// (from the domain table's columns): `site36.example.org, 1 of 37, privacy Private, email reports Disabled`.
import { choiceLabel, resourceDef, type Report } from '../../domain';
import { recordName, resultClassOf } from '../../state/selectors';
import type { AnyRecord, TabName, TabState } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { shortDate } from '../words/text';
import { joined } from './line';
import { spokenScore } from './score';
import { fieldsOf } from '../../domain';

/** The row's place in the whole list (not the page): `1 of 37`. */
function rowPosition(tab: TabState): string {
  const meta = tab.data?.meta;
  const perPage = meta?.perPage ?? tab.query.per_page ?? tab.data?.items.length ?? 0;
  const page = meta?.page ?? tab.query.page ?? 1;
  const at = (page - 1) * perPage + tab.cursor + 1;
  if (meta?.totalUnknown) return `${at} of an unknown number`;
  const total = meta?.total ?? tab.data?.items.length ?? 0;
  return `${at} of ${total}`;
}

/** Each list column but the id and the name, labelled as the domain table labels it. */
function spokenCells(tab: TabName, record: AnyRecord): string[] {
  const def = resourceDef(tab);
  const rec = fieldsOf(record);
  return def.fields
    .filter((f) => f.column && f.kind !== 'id' && f.name !== def.nameField)
    .map((f) => {
      const v = rec[f.name];
      const label = f.label.toLowerCase();
      switch (f.kind) {
        case 'score':
          return spokenScore((record as Report).result, resultClassOf(record as Report));
        case 'choice':
          return `${label} ${sanitize(choiceLabel(f, v))}`;
        case 'date':
          return `${label} ${sanitize(shortDate(v))}`;
        default:
          return `${label} ${v === null || v === undefined || v === '' ? 'none' : sanitize(v)}`;
      }
    });
}

/** The selected row in one line; `marked` and `changed` say what the row's glyphs say. */
export function spokenRow(tab: TabName, state: TabState, record: AnyRecord, opts: { marked?: boolean } = {}): string {
  return joined([
    sanitize(recordName(tab, record)),
    rowPosition(state),
    ...spokenCells(tab, record),
    opts.marked ? 'marked' : null,
    state.changed?.includes(record.id) ? 'changed since the last refresh' : null,
  ]);
}
