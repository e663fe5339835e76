// `--format json`: the audit as documented in docs/json.md (`audit`), for scripts. Every failing
// page is in `pages`, so the model's `examples` (its first three) are left out.
import { toJson } from '../format/json';
import type { AuditDoc } from './words';

export function auditJson(doc: AuditDoc): string {
  const { audit, scope } = doc;
  return toJson({
    data: {
      pages: audit.pages,
      reports: audit.reports,
      averageScore: audit.averageScore,
      classes: audit.classes,
      checks: audit.checks.map(({ examples: _examples, ...c }) => c),
    },
    meta: { scope: { project: scope.project ?? null, result: scope.result ?? null, search: scope.search ?? null } },
  });
}
