// The words of one change to many records, decided once: the question's counts and where they come
// from (the host, read just now, or only the rows loaded), and the summary's counts with why they
// differ from the question's. Every number said is a count of something named; nothing is guessed.
// Pure: counts in, text out. The deck's runs over marked rows say these; a command's summary may.
import { choiceLabel } from './parse';
import { isSecretField } from './secret';
import type { ResourceDef } from './types';
import type { WriteValues } from './validate';

/** Where a question's counts come from. */
type CountedFrom =
  /** The host, read just now, in this many requests. */
  | { kind: 'host'; requests: number }
  /** Only the rows loaded (the host could not be read): how many of the marked rows were loaded. */
  | { kind: 'loaded'; loaded: number };

/** A change to marked rows as it is asked. */
export interface BulkAsked {
  from: CountedFrom;
  /** Rows the change would alter (sent). */
  toChange: number;
  /** Rows already at the target: nothing is sent for them. */
  already: number;
  /** Marked rows the host no longer has (read just now). */
  gone: number;
  /** Marked rows not loaded (`loaded` only): their values unknown, read as the run starts. */
  unknown: number;
}

/** What a run over the rows of its question did, each row counted once. */
export interface BulkOutcome {
  done: number;
  /** At the target when the run read them: nothing sent. */
  skipped: number;
  /** Gone from the host when the run read them: nothing sent. */
  gone: number;
  /** Rows the run found otherwise than its question counted them (at the target, not, or gone). */
  changed: number;
  failed: number;
  notStarted: number;
}

/** A change in a resource's words. */
export interface ChangeWords {
  /** `email reports to Enabled`; a field the host never returns is named, never its value. */
  change: string;
  /** `Enabled`: what the rows are at once changed (secrets left out). */
  target: string;
  /** `website`, `websites`. */
  noun(n: number): string;
}

/** The words of `values` on `def`'s records. */
export function changeWordsOf(def: ResourceDef, values: WriteValues): ChangeWords {
  const label = (name: string) => def.fields.find((x) => x.name === name);
  const change = Object.entries(values)
    .map(([name, v]) => {
      const f = label(name);
      if (!f || isSecretField(def, name)) return `a new ${(f?.label ?? name).toLowerCase()}`;
      return `${f.label.toLowerCase()} to ${choiceLabel(f, v)}`;
    })
    .join(' and ');
  const target = Object.entries(values)
    .filter(([name]) => !isSecretField(def, name))
    .map(([name, v]) => {
      const f = label(name);
      return f ? choiceLabel(f, v) : String(v);
    })
    .join(' and ');
  return { change, target, noun: (n) => (n === 1 ? def.singular : def.title.toLowerCase()) };
}

const requests = (n: number) => `${n} ${n === 1 ? 'request' : 'requests'}`;

/** `Reading 301 marked websites from the host (4 requests)…`: said while the question's counts are read. */
export function readingWords(w: ChangeWords, marked: number, planned: number, atLeast = false): string {
  return `Reading ${marked} marked ${w.noun(marked)} from the host (${atLeast ? 'at least ' : ''}${requests(planned)})…`;
}

/** Where the counts come from, said with them. */
function source(a: BulkAsked): string {
  return a.from.kind === 'host' ? `read from the host just now, ${requests(a.from.requests)}` : `counted of the ${a.from.loaded} loaded`;
}

export type BulkQuestion =
  /** Something to send: the question (one line in the box) and its detail line, where the counts come from. */
  | { kind: 'ask'; question: string; detail: string }
  /** Nothing to send: said in the flash line, nothing asked. */
  | { kind: 'nothing'; text: string };

/**
 * The question about `a`: `Set email reports to Enabled: 150 to change · 151 already Enabled?`
 * with `Read from the host just now, 4 requests.` beneath; from the loaded rows only, the question
 * counts what is sent and the detail says it counted `of the 120 loaded`.
 */
export function bulkQuestion(w: ChangeWords, a: BulkAsked, what: string): BulkQuestion {
  const marked = a.toChange + a.already + a.gone + a.unknown;
  const send = a.toChange + a.unknown;
  const gone = a.gone ? ` · ${a.gone} gone from the host` : '';
  if (!send) {
    const are = marked === 1 ? 'is' : 'are';
    const all = !a.gone
      ? `the ${marked} marked ${w.noun(marked)} ${are} already ${w.target}`
      : !a.already
        ? `the ${marked} marked ${w.noun(marked)} ${are} gone from the host`
        : `of the ${marked} marked ${w.noun(marked)}, ${a.already} already ${w.target}${gone}`;
    return { kind: 'nothing', text: `${what}: nothing to change, ${all} (${source(a)})` };
  }
  if (a.from.kind === 'loaded') {
    const notLoaded = a.unknown ? `; ${a.unknown} not loaded, read as the run starts` : '';
    return {
      kind: 'ask',
      question: `Set ${w.change} on ${send} ${w.noun(send)}?`,
      detail: `Counted of the ${a.from.loaded} loaded: ${a.toChange} to change · ${a.already} already ${w.target}${notLoaded}.`,
    };
  }
  const question =
    a.already || a.gone ? `Set ${w.change}: ${send} to change · ${a.already} already ${w.target}${gone}?` : `Set ${w.change} on ${send} ${w.noun(send)}?`;
  return { kind: 'ask', question, detail: `Read from the host just now, ${requests(a.from.requests)}.` };
}

/**
 * The summary's counts as parts (`23 updated`, `11 already Public, left alone: 3 had changed on the
 * host since the question`, …): every row of the question is in exactly one count, and counts that
 * differ from the question's say why, after the last of them. `failedWhy`: the first failures'
 * reasons; `kept`: what failed and not-started rows stay (`, still marked`).
 */
export function bulkSummary(
  w: ChangeWords,
  past: string,
  a: BulkAsked | undefined,
  o: BulkOutcome,
  opts: { failedWhy?: string; kept?: string } = {},
): string[] {
  const kept = opts.kept ?? '';
  const parts = [`${o.done} ${past}`];
  if (o.skipped) parts.push(`${o.skipped} already ${w.target}, left alone`);
  const gone = (a?.gone ?? 0) + o.gone;
  if (gone) parts.push(`${gone} gone from the host`);
  if (o.changed)
    parts[parts.length - 1] +=
      a?.from.kind === 'loaded'
        ? `: ${o.changed} found otherwise when read (the question counted the ${a.from.loaded} loaded)`
        : `: ${o.changed} had changed on the host since the question`;
  if (o.failed) parts.push(`${o.failed} failed${kept}${opts.failedWhy ? ` (${opts.failedWhy})` : ''}`);
  if (o.notStarted) parts.push(`${o.notStarted} not started${kept}`);
  return parts;
}
