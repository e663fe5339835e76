// `--json` (`--format json`): the audit as documented in docs/json.md (`audit`), for scripts, under
// the hosts' snake_case as every JSON sitedeck prints; a page's score is `result`, as in a report.
// Every failing page is in `pages`, so the model's `examples` (its first three) are left out.
import type { AuditCheck, AuditPage } from '../../domain';
import { toJson } from '../format/json';
import { gatePassed, type GateVerdict } from './gate';
import type { AuditDoc } from './words';

const pageJson = (p: AuditPage) => ({ id: p.id, url: p.url, project: p.project, result: p.score, reason: p.reason, is_new: p.isNew });

const checkJson = (c: AuditCheck) => ({
  name: c.name,
  label: c.label,
  importance: c.importance,
  importances: c.importances,
  failing: c.failing,
  of: c.of,
  share: c.share,
  summary: c.summary,
  newly_failing: c.newlyFailing,
  fixed: c.fixed,
  pages: c.pages.map(pageJson),
});

export function auditJson(doc: AuditDoc, verdict?: GateVerdict): string {
  const { audit, scope } = doc;
  return toJson({
    data: {
      pages: audit.pages,
      reports: audit.reports,
      average_score: audit.averageScore,
      classes: audit.classes,
      checks: audit.checks.map(checkJson),
    },
    meta: {
      scope: { project: scope.project ?? null, result: scope.result ?? null, search: scope.search ?? null },
      // The release gate's verdict, when one was asked for (--fail-on, --max-failing).
      gate: verdict?.asked
        ? {
            passed: gatePassed(verdict),
            breaches: verdict.breaches.map((b) => ({ check: b.check.name, why: b.why })),
            unjudged: verdict.unjudged,
            notes: verdict.notes,
          }
        : null,
    },
  });
}
