// What a cover says when it ends, on stderr: what was done, each page the host refused (its words),
// why it stopped, and how to go on: the user's own command with --resume (the plan is in the
// journal, so the source is not read again and nothing answered is sent again).
import { sanitize } from '../../text/sanitize';
import { shellWord } from '../resume';

export interface Tally {
  done: number;
  /** The pages the host refused (422), with its words. */
  refused: { url: string; why: string }[];
  failed: number;
  unknown: number;
  notStarted: number;
  /** Steps this run set out to send. */
  total: number;
}

/** Refused pages named one a line; the rest counted. */
const LISTED = 12;

/** The flags a resume leaves out: the plan they made is in the journal. */
const PLAN_FLAGS = new Set(['--dry-run', '--prune', '--rerun-older-than', '--project', '--resume', '--yes', '-y']);
const TAKES_VALUE = new Set(['--rerun-older-than', '--project']);

/** The user's words with --resume --yes in place of the plan's flags. */
function resumeCommand(argv: readonly string[]): string {
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i];
    const flag = w.startsWith('--') && w.includes('=') ? w.slice(0, w.indexOf('=')) : w;
    if (PLAN_FLAGS.has(flag)) {
      if (TAKES_VALUE.has(w)) i++;
      continue;
    }
    words.push(w);
  }
  return ['sitedeck', ...words, '--resume', '--yes'].map(shellWord).join(' ');
}

export function coverSummary(s: { site: string; tally: Tally; stopped?: string; resumable: boolean; argv: readonly string[] }): string[] {
  const t = s.tally;
  const lines = [
    `Covered ${sanitize(s.site)}: ${t.done} of ${t.total} done, ${t.refused.length} refused by the host, ${t.failed} failed, ` +
      `${t.unknown} may have been applied, ${t.notStarted} not started`,
  ];
  if (s.stopped) lines.push(`  stopped: ${sanitize(s.stopped)}`);
  for (const r of t.refused.slice(0, LISTED)) lines.push(`  refused: ${sanitize(r.url)}: ${sanitize(r.why)}`);
  if (t.refused.length > LISTED) lines.push(`  … and ${t.refused.length - LISTED} more refused (--json lists each)`);
  if (s.resumable) lines.push(`To resume: ${resumeCommand(s.argv)}`);
  return lines;
}
