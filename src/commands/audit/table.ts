// `--format table` (the default): on a terminal the summary line and an aligned table within its
// width (the summary column gives way; too narrow for it, each summary wraps under its row);
// piped, one tab-separated line per check with nothing cut, as the other list commands print.
import { checkSummaryText } from '../../domain';
import { sanitize } from '../../text/sanitize';
import { wrapText } from '../../text/wrap';
import { columnWidths, renderTable, renderTsv, type TableColumn } from '../format/table';
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
      audit.checks.map((c) => [
        sanitize(c.name),
        sanitize(c.label),
        importanceWord(c.importance),
        String(c.failing),
        String(c.of),
        String(Math.round(c.share * 1000) / 10),
        c.newlyFailing === null ? '' : String(c.newlyFailing),
        c.fixed === null ? '' : String(c.fixed),
        sanitize(checkSummaryText(c)),
      ]),
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
  ];
  const rows = audit.checks.map((c) => [
    importanceText(c.importance),
    sanitize(c.label),
    failingText(c),
    shareText(c.share),
    ...(history ? [changeText(c) || '—'] : []),
  ]);
  const summaries = audit.checks.map((c) => sanitize(checkSummaryText(c)));
  const used = columnWidths(columns, rows, view.columns).reduce((a, b) => a + b + 2, 0);
  if (view.columns - used >= MIN_SUMMARY) {
    const all = [...columns, { header: 'WHAT THE PAGES SHOW', max: 200, flex: true }];
    return (
      head +
      renderTable(
        all,
        rows.map((r, i) => [...r, summaries[i]]),
        { termWidth: view.columns, bold: view.bold },
      )
    );
  }
  // Too narrow for the summary beside the rest: it goes under its row, wrapped, never cut.
  const [header, ...lines] = renderTable(columns, rows, { termWidth: view.columns, bold: view.bold }).trimEnd().split('\n');
  const under = (i: number) => wrapText(summaries[i], view.columns - 4).map((l) => `    ${l}`);
  return head + [header, ...lines.flatMap((l, i) => [l, ...under(i)])].join('\n') + '\n';
}

/** Columns the summary needs beside the rest to say something; below that it takes its own lines. */
const MIN_SUMMARY = 24;
