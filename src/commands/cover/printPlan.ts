// `reports cover --dry-run`: the plan on stdout, its counts and every step, written in pieces of
// about 64 KB: a plan of 50 000 pages is never one string (the JSON's text is toJson's, byte for
// byte), nor 50 000 writes.
import type { Plan, PlanStep } from '../../api/cover/plan';
import { planLine } from '../../api/cover/plan';
import { sanitize } from '../../text/sanitize';
import { toJson } from '../format/json';
import type { Io } from '../io';

const PIECE = 64 * 1024;

/** Collects text and writes it a piece at a time. */
function pieces(write: (s: string) => unknown) {
  let held: string[] = [];
  let size = 0;
  const flush = () => {
    if (held.length) write(held.join(''));
    held = [];
    size = 0;
  };
  return {
    add(text: string) {
      held.push(text);
      size += text.length;
      if (size >= PIECE) flush();
    },
    flush,
  };
}

/** A list as writeJson takes it: its length and a batch of it at a time. */
type Batches = Pick<readonly unknown[], 'length' | 'slice'>;

/** Items serialised together: each batch is one toJson, so 50 000 steps are 50 calls, not 50 000. */
const BATCH = 1000;

/** toJson's text of `head` with each list after it as one more member, written a piece at a time. */
function writeJson(write: (s: string) => unknown, head: Record<string, unknown>, lists: readonly [string, Batches][]): void {
  const out = pieces(write);
  out.add(toJson(head).replace(/\n}\n$/, ''));
  for (const [name, items] of lists) {
    out.add(`,\n  ${JSON.stringify(name)}: [`);
    // toJson of a batch is `[\n  …\n]\n`: its inside, one level deeper.
    for (let at = 0; at < items.length; at += BATCH)
      out.add(
        `${at ? ',' : ''}\n${toJson(items.slice(at, at + BATCH))
          .slice(2, -3)
          .replace(/^/gm, '  ')}`,
      );
    out.add(items.length ? '\n  ]' : ']');
  }
  out.add('\n}\n');
  out.flush();
}

const stepJson = (s: PlanStep) => ({ action: s.action, url: s.url, report_id: s.report_id });

/** The plan on stdout (JSON with `json`, else its line and a step a line); says on stderr that nothing was sent. */
export function printPlan(io: Io, source: string, plan: Plan, json: boolean): void {
  if (json) {
    writeJson((s) => io.stdout.write(s), { source, ...plan.counts }, [
      ['steps', { length: plan.steps.length, slice: (a: number, b: number) => plan.steps.slice(a, b).map(stepJson) }],
      ['gone_reports', plan.gone],
    ]);
    return;
  }
  const out = pieces((s) => io.stdout.write(s));
  out.add(`${planLine(plan.counts)}\n`);
  for (const s of plan.steps) out.add(`${s.action}\t${sanitize(s.url)}${s.report_id ? `\t${s.report_id}` : ''}\n`);
  out.flush();
  io.stderr.write('--dry-run: nothing was sent\n');
}
