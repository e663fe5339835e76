// The resume line of a bulk run that stopped: the command as the user typed it (their words, their
// flags and values: `--email enabled`, not what was sent), with the ids still to do in place of their
// --ids or selection. Few ids go on the line (`--ids 21,22,23`); many go through `--ids -` in a
// here-document printed after it, so the command stays under RESUME_WIDTH and can be pasted whole.
import { idText, type RecordId } from '../domain';
import { BULK_SELECTORS } from './flags';

/** The longest resume line, in characters (a terminal line or two; a CI log's line). */
export const RESUME_WIDTH = 200;
/** Ids on each line of the here-document. */
const IDS_PER_LINE = 15;
const HEREDOC_END = 'IDS';

/** A word as a POSIX shell reads it back: bare when safe, else single-quoted, or $'…' when it holds a control character. */
export function shellWord(w: string): string {
  if (w !== '' && /^[\w@%+=:,./-]+$/.test(w)) return w;
  if (!/[\u0000-\u001f\u007f]/.test(w)) return `'${w.replace(/'/g, `'\\''`)}'`;
  const escaped = [...w]
    .map((ch) => {
      const c = ch.codePointAt(0)!;
      if (ch === '\\' || ch === "'") return `\\${ch}`;
      if (ch === '\n') return '\\n';
      if (ch === '\t') return '\\t';
      return c < 0x20 || c === 0x7f ? `\\x${c.toString(16).padStart(2, '0')}` : ch;
    })
    .join('');
  return `$'${escaped}'`;
}

export interface ResumeOf {
  /** The words after `sitedeck`, as typed. */
  argv: readonly string[];
  /** The flags of the write's secret fields (`--password`): never repeated; `--password-stdin` instead. */
  secretFlags: readonly string[];
  /** A delete: the resumed run cannot ask (its stdin holds the ids), so it says --yes. */
  needsYes: boolean;
}

/** The user's words less the ids and the selection (`--ids 3,4`, `--project=x`); where --ids stood is kept, -1 when it was not given. */
function wordsWithoutTargets(of: ResumeOf): { words: string[]; at: number; stdinTaken: boolean } {
  const targetFlags = new Set(['--ids', ...BULK_SELECTORS.map((s) => `--${s}`)]);
  const words: string[] = [];
  let at = -1;
  let stdinTaken = false;
  for (let i = 0; i < of.argv.length; i++) {
    const w = of.argv[i];
    const [flag, inline] = w.startsWith('--') && w.includes('=') ? [w.slice(0, w.indexOf('=')), true] : [w, false];
    if (targetFlags.has(flag)) {
      if (flag === '--ids' && at < 0) at = words.length;
      if (!inline) i++;
      continue;
    }
    if (of.secretFlags.includes(flag)) {
      // A secret typed on the line is never repeated: the resumed run reads it from stdin.
      words.push(`${flag}-stdin`);
      stdinTaken = true;
      if (!inline) i++;
      continue;
    }
    if (w.endsWith('-stdin')) stdinTaken = true;
    words.push(w);
  }
  if (of.needsYes && !words.includes('--yes')) words.push('--yes');
  return { words, at: at < 0 ? words.length : at, stdinTaken };
}

/** The resume: one line when the ids fit on it, else the command and then the ids on their own lines. */
export function resumeLines(of: ResumeOf, rest: readonly RecordId[]): string[] {
  const { words, at, stdinTaken } = wordsWithoutTargets(of);
  const ids = rest.map(idText);
  const command = (idsWords: string[]) => ['sitedeck', ...[...words.slice(0, at), ...idsWords, ...words.slice(at)].map(shellWord)].join(' ');
  const one = `To resume: ${command(['--ids', ids.join(',')])}`;
  if (one.length <= RESUME_WIDTH) return [one];
  const lines: string[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_LINE) lines.push(ids.slice(i, i + IDS_PER_LINE).join(' '));
  // stdin holds the secret: the ids go in --ids itself, one quoted word over several lines (--ids reads spaces and newlines).
  if (stdinTaken) {
    const head = ['sitedeck', ...words.map(shellWord)].join(' ');
    return [`To resume (${ids.length} ids; paste the lines below whole):`, `${head} --ids '`, ...lines, `'`];
  }
  return [`To resume (${ids.length} ids; paste the lines below whole):`, `${command(['--ids', '-'])} <<'${HEREDOC_END}'`, ...lines, HEREDOC_END];
}
