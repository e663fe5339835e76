// `--format csv`: one row per (check, page), for a spreadsheet: every cell cleaned and made safe
// with the exports' own safeCell (a URL or reason that starts like a formula stays text).
import { csvCell, safeCell } from '../format/export';
import { importancesText } from '../../domain';
import { importanceWord } from './words';
import type { AuditDoc } from './words';

const HEADER = ['check', 'label', 'importance', 'pages_failing', 'pages_read', 'id', 'url', 'project', 'result', 'reason', 'is_new', 'importance_note'];

export function auditCsv(doc: AuditDoc): string {
  const line = (cells: readonly unknown[]) => cells.map((c) => csvCell(safeCell(c))).join(',') + '\r\n';
  let out = line(HEADER);
  for (const c of doc.audit.checks) {
    for (const p of c.pages) {
      out += line([
        c.name,
        c.label,
        importanceWord(c.importance),
        c.failing,
        c.of,
        p.id,
        p.url,
        p.project,
        p.score ?? '',
        p.reason,
        p.isNew === null ? '' : p.isNew ? 'yes' : 'no',
        importancesText(c),
      ]);
    }
  }
  return out;
}
