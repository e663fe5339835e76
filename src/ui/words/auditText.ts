// The Audit view's rows as text, pure: what each column says at a width. A check's importance is a
// glyph and a word, its share of the pages a count and a bar, so nothing depends on colour; text
// that does not fit gives way at a space with … (a word is never cut, except a URL too long alone).
import { maxOf } from '../../text/bounded';
import stringWidth from 'string-width';
import { checkSummaryText, classify, type Audit, type AuditCheck, type AuditPage, type Importance } from '../../domain';
import { RESULT_GLYPHS } from '../../state/selectors';
import { proportionalCells } from '../../text/proportion';
import { sanitize } from '../../text/sanitize';
import { cut, fit } from '../../text/width';
import { displayUrl, projectRepeatsHost, shortUrl, urlPath } from '../../text/url';
import { GLYPHS } from './glyphs';

/** One glyph per importance, beside its word. */
const IMPORTANCE_GLYPHS: Readonly<Record<Importance | 'unknown', string>> = { high: '▲', medium: '◆', low: '▽', unknown: '?' };
/** Filled and empty cells of a check's share of the pages. */
const BAR = { fill: '█', empty: '·' } as const;
const IMPORTANCE_WIDTH = 10;
const SINCE = 'SINCE LAST';

/** `text` in at most `width` columns, cut after a whole word with … when it does not fit. */
export function wordCut(text: string, width: number): string {
  if (width <= 0) return '';
  if (stringWidth(text) <= width) return text;
  const words = text.split(/ +/);
  let out = '';
  for (const w of words) {
    const next = out ? `${out} ${w}` : w;
    if (stringWidth(next) > width - 1) break;
    out = next;
  }
  // A first word wider than the room (a URL) is cut where it must be.
  return out ? `${out.replace(/[\s,;:·—–-]+$/, '')}…` : cut(text, width);
}

export function importanceCell(i: Importance | null): string {
  return `${IMPORTANCE_GLYPHS[i ?? 'unknown']} ${i ?? 'unknown'}`;
}

/** `58 of 230`. */
export const countText = (c: Pick<AuditCheck, 'failing' | 'of'>) => `${c.failing} of ${c.of}`;

/** `████······`: the failing pages' share of `cells`, at least one cell when any fails. */
export function shareBar(failing: number, of: number, cells: number): string {
  const [fill, empty] = proportionalCells([failing, Math.max(0, of - failing)], cells);
  return BAR.fill.repeat(fill) + BAR.empty.repeat(empty);
}

/** `+3 new · 5 fixed` (the parts that are not zero); '' without history or with nothing to say. */
export function changeText(c: Pick<AuditCheck, 'newlyFailing' | 'fixed'>): string {
  const parts = [c.newlyFailing ? `+${c.newlyFailing} new` : null, c.fixed ? `${c.fixed} fixed` : null].filter((x): x is string => x !== null);
  return parts.join(' · ');
}

export interface CheckLayout {
  /** One line a check (wide) or two, the summary under the rest (narrow). */
  twoLines: boolean;
  label: number;
  count: number;
  bar: number;
  change: number;
  /** Columns the summary gets. */
  summary: number;
}

/** The columns of the checks at `width`: one line a check from 100 columns, two below. */
export function checkLayout(audit: Audit, width: number): CheckLayout {
  const label = Math.min(
    24,
    maxOf(
      audit.checks.map((c) => stringWidth(sanitize(c.label))),
      'CHECK'.length,
    ),
  );
  const count = maxOf(
    audit.checks.map((c) => countText(c).length),
    'PAGES'.length,
  );
  const longest = maxOf(
    audit.checks.map((c) => changeText(c).length),
    0,
  );
  const change = longest ? Math.max(longest, SINCE.length) : 0;
  const twoLines = width < 100;
  const bar = twoLines ? 6 : 10;
  const used = 2 + IMPORTANCE_WIDTH + 1 + label + 1 + count + 1 + bar;
  const summary = twoLines ? width - 4 : Math.max(10, width - used - 2 - (change ? change + 2 : 0));
  return { twoLines, label, count, bar, change, summary };
}

/** The header over the checks. */
export function checksHeader(l: CheckLayout): string {
  const head = `  ${fit('IMPORTANCE', IMPORTANCE_WIDTH)} ${fit('CHECK', l.label)} ${fit('PAGES', l.count, 'right')} ${fit('', l.bar)}`;
  return l.twoLines ? `${head}${l.change ? `  ${SINCE}` : ''}` : `${head}  ${fit('WHAT THE PAGES SHOW', l.summary)}${l.change ? `  ${SINCE}` : ''}`;
}

/** A check's row, in parts (the importance apart, to colour it): its first line, and its summary line when two. */
export function checkRow(c: AuditCheck, l: CheckLayout): { importance: string; rest: string; second: string | null } {
  const importance = fit(importanceCell(c.importance), IMPORTANCE_WIDTH);
  const head = ` ${fit(sanitize(c.label), l.label)} ${fit(countText(c), l.count, 'right')} ${shareBar(c.failing, c.of, l.bar)}`;
  const change = changeText(c);
  const summary = wordCut(sanitize(checkSummaryText(c)), l.summary);
  if (l.twoLines) return { importance, rest: `${head}${change ? `  ${change}` : ''}`, second: `    ${summary}` };
  return { importance, rest: `${head}  ${fit(summary, l.summary)}${change ? `  ${change}` : ''}`, second: null };
}

export interface PageLayout {
  url: number;
  /** 0: no reason column (every page fails for the reason the check's line above already gives). */
  reason: number;
  /** An ending every page's reason shares and the line above says (` (max 1,500)`): left off each row. */
  tail?: string;
}

/** The reason keeps at least this much beside the URL; the URL no more than this. */
const REASON_WANT = 30;
const URL_MAX = 60;

/** The page as its row shows it: a project's page by its path (the host is the project's), else its URL. */
export function shownPage(p: Pick<AuditPage, 'url'>, project: string | null): string {
  const url = sanitize(p.url);
  return project && projectRepeatsHost(url, project) ? urlPath(url) : url;
}

/**
 * URL and reason share what the marker, the score and the `new` flag leave: the URL as wide as the
 * widest on screen (`urls`, as shown) and no wider, while the reason keeps REASON_WANT; the reason
 * takes the rest. Without `urls`, the URL takes what it may.
 */
export function pageLayout(
  width: number,
  urls?: readonly string[],
  opts: { reasons?: boolean; tail?: string; /** The widest reason on screen, as shown: a reason column needs no more. */ widestReason?: number } = {},
): PageLayout {
  // marker (2) + mark (1) + score `○ 100` (5) + space + url + space + `new` (3) + space + reason
  const room = width - 2 - 1 - 5 - 1 - 1 - 3 - 1;
  // Without a reason column the URL has the whole row.
  if (opts.reasons === false) return { url: Math.max(16, room), reason: 0 };
  const want = Math.min(REASON_WANT, Math.max('WHY IT FAILS'.length, opts.widestReason ?? REASON_WANT));
  const most = Math.max(16, Math.min(URL_MAX, room - 1 - want));
  const widest = urls
    ? maxOf(
        urls.map((u) => stringWidth(displayUrl(u))),
        'PAGE'.length,
      )
    : most;
  const url = Math.min(most, widest);
  return { url, reason: Math.max(8, room - url - 1), ...(opts.tail ? { tail: opts.tail } : {}) };
}

export function pagesHeader(l: PageLayout): string {
  return `  ${fit('SCORE', 5)} ${fit('PAGE', l.url)}${l.reason ? ` ${fit('', 3)} ${fit('WHY IT FAILS', l.reason)}` : ''}`;
}

/** The bracketed ending every reason shares (` (max 1,500)` after `too many: 5,080 nodes`), or ''. */
export function sharedTail(pages: readonly Pick<AuditPage, 'reason'>[]): string {
  const tail = pages.length > 1 ? (/ \([^()]*\)$/.exec(pages[0].reason)?.[0] ?? '') : '';
  return tail && pages.every((p) => p.reason.endsWith(tail) && p.reason.length > tail.length) ? tail : '';
}

/** A page's reason as its row says it: without the ending every reason shares (`tail`). */
export function shownReason(p: Pick<AuditPage, 'reason'>, tail = ''): string {
  return sanitize(tail && p.reason.endsWith(tail) ? p.reason.slice(0, -tail.length) : p.reason);
}

/** The reason column says something only when the pages' reasons differ (`too slow: 3.61 s`, `4.35 s`): one reason is said once, above. */
export const pagesDiffer = (pages: readonly Pick<AuditPage, 'reason'>[]): boolean => pages.some((p) => p.reason !== pages[0].reason);

/** A page's row after its cursor marker: mark, score with its class glyph, URL, `new`, its own reason. */
export function pageRow(p: AuditPage, l: PageLayout, marked: boolean, project: string | null): string {
  const score = p.score === null ? '—' : `${RESULT_GLYPHS[classify(p.score)]} ${Math.round(p.score)}`;
  // One project's pages: the host is the project's, so the path says more.
  const shown = shownPage(p, project);
  const reason = l.reason ? ` ${wordCut(shownReason(p, l.tail), l.reason)}` : '';
  return `${marked ? GLYPHS.marked : ' '}${fit(score, 5, 'right')} ${fit(shortUrl(shown, l.url), l.url)} ${fit(p.isNew ? 'new' : '', 3)}${reason}`;
}
