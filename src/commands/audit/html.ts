// `--format html`: one self-contained page to hand over — inline CSS only; no script, font, image
// or link to anywhere, and a Content-Security-Policy that forbids loading anything should a
// reader's tool add it. Light and dark follow prefers-color-scheme; it prints (print CSS, no
// collapsed parts); importance and scores carry a glyph and a word beside their colour. Every
// text from the host is made inert and escaped. The page is polyglot (void elements closed, the
// doctype in capitals), so an XML parser reads it as well as a browser does.
import { checkSummaryText, classify } from '../../domain';
import { appendAll } from '../../text/bounded';
import { xmlEscape } from '../../text/xml';
import {
  changeText,
  failingText,
  legendText,
  importanceText,
  importanceWord,
  noFailuresText,
  scoreText,
  shareText,
  summaryLine,
  titleText,
  type AuditDoc,
} from './words';

/** Inert text, escaped for HTML text and attribute values alike. */
const esc = xmlEscape;

const CSS = `
:root { color-scheme: light dark; --fg: #1b1f24; --muted: #57606a; --bg: #ffffff; --line: #d0d7de; --head: #f6f8fa; --bar: #0969da;
  --high: #b3261e; --medium: #8a5a00; --low: #57606a; --unknown: #6639ba; --good: #1a7f37; --decent: #8a5a00; --bad: #b3261e; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6edf3; --muted: #9da7b3; --bg: #0d1117; --line: #30363d; --head: #161b22; --bar: #4493f8;
    --high: #ff7b72; --medium: #e3b341; --low: #9da7b3; --unknown: #d2a8ff; --good: #3fb950; --decent: #e3b341; --bad: #ff7b72; }
}
* { box-sizing: border-box; }
body { margin: 2rem auto; max-width: 72rem; padding: 0 1rem; \
font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 .25rem; }
.summary, .scope, .note { color: var(--muted); margin: 0 0 1rem; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { border-bottom: 1px solid var(--line); padding: .35rem .5rem; text-align: left; vertical-align: top; }
th { background: var(--head); font-weight: 600; }
td.num, th.num { text-align: right; white-space: nowrap; }
td.url { overflow-wrap: anywhere; }
.imp, .score { white-space: nowrap; font-weight: 600; }
.imp-high { color: var(--high); } .imp-medium { color: var(--medium); } .imp-low { color: var(--low); } .imp-unknown { color: var(--unknown); }
.good { color: var(--good); } .decent { color: var(--decent); } .bad { color: var(--bad); }
.bar { display: inline-block; width: 6rem; height: .6rem; border: 1px solid var(--line); vertical-align: middle; margin-left: .5rem; }
.bar > span { display: block; height: 100%; background: var(--bar); }
.new { font-weight: 600; }
a { color: inherit; }
footer { color: var(--muted); font-size: .85rem; margin-top: 2rem; }
@media print {
  :root { --fg: #000; --muted: #333; --bg: #fff; --line: #999; --head: #eee; --bar: #333; }
  body { margin: 0; max-width: none; font-size: 10pt; }
  .bar, .bar > span { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  tr, h2 { break-inside: avoid; } h2 { break-after: avoid; }
  a { text-decoration: none; }
}`;

const impCell = (i: Parameters<typeof importanceText>[0]) => `<span class="imp imp-${importanceWord(i)}">${esc(importanceText(i))}</span>`;
const scoreCell = (s: number | null) => (s === null ? '—' : `<span class="score ${classify(s)}">${esc(scoreText(s))}</span>`);

export function auditHtml(doc: AuditDoc): string {
  const { audit } = doc;
  const title = esc(titleText(doc.scope));
  const history = audit.checks.some((c) => changeText(c) !== '');
  const body: string[] = [`<h1>${title}</h1>`, `<p class="summary">${esc(summaryLine(audit))}</p>`];
  if (!audit.checks.length) body.push(`<p class="note">${esc(noFailuresText(audit))}</p>`);
  else {
    body.push(
      '<table id="checks">',
      '<caption>Checks failing, most important first</caption>',
      `<thead><tr><th scope="col">Importance</th><th scope="col">Check</th>` +
        `<th scope="col" class="num">Pages failing</th><th scope="col" class="num">Share</th>` +
        `${history ? '<th scope="col">Since last analysis</th>' : ''}<th scope="col">What the pages show</th></tr></thead>`,
      '<tbody>',
    );
    audit.checks.forEach((c, i) => {
      const bar = `<span class="bar" aria-hidden="true"><span style="width:${(c.share * 100).toFixed(1)}%"></span></span>`;
      body.push(
        `<tr><td>${impCell(c.importance)}</td><td><a href="#check-${i + 1}">${esc(c.label)}</a></td>` +
          `<td class="num">${esc(failingText(c))}</td><td class="num">${esc(shareText(c.share))}${bar}</td>` +
          `${history ? `<td>${esc(changeText(c) || '—')}</td>` : ''}<td>${esc(checkSummaryText(c))}</td></tr>`,
      );
    });
    body.push('</tbody>', '</table>');
    audit.checks.forEach((c, i) => {
      body.push(
        `<section id="check-${i + 1}">`,
        `<h2>${esc(c.label)} · ${impCell(c.importance)}</h2>`,
        `<p class="summary">${esc(failingText(c))} pages (${esc(shareText(c.share))})` +
          `${history ? ` · ${esc(changeText(c))}` : ''} · ${esc(checkSummaryText(c))}</p>`,
        `<table class="pages"><thead><tr><th scope="col">Page</th><th scope="col">Score</th><th scope="col">Why it fails</th></tr></thead><tbody>`,
      );
      appendAll(
        body,
        c.pages.map(
          (p) =>
            `<tr><td class="url">${esc(p.url)}${p.isNew ? ' <span class="new">(new)</span>' : ''}</td>` +
            `<td>${scoreCell(p.score)}</td><td>${esc(p.reason)}</td></tr>`,
        ),
      );
      body.push('</tbody></table>', '</section>');
    });
  }
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="color-scheme" content="light dark" />
<meta name="referrer" content="no-referrer" />
<title>${title}</title>
<style>${CSS}
</style>
</head>
<body>
<main>
${body.join('\n')}
</main>
<footer>Made with sitedeck reports audit. ${esc(legendText())}</footer>
</body>
</html>
`;
}
