// The release gate of `reports audit`: `--fail-on` (formats.ts's table) and `--max-failing CHECK=N`
// budgets, read before any request (a typo, an unknown check or an empty value is refused, nothing
// is read), then held against the audit. A rule that read nothing it could judge (no page, no
// verdict, no earlier analysis) fails the gate unless --allow-empty: a gate never passes on
// nothing. Pure: the verdict feeds the exit code, the summary a CI log shows, json and junit.
import { CHECKS, IMPORTANCE_ORDER, type Audit, type AuditCheck, type Importance } from '../../domain';
import { groupDigits } from '../../text/digits';
import { nearest } from '../../text/nearest';
import { excerpt, sanitize } from '../../text/sanitize';
import { EXIT } from '../exitCodes';
import { CommandFailure } from '../failure';
import type { Options } from '../input';
import { FAIL_ON, FAIL_ON_ROWS, type FailOn } from './formats';

export interface Gate {
  /** The --fail-on values given, each once, in the table's order. */
  failOn: readonly FailOn[];
  /** Fails when a check of this importance or above fails on any page; null: not asked. */
  level: Importance | null;
  /** Fails when a check newly fails on a page since that page's previous analysis. */
  newFailures: boolean;
  /** Most pages each named check may fail on. */
  budgets: ReadonlyMap<string, number>;
  /** --allow-empty: a gate that judged nothing passes (a project with no reports yet, a first run without history). */
  allowEmpty: boolean;
}

/** Why one check breaks the gate, in words (`high: fails on 57 of 202 pages (--fail-on high)`). */
interface Breach {
  check: AuditCheck;
  why: string[];
}

/** A rule that read nothing it could judge: its name (a junit case) and why, in words. */
interface Unjudged {
  rule: string;
  why: string;
}

export interface GateVerdict {
  asked: boolean;
  breaches: Breach[];
  /** Rules that judged nothing (no page, no verdict, no earlier analysis): each fails the gate unless --allow-empty. */
  unjudged: Unjudged[];
  /** Some rule judged nothing and --allow-empty was not given: the gate fails, whatever else held. */
  empty: boolean;
  /** What the reader can do about it (how a score history starts, --allow-empty). */
  notes: string[];
}

/** Why a gate that read no page fails. */
const EMPTY_FAILS = 'no page read, so nothing was judged; --allow-empty lets a read of no page pass';

/** Whether the gate holds: no breach, and every rule judged something (or --allow-empty). */
export const gatePassed = (v: GateVerdict): boolean => v.breaches.length === 0 && !v.empty;

/** The exit code a verdict gives: a breach is a failure whatever else went unjudged. */
export const gateExit = (v: GateVerdict): number => (v.breaches.length ? EXIT.gate : v.empty ? EXIT.gateEmpty : EXIT.ok);

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

const CHECK_NAMES: readonly string[] = CHECKS.map((c) => c.name);

const quoted = (names: readonly string[]) => names.map((n) => `'${n}'`).join(' or ');

/**
 * A check `--max-failing` may budget: one the domain knows. Any other would judge nothing and let the
 * gate pass on a typo, so it is refused with the nearest names, or with every name when none is near.
 */
function checkName(name: string): string {
  if (CHECK_NAMES.includes(name)) return name;
  const near = nearest(name, CHECK_NAMES);
  const hint = near.length ? `did you mean ${quoted(near)}?` : `the checks are ${CHECK_NAMES.join(', ')}`;
  throw usage(`--max-failing: no check '${sanitize(name)}': ${hint}`);
}

/** The gate the flags ask for; a bad value is refused with what was probably meant. */
export function parseGate(opts: Options): Gate {
  const failOn = new Set<FailOn>();
  for (const word of list(opts.failOn, '--fail-on', `one of ${FAIL_ON.join(', ')}`)) {
    const w = word.toLowerCase();
    if (!Object.hasOwn(FAIL_ON_ROWS, w)) {
      const near = nearest(w, FAIL_ON);
      throw usage(`--fail-on must be one of ${FAIL_ON.join(', ')} (got "${sanitize(word)}")${near.length ? `: did you mean '${near[0]}'?` : ''}`);
    }
    failOn.add(w as FailOn);
  }
  const asked = FAIL_ON.filter((v) => failOn.has(v));
  // The least importance asked: `low` fails on every importance above it too.
  const levels = asked.flatMap((v) => FAIL_ON_ROWS[v].importance ?? []);
  const level = levels.length ? levels.reduce((a, b) => (IMPORTANCE_ORDER.indexOf(b) > IMPORTANCE_ORDER.indexOf(a) ? b : a)) : null;
  const budgets = new Map<string, number>();
  for (const rule of list(opts.maxFailing, '--max-failing', "CHECK=N, a check's name and the most pages it may fail on")) {
    const m = /^([^=\s]+)=(\d{1,9})$/.exec(rule);
    if (!m) throw usage(`--max-failing wants CHECK=N, a check's name and the most pages it may fail on (got "${sanitize(rule)}"), e.g. --max-failing title=5`);
    budgets.set(checkName(m[1].toLowerCase()), Number(m[2]));
  }
  return { failOn: asked, level, newFailures: asked.some((v) => FAIL_ON_ROWS[v].reads === 'history'), budgets, allowEmpty: opts.allowEmpty === true };
}

const gateAsked = (g: Gate): boolean => g.failOn.length > 0 || g.budgets.size > 0;

const pages = (n: number) => `${groupDigits(n)} ${n === 1 ? 'page' : 'pages'}`;

/** `of the 2 pages read`, `of the page read`. */
const ofRead = (n: number) => (n === 1 ? 'the page read' : `the ${groupDigits(n)} pages read`);

/** Each rule of the gate that had nothing to judge, and why. */
function unjudgedRules(audit: Audit, gate: Gate): Unjudged[] {
  if (audit.pages === 0) return [{ rule: 'Pages read', why: EMPTY_FAILS }];
  if (audit.analysed === 0) return [{ rule: 'Checks judged', why: `no check's verdict on ${ofRead(audit.pages)} (not analysed yet?), so nothing was judged` }];
  const out: Unjudged[] = [];
  for (const v of gate.failOn) {
    if (FAIL_ON_ROWS[v].reads === 'history' && audit.compared === 0)
      out.push({ rule: `--fail-on ${v}`, why: `no earlier analysis of ${ofRead(audit.pages)} to compare with, so nothing was judged` });
  }
  for (const [name, n] of gate.budgets) {
    if (!audit.verdicts.get(name))
      out.push({ rule: `--max-failing ${name}=${n}`, why: `no verdict of ${name} on ${ofRead(audit.pages)}, so nothing was judged` });
  }
  return out;
}

/**
 * Which checks break the gate, and why; which rules judged nothing. `historyNote` says how the
 * score history starts (where this run kept it, or that it is off), for a rule that needs one.
 */
export function judgeGate(audit: Audit, gate: Gate, historyNote?: string): GateVerdict {
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
  const asked = gateAsked(gate);
  const unjudged = asked ? unjudgedRules(audit, gate) : [];
  if (audit.pages === 0) {
    if (asked) notes.push(gate.allowEmpty ? 'no page read, so nothing was judged (--allow-empty lets that pass)' : EMPTY_FAILS);
  } else if (unjudged.length) {
    if (historyNote && unjudged.some((u) => u.rule.startsWith('--fail-on'))) notes.push(historyNote);
    notes.push(gate.allowEmpty ? 'a rule that judged nothing passes (--allow-empty)' : '--allow-empty lets a rule that judged nothing pass');
  }
  return { asked, breaches, unjudged, empty: unjudged.length > 0 && !gate.allowEmpty, notes };
}

/** The lines a CI log shows: each breach under a verdict, or that the gate held. */
export function gateSummary(v: GateVerdict, audit: Audit): string {
  const out: string[] = [];
  if (v.breaches.length) {
    out.push(`✗ release gate failed: ${v.breaches.length} ${v.breaches.length === 1 ? 'check breaks' : 'checks break'} it (${pages(audit.pages)} read)`);
    for (const b of v.breaches) for (const why of b.why) out.push(`  ${sanitize(b.check.label)} (${sanitize(b.check.name)}): ${why}`);
  } else if (v.empty && audit.pages === 0) out.push('✗ release gate failed: no page read (0 pages)');
  else if (v.empty)
    out.push(`✗ release gate failed: judged nothing by ${v.unjudged.length === 1 ? 'a rule' : `${v.unjudged.length} rules`} (${pages(audit.pages)} read)`);
  else out.push(`✓ release gate passed (${pages(audit.pages)} read)`);
  // What was not judged is said whatever the verdict; with no page read the note says it.
  if (audit.pages > 0) for (const u of v.unjudged) out.push(`  ${u.rule}: ${u.why}`);
  for (const n of v.notes) out.push(`  note: ${n}`);
  return out.join('\n') + '\n';
}
