// `--format json`: the audit as documented in docs/json.md (`audit`), for scripts. Every failing
// page is in `pages`, so the model's `examples` (its first three) are left out.
import { toJson } from '../format/json';
import { gatePassed, type GateVerdict } from './gate';
import type { AuditDoc } from './words';

export function auditJson(doc: AuditDoc, verdict?: GateVerdict): string {
  const { audit, scope } = doc;
  return toJson({
    data: {
      pages: audit.pages,
      reports: audit.reports,
      averageScore: audit.averageScore,
      classes: audit.classes,
      checks: audit.checks.map(({ examples: _examples, ...c }) => c),
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
