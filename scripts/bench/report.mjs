// The bench's table: printed to the terminal and written into docs/PERFORMANCE.md with the machine.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';

const HEADER = ['figure', 'value', 'baseline', 'ratio', 'goal', 'pass'];

const passText = (p) => (p === true ? 'pass' : p === false ? 'FAIL' : '—');

function cells(row) {
  return [row.figure, row.value, row.baseline ?? '—', row.ratio ?? '—', row.goal ?? '—', passText(row.pass)];
}

export function textTable(rows) {
  const body = rows.map(cells);
  const widths = HEADER.map((h, i) => Math.max(h.length, ...body.map((r) => [...r[i]].length)));
  const line = (r) => r.map((c, i) => c + ' '.repeat(widths[i] - [...c].length)).join(' | ');
  return [line(HEADER), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)].join('\n');
}

function markdownTable(rows) {
  const esc = (c) => c.replace(/\|/g, '\\|');
  return [`| ${HEADER.join(' | ')} |`, `|${HEADER.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${cells(r).map(esc).join(' | ')} |`)].join('\n');
}

export function machine() {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  const model = /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1] ?? cpus()[0]?.model ?? 'unknown';
  let nproc = String(cpus().length);
  try {
    nproc = execFileSync('nproc', { encoding: 'utf8' }).trim();
  } catch {
    /* os.cpus() it is */
  }
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { encoding: 'utf8' }).trim();
    if (dirty) commit += ' + uncommitted changes in src';
  } catch {
    /* not a git checkout */
  }
  return {
    commit,
    nproc,
    cpu: model.trim(),
    memory: `${(totalmem() / 1024 ** 3).toFixed(1)} GB`,
    node: process.version,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
}

const MARK = '## Latest run';

/**
 * `doc` with its section headed `mark` replaced by `section` (added at the end when there is none);
 * the sections after it stay.
 */
export function withSection(doc, mark, section) {
  const i = doc.indexOf(`${mark}\n`);
  if (i < 0) return `${doc.endsWith('\n\n') ? doc : `${doc.trimEnd()}\n\n`}${section}`;
  const next = doc.indexOf('\n## ', i + mark.length);
  return doc.slice(0, i) + section + (next < 0 ? '' : `\n${doc.slice(next + 1)}`);
}

/** `doc` with its "Latest run" section replaced by `section`. */
export const withLatestRun = (doc, section) => withSection(doc, MARK, section);

/** Replaces the "Latest run" section of the doc, keeping the rest. */
export function writeDoc(path, { rows, machine: m, notes, seconds }) {
  const section = [
    MARK,
    '',
    `${m.date} · commit ${m.commit} · ${m.nproc} cores (${m.cpu}) · ${m.memory} RAM · Node ${m.node} · ` +
      `load average at start ${m.load} · bench took ${seconds.toFixed(0)} s`,
    '',
    markdownTable(rows),
    '',
    ...(notes.length ? ['Details of this run:', '', ...notes.map((n) => `- ${n}`), ''] : []),
  ].join('\n');
  writeFileSync(path, withLatestRun(existsSync(path) ? readFileSync(path, 'utf8') : '# Performance\n\n', section));
}
