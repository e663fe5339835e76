// `sitedeck reports audit`: which problems to fix first across a site, and on which pages. Every
// report (of a project, result or search) read once at per_page=100 through the host's pacer,
// then one audit (domain/audit.ts) in the format asked for, to stdout or a file. Progress goes
// to stderr on a terminal (or with --progress); the score history says what is new or fixed.
import { appendAll } from '../text/bounded';
import { extname } from 'node:path';
import { readAll, type ReadProgress } from '../api/readAll';
import type { ResolvedConfig } from '../config/types';
import { buildAudit, projectOfUrl, REPORTS, type Report } from '../domain';
import { historyFor, withHistory } from '../history';
import { excerpt, sanitize } from '../text/sanitize';
import { auditCsv } from './audit/csv';
import { whyEmpty } from './audit/empty';
import { gateExit, gateSummary, judgeGate, parseGate, type GateVerdict } from './audit/gate';
import { AUDIT_EXTENSIONS, AUDIT_FILTERS, AUDIT_FORMATS, type AuditFormat } from './audit/formats';
import { auditHtml } from './audit/html';
import { auditJson } from './audit/json';
import { auditJunit } from './audit/junit';
import { auditMarkdown } from './audit/markdown';
import { checkOutput, writeOutput } from './audit/output';
import { auditTable } from './audit/table';
import type { AuditDoc, AuditScope } from './audit/words';
import { clientFor } from './client';
import { EXIT } from './exitCodes';
import { CommandFailure } from './failure';
import { bold } from './format/colour';
import { listQueryFrom, type Options } from './input';
import { widthOf, type Io } from './io';
import { createProgress, grouped } from './progress';

/** --format (--json is --format json), else what --output's extension says (formats.ts's table), else the table; the two must agree. */
function auditFormat(opts: Options): AuditFormat {
  if (opts.json === true && opts.format !== undefined) throw new CommandFailure(EXIT.usage, 'give --json or --format, not both (--json is --format json)');
  const given = opts.json === true ? 'json' : opts.format;
  const flag = opts.json === true ? '--json' : `--format ${String(given)}`;
  const ext = typeof opts.output === 'string' && opts.output !== '-' ? extname(opts.output).toLowerCase() : '';
  const byName = Object.hasOwn(AUDIT_EXTENSIONS, ext) ? AUDIT_EXTENSIONS[ext] : undefined;
  if (given === undefined) return byName ?? 'table';
  if (!(AUDIT_FORMATS as readonly unknown[]).includes(given))
    throw new CommandFailure(EXIT.usage, `--format must be one of ${AUDIT_FORMATS.join(', ')} (got "${excerpt(given)}")`);
  if (byName !== undefined && byName !== given) {
    throw new CommandFailure(
      EXIT.usage,
      `${flag} does not match --output ${excerpt(opts.output)}: ` +
        `a ${ext} file is ${byName}; change the file's extension, or leave out ${opts.json === true ? '--json' : '--format'}`,
    );
  }
  return given as AuditFormat;
}

/** The filters as the host stores them: a project is a host without scheme or `www.` (`www.Shop.example` → `shop.example`). */
function auditFilters(opts: Options): Options {
  const filters: Options = Object.fromEntries(AUDIT_FILTERS.filter((k) => opts[k] !== undefined).map((k) => [k, opts[k]]));
  if (typeof filters.project === 'string') filters.project = projectOfUrl(filters.project);
  return filters;
}

export async function runAudit(opts: Options, config: ResolvedConfig, io: Io, signal: AbortSignal): Promise<number> {
  const format = auditFormat(opts);
  const output = typeof opts.output === 'string' && opts.output !== '-' ? opts.output : undefined;
  if (opts.output !== undefined && typeof opts.output !== 'string') throw new CommandFailure(EXIT.usage, '--output needs a file name (or - for stdout)');
  const filters = auditFilters(opts);
  const query = listQueryFrom(REPORTS, filters);
  const gate = parseGate(opts);
  if (output !== undefined) await checkOutput(output, io.cwd);
  const scope: AuditScope = Object.fromEntries(AUDIT_FILTERS.filter((k) => query[k] !== undefined).map((k) => [k, String(query[k])]));

  const raw = clientFor(config, REPORTS, io);
  const history = historyFor(config, { host: raw.hosts.seo, env: io.env, onWarning: (t) => io.stderr.write(`warning: ${sanitize(t)}\n`) });
  const client = withHistory(raw, history);
  const progress = createProgress(io, 'reports', { wanted: Boolean(io.isTTY.stderr) || opts.progress === true });
  const off = raw.pacer('seo').subscribe((s) => progress.pace(s));
  const reports: Report[] = [];
  let at: ReadProgress | undefined;
  const onPage = (p: ReadProgress) => {
    at = p;
    progress.step(p.read, p.totalUnknown ? undefined : p.total);
  };
  try {
    for await (const batch of readAll(client.reports, { ...query, per_page: 100 }, { signal, onPage })) appendAll(reports, batch);
  } catch (e) {
    progress.end();
    // An audit of part of the reports would mislead: say where the read stopped, write nothing.
    const where = at ? ` (page ${at.page} of ${at.lastPage})` : '';
    io.stderr.write(
      `sitedeck: stopped after ${grouped(reports.length)} of ${at && !at.totalUnknown ? grouped(at.total) : '?'} reports${where}; no audit written\n`,
    );
    throw e;
  } finally {
    off();
    progress.end();
    await history.flush();
  }
  // Read nothing: say why, naming what a project was probably meant to be.
  if (reports.length === 0) io.stderr.write(`sitedeck: ${await whyEmpty(raw.reports, scope, signal)}\n`);
  const audit = buildAudit(reports, history.enabled ? (r) => history.previousFailed(r) : undefined);
  const doc: AuditDoc = { audit, scope };
  const verdict = judgeGate(audit, gate, historyNote(config));
  const toFile = output !== undefined;
  const text = render(format, doc, verdict, { tty: io.isTTY.stdout && !toFile, columns: widthOf(io), bold: io.color && !toFile ? bold : undefined });
  if (output) {
    // Whole or not at all: a reader never opens half a document.
    await writeOutput(output, text, io.cwd);
    io.stderr.write(`wrote ${sanitize(output)}: ${audit.checks.length} failing checks over ${audit.pages} ${audit.pages === 1 ? 'page' : 'pages'}\n`);
  } else io.stdout.write(text);
  if (verdict.asked) {
    // A CI log shows why the gate failed; stdout keeps only the document when it carries one.
    const free = toFile || (format === 'table' && io.isTTY.stdout);
    (free ? io.stdout : io.stderr).write(gateSummary(verdict, audit));
  }
  return gateExit(verdict);
}

/** How a score history starts, for `--fail-on new` on a first run: where every audit keeps it, or that it is off. */
function historyNote(config: ResolvedConfig): string {
  return config.history === false
    ? 'the score history is off, so only an older report of a page can be compared with (sitedeck config set history true)'
    : 'a score history starts with this run: every audit keeps the analyses it reads in $XDG_STATE_HOME/sitedeck ' +
        '(else ~/.local/state/sitedeck); keep that folder between CI runs';
}

type View = { tty: boolean; columns: number; bold?: (s: string) => string };

/** Each format's writer (formats.ts has the formats themselves): a format without one is a type error. */
const RENDERERS: Record<AuditFormat, (doc: AuditDoc, verdict: GateVerdict, view: View) => string> = {
  table: (doc, _verdict, view) => auditTable(doc, view),
  md: (doc) => auditMarkdown(doc),
  html: (doc) => auditHtml(doc),
  json: (doc, verdict) => auditJson(doc, verdict),
  csv: (doc) => auditCsv(doc),
  junit: (doc, verdict) => auditJunit(doc, verdict),
};

function render(format: AuditFormat, doc: AuditDoc, verdict: GateVerdict, view: View): string {
  return RENDERERS[format](doc, verdict, view);
}
