// `--format junit`: a JUnit XML report for CI dashboards — one test case per check (every check
// the domain knows, and any other the reports failed), failed when it breaks the release gate, or,
// without a gate, when it fails on any page. The failure names the pages and why; every text from
// the host is made inert, held to XML 1.0's characters and escaped (text/xml.ts).
import { CHECKS, checkLabel, type AuditCheck } from '../../domain';
import { xmlEscape } from '../../text/xml';
import type { GateVerdict } from './gate';
import { failingText, scoreText, summaryLine, titleText, type AuditDoc } from './words';

const xml = xmlEscape;

/** Failing pages listed in a failure's text before `… and N more`. */
const LISTED = 50;

function failureText(c: AuditCheck, why: readonly string[]): string {
  const lines = [...why, c.summary, ...c.pages.slice(0, LISTED).map((p) => `${p.url} · ${scoreText(p.score)} · ${p.reason}`)];
  if (c.pages.length > LISTED) lines.push(`… and ${c.pages.length - LISTED} more`);
  return lines.map(xml).join('\n');
}

export function auditJunit(doc: AuditDoc, verdict: GateVerdict): string {
  const { audit } = doc;
  const failing = new Map(audit.checks.map((c) => [c.name, c]));
  const breached = new Map(verdict.breaches.map((b) => [b.check.name, b.why]));
  const names = [...CHECKS.map((c) => c.name as string), ...audit.checks.map((c) => c.name).filter((n) => !CHECKS.some((k) => k.name === n))];
  const cases = names.map((name) => {
    const c = failing.get(name);
    const why = verdict.asked ? breached.get(name) : c ? [`fails on ${failingText(c)} pages`] : undefined;
    const head = `    <testcase classname="sitedeck.audit" name="${xml(c?.label ?? checkLabel(name))} (${xml(name)})" time="0">`;
    if (!c || !why) return `${head}${c ? `<system-out>${xml(`${failingText(c)} pages fail it, within the gate: ${c.summary}`)}</system-out>` : ''}</testcase>`;
    const failure = `<failure message="${xml(why.join('; '))}" type="${xml(c.importance ?? 'unknown')}">${failureText(c, why)}</failure>`;
    return `${head}\n      ${failure}\n    </testcase>`;
  });
  // A rule that judged nothing fails on that, not on a check: a case of its own says so.
  if (verdict.empty)
    for (const u of verdict.unjudged)
      cases.push(
        `    <testcase classname="sitedeck.audit" name="${xml(u.rule)}" time="0">\n` +
          `      <failure message="${xml(u.why)}" type="empty">${xml(`${audit.pages} ${audit.pages === 1 ? 'page' : 'pages'} read`)}</failure>\n` +
          '    </testcase>',
      );
  const failures = cases.filter((c) => c.includes('<failure')).length;
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${xml(titleText(doc.scope))}" tests="${cases.length}" failures="${failures}" errors="0">
  <testsuite name="${xml(titleText(doc.scope))}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0" time="0">
    <properties><property name="summary" value="${xml(summaryLine(audit))}"/></properties>
${cases.join('\n')}
  </testsuite>
</testsuites>
`;
}
