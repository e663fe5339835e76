// One check of `sitedeck doctor`: what was looked at, how it stands, and the fix. Pure: the lines
// and the exit code follow from the list of checks.
import { maxOf } from '../text/bounded';
import { sanitize } from '../text/sanitize';
import { EXIT, type ExitCode } from './exitCodes';

/** ok ✓: as it should be; warn !: works, but worth knowing; fail ✗: something will not work. */
type CheckStatus = 'ok' | 'warn' | 'fail';

export interface DoctorCheck {
  /** Stable, for scripts: `config.file`, `setting.base_url`, `analytics.key`, `terminal.utf8`, … */
  id: string;
  /** The heading it is printed under: config, settings, analytics, seo, terminal. */
  group: string;
  status: CheckStatus;
  /** What was checked, a few words. */
  title: string;
  /** What was found. Never the key. */
  detail: string;
  /** What to do, for a warning or a failure. */
  fix?: string;
  /** The exit code of a failure (default: usage). */
  code?: ExitCode;
}

const MARKS: Readonly<Record<CheckStatus, string>> = { ok: '✓', warn: '!', fail: '✗' };

const GROUP_TITLES: Readonly<Record<string, string>> = {
  config: 'Config',
  files: 'Local files (what sitedeck would refuse)',
  settings: 'Settings (where each comes from)',
  analytics: 'Analytics host',
  seo: 'SEO host',
  terminal: 'Terminal',
};

/**
 * The exit code: 0 when nothing failed (warnings included: they name a fix but nothing is
 * broken), else the code of the first failure in the order printed.
 */
export function doctorExitCode(checks: readonly DoctorCheck[]): ExitCode {
  const first = checks.find((c) => c.status === 'fail');
  return first ? (first.code ?? EXIT.usage) : EXIT.ok;
}

/** The text report: a heading per group, a line per check, the fix under a warning or failure, a summary. */
export function doctorText(checks: readonly DoctorCheck[]): string {
  const out: string[] = [];
  const width = maxOf(checks.map((c) => c.title.length));
  let group: string | undefined;
  for (const c of checks) {
    if (c.group !== group) {
      if (group !== undefined) out.push('');
      out.push(GROUP_TITLES[c.group] ?? c.group);
      group = c.group;
    }
    out.push(`  ${MARKS[c.status]} ${c.title.padEnd(width)}  ${sanitize(c.detail)}`);
    if (c.fix && c.status !== 'ok') out.push(`    ${' '.repeat(width)}  fix: ${sanitize(c.fix)}`);
  }
  const fails = checks.filter((c) => c.status === 'fail').length;
  const warns = checks.filter((c) => c.status === 'warn').length;
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  out.push('');
  if (fails) out.push(`${count(fails, 'failure')}, ${count(warns, 'warning')} (exit ${doctorExitCode(checks)}).`);
  else if (warns) out.push(`Nothing failed; ${count(warns, 'warning')}.`);
  else out.push('All checks passed.');
  return out.join('\n') + '\n';
}

/** The `--json` shape (docs/json.md). */
export function doctorJson(checks: readonly DoctorCheck[]): { ok: boolean; exit_code: number; checks: object[] } {
  return {
    ok: checks.every((c) => c.status !== 'fail'),
    exit_code: doctorExitCode(checks),
    checks: checks.map((c) => ({ id: c.id, group: c.group, status: c.status, title: c.title, detail: c.detail, fix: c.fix ?? null })),
  };
}
