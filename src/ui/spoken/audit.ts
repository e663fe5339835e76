// The Audit view in words: where it is (what it covers, the level, how far the read got) and the
// row selected at its level, or the report shown. Never the drawn glyphs.
import { classify, type RecordId } from '../../domain';
import { auditOfState, auditRows, listedCheck, selectedCheck, selectedPage, sourceWords } from '../../state/auditSource';
import { auditOf } from '../../state/stack';
import type { DeckState } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { plural } from '../../text/digits';
import { spokenDetail } from './detail';
import { joined, said, type SpokenLine } from './line';
import type { Analysis } from '../../history/model';
import { keyWords } from '../keys/keyWords';
import { keyRef } from '../../keys/keyRef';

/** `Audit of project shop.example.com, 25 pages, 4 failing checks, checks` (then the read's progress). */
export function spokenAuditPlace(state: DeckState): string {
  const a = auditOf(state);
  if (!a) return 'Audit';
  const audit = auditOfState(state);
  const p = state.projects;
  const level =
    a.level === 'checks'
      ? 'failing checks'
      : a.level === 'pages'
        ? `pages failing ${sanitize(listedCheck(state, audit)?.label ?? a.check ?? '')}`
        : `report ${a.reportId ?? ''}`;
  return joined([
    `Audit of ${sanitize(sourceWords(a.source))}`,
    plural(audit.pages, 'page'),
    plural(audit.checks.length, 'failing check'),
    level,
    a.filter ? `search "${sanitize(a.filter)}", ${plural(auditRows(state, audit).length, 'match', 'matches')}` : null,
    audit.averageScore === null ? null : `average ${audit.averageScore} ${classify(audit.averageScore)}`,
    p.status === 'loading' ? `reading reports, ${p.read}${p.total === null ? '' : ` of ${p.total}`} read, partial` : null,
    p.status === 'failed' ? `read stopped: ${sanitize(keyWords(p.error ?? 'failed'))}` : null,
    state.marked.reports.length ? `${state.marked.reports.length} marked` : null,
    state.readOnly ? 'read-only' : null,
  ]);
}

/** The selected check or page, or the report shown. */
export function spokenAuditBody(state: DeckState, analyses?: (id: RecordId) => readonly Analysis[]): SpokenLine[] {
  const a = auditOf(state);
  if (!a) return [];
  const audit = auditOfState(state);
  if (a.level === 'checks') {
    const c = selectedCheck(state);
    if (!c)
      return [
        said(
          a.filter && audit.checks.length
            ? `No failing check matches "${sanitize(a.filter)}"`
            : state.projects.status === 'loading'
              ? 'Reading reports, the checks show as they come'
              : 'No check fails here',
        ),
      ];
    const shown = auditRows(state, audit).length;
    const at = Math.min(a.checkCursor, shown - 1);
    return [
      said(
        joined([
          sanitize(c.label),
          `${at + 1} of ${shown}`,
          `importance ${c.importance ?? 'unknown'}`,
          `failing on ${c.failing} of ${c.of} pages`,
          sanitize(c.summary),
        ]),
        { selected: true },
      ),
    ];
  }
  if (a.level === 'pages') {
    const pages = auditRows(state, audit);
    const p = selectedPage(state);
    if (!p)
      return [said(a.filter ? `No page matches "${sanitize(a.filter)}"` : keyWords(`No page fails this check now (${keyRef('audit.refresh')} reads again)`))];
    const at = Math.min(a.pageCursor, pages.length - 1);
    return [
      said(
        joined([
          sanitize(p.url),
          `${at + 1} of ${pages.length}`,
          p.score === null ? 'no score' : `score ${p.score}`,
          sanitize(p.reason),
          state.marked.reports.includes(p.id) ? 'marked' : null,
        ]),
        { selected: true },
      ),
    ];
  }
  const record = state.projects.reports.find((r) => r.id === a.reportId);
  return record ? spokenDetail('reports', record, analyses?.(record.id) ?? []).map((t) => said(t)) : [said('This report is no longer in the read')];
}
