// The phrases every audit format shares, so a table, a ticket and a printed page say the same:
// `58 of 230`, `+3 new · 5 fixed`, `▲ high`, the summary line and the title.
import { classify, IMPORTANCE_ORDER, RESULT_CLASSES, RESULT_RANGES, type Audit, type AuditCheck, type Importance } from '../../domain';
import { RESULT_GLYPHS } from '../../state/selectors';
import { sanitize } from '../../text/sanitize';
import { groupDigits } from '../../text/digits';

/** What the audit was asked for: the list filters it read the reports with. */
export interface AuditScope {
  project?: string;
  result?: string;
  search?: string;
}

export interface AuditDoc {
  audit: Audit;
  scope: AuditScope;
}

/** A glyph beside each importance word: its meaning never rests on colour alone. */
const IMPORTANCE_GLYPH: Readonly<Record<Importance, string>> = { high: '▲', medium: '◆', low: '▽' };

/** `high`, or `unknown` for a check the domain does not know. */
export const importanceWord = (i: Importance | null): string => i ?? 'unknown';
/** `▲ high`, `? unknown`. */
export const importanceText = (i: Importance | null): string => `${i ? IMPORTANCE_GLYPH[i] : '?'} ${importanceWord(i)}`;

/** `58 of 230`. */
export const failingText = (c: Pick<AuditCheck, 'failing' | 'of'>): string => `${groupDigits(c.failing)} of ${groupDigits(c.of)}`;

/** `25 %` (`<1 %` rather than a misleading 0). */
export function shareText(share: number): string {
  const pct = share * 100;
  return pct > 0 && pct < 1 ? '<1 %' : `${Math.round(pct)} %`;
}

/** `+3 new · 5 fixed`; '' without history. */
export function changeText(c: Pick<AuditCheck, 'newlyFailing' | 'fixed'>): string {
  if (c.newlyFailing === null || c.fixed === null) return '';
  return `+${groupDigits(c.newlyFailing)} new · ${groupDigits(c.fixed)} fixed`;
}

/** `● 87 good`, `—` without a score. */
export function scoreText(score: number | null): string {
  if (score === null) return '—';
  const cls = classify(score);
  return `${RESULT_GLYPHS[cls]} ${Math.round(score)} ${cls}`;
}

/** `230 pages · average score 61 · 80 good · 70 decent · 80 bad`. */
export function summaryLine(a: Audit): string {
  const mix = RESULT_CLASSES.map((c) => `${groupDigits(a.classes[c.value])} ${c.value}`).join(' · ');
  const avg = a.averageScore === null ? 'no scores' : `average score ${a.averageScore}`;
  return `${groupDigits(a.pages)} ${a.pages === 1 ? 'page' : 'pages'} · ${avg} · ${mix}`;
}

/** `all reports`, or `project shop.example.com, result bad, search "blog"` (inert). */
function scopeText(s: AuditScope): string {
  const parts = [
    s.project !== undefined && `project ${s.project}`,
    s.result !== undefined && `result ${s.result}`,
    s.search !== undefined && `search "${s.search}"`,
  ].filter(Boolean);
  return sanitize(parts.length ? parts.join(', ') : 'all reports');
}

/** `SEO audit: shop.example.com` — the title of a document. */
export function titleText(s: AuditScope): string {
  return `SEO audit: ${scopeText(s)}`;
}

/** `no check fails on these 12 pages`, or on no pages at all. */
export function noFailuresText(a: Audit): string {
  return a.pages === 0 ? 'No reports matched: nothing to audit.' : `No check fails on ${a.pages === 1 ? 'this page' : `these ${groupDigits(a.pages)} pages`}.`;
}

/** What the glyphs mean: `Scores: ● good (80–100), … Importance: ▲ high, …`. */
export function legendText(): string {
  const scores = RESULT_CLASSES.map((c) => `${RESULT_GLYPHS[c.value]} ${c.value} (${RESULT_RANGES[c.value].join('–')})`).join(', ');
  const importance = [...IMPORTANCE_ORDER, null].map(importanceText).join(', ');
  return `Scores: ${scores}. Importance: ${importance}.`;
}
