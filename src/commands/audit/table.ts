// `--format table` (the default): on a terminal the summary line and an aligned table cut to its
// width (the summary column gives way); piped, one tab-separated line per check with nothing cut,
// as the other list commands print (no header).
import { sanitize } from '../../text/sanitize';
import { renderTable, renderTsv, type TableColumn } from '../format/table';
import { changeText, failingText, importanceText, importanceWord, noFailuresText, shareText, summaryLine, type AuditDoc } from './words';

export interface TableView {
  tty: boolean;
  columns: number;
  bold?: (s: string) => string;
}

export function auditTable(doc: AuditDoc, view: TableView): string {
  const { audit } = doc;
  if (!view.tty) {
    return renderTsv(
      audit.checks.map((c) => [sanitize(c.name), sanitize(c.label), importanceWord(c.importance), String(c.failing), String(c.of), String(Math.round(c.share * 1000) / 10), c.newlyFailing === null ? '' : String(c.newlyFailing), c.fixed === null ? '' : String(c.fixed), sanitize(c.summary)]),
    );
  }
  const head = summaryLine(audit) + '\n';
  if (!audit.checks.length) return `${head}${noFailuresText(audit)}\n`;
  const history = audit.checks.some((c) => changeText(c) !== '');
  const columns: TableColumn[] = [
    { header: 'IMPORTANCE', max: 10 },
    { header: 'CHECK', max: 22 },
    { header: 'FAILING', max: 15 },
    { header: 'SHARE', max: 5 },
    ...(history ? [{ header: 'SINCE LAST', max: 22 }] : []),
    { header: 'WHAT THE PAGES SHOW', max: 200, flex: true },
  ];
  const rows = audit.checks.map((c) => [importanceText(c.importance), sanitize(c.label), failingText(c), shareText(c.share), ...(history ? [changeText(c) || '—'] : []), sanitize(c.summary)]);
  return head + renderTable(columns, rows, { termWidth: view.columns, bold: view.bold });
}
