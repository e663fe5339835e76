// `--format md`: for a ticket or a pull request — the summary line, the checks table, then per
// check its failing pages with their own reasons. The host's text is made inert and every
// character Markdown would read as markup is escaped, so a URL cannot become a link, an image,
// HTML or a broken table.
import { checkSummaryText } from '../../domain';
import { sanitize } from '../../text/sanitize';
import { changeText, failingText, legendText, importanceText, noFailuresText, scoreText, shareText, summaryLine, titleText, type AuditDoc } from './words';

/** Inert, on one line, with CommonMark's markup characters backslash-escaped. */
function mdText(value: unknown): string {
  return sanitize(value).replace(/[\\`*_[\]<>|~&#!]/g, (c) => `\\${c}`);
}

export function auditMarkdown(doc: AuditDoc): string {
  const { audit } = doc;
  const out: string[] = [`# ${mdText(titleText(doc.scope))}`, '', mdText(summaryLine(audit)), ''];
  if (!audit.checks.length) return [...out, mdText(noFailuresText(audit)), ''].join('\n');
  const history = audit.checks.some((c) => changeText(c) !== '');
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  out.push(row(['Importance', 'Check', 'Pages failing', 'Share', ...(history ? ['Since last analysis'] : []), 'What the pages show']));
  out.push(row(['---', '---', '---:', '---:', ...(history ? ['---'] : []), '---']));
  for (const c of audit.checks) {
    out.push(
      row([
        importanceText(c.importance),
        mdText(c.label),
        failingText(c),
        shareText(c.share),
        ...(history ? [changeText(c) || '—'] : []),
        mdText(checkSummaryText(c)),
      ]),
    );
  }
  for (const c of audit.checks) {
    out.push('', `## ${mdText(c.label)} (${importanceText(c.importance)}): ${failingText(c)} pages`, '', mdText(checkSummaryText(c)), '');
    for (const p of c.pages) {
      out.push(`- ${mdText(p.url)} · ${scoreText(p.score)}${p.isNew ? ' · **new**' : ''} · ${mdText(p.reason)}`);
    }
  }
  out.push('', `_${mdText(legendText())}_`);
  return out.join('\n') + '\n';
}
