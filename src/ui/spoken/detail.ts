// The detail as label/value lines, top to bottom: the fields from the domain table (as the detail
// pane lays them out, without its columns), the score in words, the history without its
// sparkline, then each check as one line (`failed: Title, high importance, too long: …`).
import { appendAll } from '../../text/bounded';
import { idText } from '../../domain';
import { checkReason, resourceDef, type Check, type Report } from '../../domain';
import { trendOf, type Analysis } from '../../history/model';
import { recordName, resultClassOf } from '../../state/selectors';
import type { AnyRecord, TabName } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { checkName, detailLines, orderedChecks } from '../words/detailLines';
import { shortDate } from '../words/text';
import { joined } from './line';
import { spokenScore } from './score';

/** Checks said of each kind: a real report has about thirty. */
const MAX_CHECKS = 200;

/** `up 12`, `down 5`, `unchanged`. */
function spokenChange(change: number | null): string | null {
  if (change === null) return null;
  return change > 0 ? `up ${change}` : change < 0 ? `down ${-change}` : 'unchanged';
}

/** `failed: Title, high importance, too long: 78 characters (max 60)`. */
export function spokenCheck(c: Check): string {
  return joined([`${c.passed ? 'passed' : 'failed'}: ${checkName(c)}`, `${c.importance} importance`, sanitize(checkReason(c))]);
}

function spokenHistory(history: readonly Analysis[]): string[] {
  const trend = trendOf(history);
  if (!trend) return [];
  const first = history[0];
  const last = history[history.length - 1];
  const moved = spokenChange(Math.round(last.result) - Math.round(first.result));
  return [
    `History: ${history.length} analyses, ${moved} since ${first.generated_at.slice(0, 10)}`,
    ...trend.rows.map((r) => joined([spokenScore(r.result), spokenChange(r.change), shortDate(r.generated_at)])),
  ];
}

export function spokenDetail(tab: TabName, record: AnyRecord, history: readonly Analysis[] = []): string[] {
  const def = resourceDef(tab);
  const scoreLabel = def.fields.find((f) => f.kind === 'score')?.label;
  // The pane's own lines, less what is said differently here: the title, the checks, the history.
  const plain = detailLines(tab, tab === 'reports' ? { ...record, checks: [] } : record, []).slice(1);
  const lines = [`Detail of ${sanitize(recordName(tab, record))}, id ${idText(record.id)}, created ${shortDate(record.created_at)}`];
  for (const l of plain) {
    if (l.text === '' && l.label === undefined) continue;
    if (l.label === undefined) {
      if (!l.text.startsWith('id ')) lines.push(l.text);
      continue;
    }
    if (l.label === scoreLabel) lines.push(`${l.label}: ${spokenScore((record as Report).result, resultClassOf(record as Report), '')}`);
    // The pane's dash for nothing is a word here.
    else lines.push(`${l.label}: ${l.text === '—' ? 'none' : l.text}`);
  }
  appendAll(lines, spokenHistory(history));
  if (tab === 'reports') {
    const { failed, passed } = orderedChecks((record as Report).checks ?? []);
    if (failed.length + passed.length) {
      lines.push(`Failed checks: ${failed.length}`);
      appendAll(lines, failed.slice(0, MAX_CHECKS).map(spokenCheck));
      if (failed.length > MAX_CHECKS) lines.push(`${failed.length - MAX_CHECKS} more failed checks not said`);
      lines.push(`Passed checks: ${passed.length}`);
      appendAll(lines, passed.slice(0, MAX_CHECKS).map(spokenCheck));
      if (passed.length > MAX_CHECKS) lines.push(`${passed.length - MAX_CHECKS} more passed checks not said`);
    }
  }
  return lines;
}
