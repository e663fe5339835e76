// The release gate of `reports audit`: `--fail-on high|medium|low|new` and `--max-failing CHECK=N`
// budgets, read before any request (a typo or an empty value is refused, nothing is read), then
// held against the audit. A gate that read no page judged nothing, so it fails unless
// --allow-empty. Pure: the verdict feeds the exit code, the summary a CI log shows, and junit.
import { CHECKS, IMPORTANCE_ORDER, type Audit, type AuditCheck, type Importance } from '../../domain';
import { groupDigits } from '../../text/digits';
import { nearest } from '../../text/nearest';
import { excerpt, sanitize } from '../../text/sanitize';
import { EXIT } from '../exitCodes';
import { CommandFailure } from '../failure';
import type { Options } from '../input';
import { FAIL_ON, type FailOn } from './formats';

export interface Gate {
  /** Fails when a check of this importance or above fails on any page; null: not asked. */
  level: Importance | null;
  /** Fails when a check newly fails on a page since that page's previous analysis. */
  newFailures: boolean;
  /** Most pages each named check may fail on. */
  budgets: ReadonlyMap<string, number>;
  /** --allow-empty: a read of no page passes (a project with no reports yet). */
  allowEmpty: boolean;
}

/** Why one check breaks the gate, in words (`high: fails on 57 of 202 pages (--fail-on high)`). */
interface Breach {
  check: AuditCheck;
  why: string[];
}

export interface GateVerdict {
  asked: boolean;
  breaches: Breach[];
  /** A gate was asked, no page was read and --allow-empty was not given: it fails, judging nothing. */
  empty: boolean;
  /** Rules that could not be judged (`--fail-on new` without any earlier analysis). */
  notes: string[];
}

/** Why a gate that read no page fails. */
export const EMPTY_FAILS = 'no page read, so nothing was judged; --allow-empty lets a read of no page pass';

/** Whether the gate holds: no breach, and something was read. */
export const gatePassed = (v: GateVerdict): boolean => v.breaches.length === 0 && !v.empty;

/** The exit code a verdict gives. */
export const gateExit = (v: GateVerdict): number => (v.empty ? EXIT.gateEmpty : v.breaches.length ? EXIT.gate : EXIT.ok);

const words = (x: unknown): string[] =>
  String(x)
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);

const usage = (text: string) => new CommandFailure(EXIT.usage, text);

/**
 * Each value given to a gate flag, split at commas. A value with no word in it (`''`, `',,,'`:
 * an unset variable in a CI job) is refused: silently it would turn the gate off.
 */
function list(v: unknown, flag: string, wants: string): string[] {
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).flatMap((x) => {
    const w = words(x);
    if (!w.length) throw usage(`${flag} needs ${wants} (got "${excerpt(x)}"); an empty value would turn the gate off`);
    return w;
  });
}

/** The gate the flags ask for; a bad value is refused with what was probably meant. */
export function parseGate(opts: Options): Gate {
  let level: Importance | null = null;
  let newFailures = false;
  for (const word of list(opts.failOn, '--fail-on', `one of ${FAIL_ON.join(', ')}`)) {
    const w = word.toLowerCase();
    if (!(FAIL_ON as readonly string[]).includes(w)) {
      const near = nearest(w, FAIL_ON);
      throw usage(`--fail-on must be one of ${FAIL_ON.join(', ')} (got "${sanitize(word)}")${near.length ? `: did you mean '${near[0]}'?` : ''}`);
    }
    if (w === 'new') newFailures = true;
    else if (level === null || IMPORTANCE_ORDER.indexOf(w as Importance) > IMPORTANCE_ORDER.indexOf(level)) level = w as FailOn & Importance;
  }
  const budgets = new Map<string, number>();
  for (const rule of list(opts.maxFailing, '--max-failing', "CHECK=N, a check's name and the most pages it may fail on")) {
    const m = /^([^=\s]+)=(\d{1,9})$/.exec(rule);
    if (!m) throw usage(`--max-failing wants CHECK=N, a check's name and the most pages it may fail on (got "${sanitize(rule)}"), e.g. --max-failing title=5`);
    const name = m[1].toLowerCase();
    const known = CHECKS.some((c) => c.name === name);
    // A check sitedeck does not know may still come from the host; one a letter or two off a known one is a typo.
    const near = known
      ? []
      : nearest(
          name,
          CHECKS.map((c) => c.name),
        );
    if (near.length) throw usage(`--max-failing: no check '${sanitize(name)}': did you mean '${near[0]}'?`);
    budgets.set(name, Number(m[2]));
  }
  return { level, newFailures, budgets, allowEmpty: opts.allowEmpty === true };
}

const gateAsked = (g: Gate): boolean => g.level !== null || g.newFailures || g.budgets.size > 0;

const pages = (n: number) => `${groupDigits(n)} ${n === 1 ? 'page' : 'pages'}`;

/** Which checks break the gate, and why. */
export function judgeGate(audit: Audit, gate: Gate): GateVerdict {
  const breaches: Breach[] = [];
  const notes: string[] = [];
  for (const c of audit.checks) {
    const why: string[] = [];
    if (gate.level !== null && c.importance !== null && IMPORTANCE_ORDER.indexOf(c.importance) <= IMPORTANCE_ORDER.indexOf(gate.level)) {
      why.push(`${c.importance}, fails on ${groupDigits(c.failing)} of ${pages(c.of)} (--fail-on ${gate.level})`);
    }
    if (gate.newFailures && c.newlyFailing)
      why.push(`newly fails on ${pages(c.newlyFailing)} since ${c.newlyFailing === 1 ? 'its' : 'their'} previous analysis (--fail-on new)`);
    const budget = gate.budgets.get(c.name);
    if (budget !== undefined && c.failing > budget)
      why.push(`fails on ${pages(c.failing)}, over its budget of ${groupDigits(budget)} (--max-failing ${c.name}=${budget})`);
    if (why.length) breaches.push({ check: c, why });
  }
  if (gate.newFailures && audit.checks.every((c) => c.newlyFailing === null) && audit.pages > 0) {
    notes.push('--fail-on new: no earlier analysis of any page to compare with (the score history keeps them; run the audit after each deploy)');
  }
  const asked = gateAsked(gate);
  const none = asked && audit.pages === 0;
  if (none) notes.push(gate.allowEmpty ? 'no page read, so nothing was judged (--allow-empty lets that pass)' : EMPTY_FAILS);
  return { asked, breaches, empty: none && !gate.allowEmpty, notes };
}

/** The lines a CI log shows: each breach under a verdict, or that the gate held. */
export function gateSummary(v: GateVerdict, audit: Audit): string {
  const out: string[] = [];
  if (v.breaches.length) {
    out.push(`✗ release gate failed: ${v.breaches.length} ${v.breaches.length === 1 ? 'check breaks' : 'checks break'} it (${pages(audit.pages)} read)`);
    for (const b of v.breaches) for (const why of b.why) out.push(`  ${sanitize(b.check.label)} (${sanitize(b.check.name)}): ${why}`);
  } else if (v.empty) out.push('✗ release gate failed: no page read (0 pages)');
  else out.push(`✓ release gate passed (${pages(audit.pages)} read)`);
  for (const n of v.notes) out.push(`  note: ${n}`);
  return out.join('\n') + '\n';
}
