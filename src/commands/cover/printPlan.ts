// `reports cover --dry-run`: the plan on stdout, its counts and every step, written in pieces of
// about 64 KB as its steps are read back from the plan's store: a plan of 50 000 pages is never one
// string nor one list (the JSON's text is toJson's, byte for byte), nor 50 000 writes.
import type { Plan, PlanStep } from '../../api/cover/plan';
import { planLine } from '../../api/cover/plan';
import { sanitize } from '../../text/sanitize';
import { toJson } from '../format/json';
import type { Io } from '../io';

const PIECE = 64 * 1024;

/** One turn of the event loop: a pipe's queued writes go out before the next piece is made. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Collects text and writes it a piece at a time, a turn of the event loop after each: written in one
 * run, 50 000 steps would all wait in the pipe's queue at once, as big as the plan.
 */
function pieces(write: (s: string) => unknown) {
  let held: string[] = [];
  let size = 0;
  const flush = async () => {
    if (held.length) write(held.join(''));
    held = [];
    size = 0;
    await turn();
  };
  return {
    async add(text: string) {
      held.push(text);
      size += text.length;
      if (size >= PIECE) await flush();
    },
    flush,
  };
}

/** Items serialised together: each batch is one toJson, so 50 000 steps are 50 calls, not 50 000. */
const BATCH = 1000;

/** `items` a batch at a time, each as JSON takes it. */
function* batches<T>(items: Iterable<T>, json: (item: T) => unknown): Generator<unknown[]> {
  let batch: unknown[] = [];
  for (const item of items) {
    batch.push(json(item));
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** toJson's text of `head` with each list after it as one more member, written a piece at a time. */
async function writeJson(write: (s: string) => unknown, head: Record<string, unknown>, lists: readonly [string, Iterable<unknown[]>][]): Promise<void> {
  const out = pieces(write);
  await out.add(toJson(head).replace(/\n}\n$/, ''));
  for (const [name, items] of lists) {
    await out.add(`,\n  ${JSON.stringify(name)}: [`);
    // toJson of a batch is `[\n  …\n]\n`: its inside, one level deeper.
    let any = false;
    for (const batch of items) {
      await out.add(`${any ? ',' : ''}\n${toJson(batch).slice(2, -3).replace(/^/gm, '  ')}`);
      any = true;
    }
    await out.add(any ? '\n  ]' : ']');
  }
  await out.add('\n}\n');
  await out.flush();
}

const stepJson = (s: PlanStep) => ({ action: s.action, url: s.url, report_id: s.report_id });

/** The plan on stdout (JSON with `json`, else its line and a step a line); says on stderr that nothing was sent. */
export async function printPlan(io: Io, source: string, plan: Plan, json: boolean): Promise<void> {
  if (json) {
    await writeJson((s) => io.stdout.write(s), { source, ...plan.counts }, [
      ['steps', batches(plan.steps, stepJson)],
      ['gone_reports', batches(plan.gone, (r) => r)],
    ]);
    return;
  }
  const out = pieces((s) => io.stdout.write(s));
  await out.add(`${planLine(plan.counts)}\n`);
  for (const s of plan.steps) await out.add(`${s.action}\t${sanitize(s.url)}${s.report_id ? `\t${s.report_id}` : ''}\n`);
  await out.flush();
  io.stderr.write('--dry-run: nothing was sent\n');
}
