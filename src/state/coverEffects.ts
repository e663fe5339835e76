// Feeds the deck's cover: when a cover is planning, the journal is asked first for an unfinished
// cover of the same source on the SEO host (the deck's or `reports cover`'s: one journal for both),
// whose steps left are offered; else its source's pages are read and every report of the site (one
// paced read, 100 a page) and the plan is dispatched. When it runs, each step is sent in turn
// through the SEO host's pacer (src/api/cover/send.ts), written to the journal before it goes and
// with its answer after, each answer dispatched. `Esc` (the cover stopping) ends the run after the
// request in flight: the waits before a request are abandoned, a request on the wire is never cut
// short, so nothing is sent twice, and what is left stays in the journal.
import { DocumentProblem } from '../api/cover/fetchDocument';
import { gather, sourceKey, type Source } from '../api/cover/gather';
import { memoryJournal, type Journal } from '../api/cover/journal';
import { planCover, type PlanCounts } from '../api/cover/plan';
import { isLeft, sendStep } from '../api/cover/send';
import { siteReports } from '../api/cover/siteReports';
import { endsBulkRun } from '../api/errors';
import type { Client } from '../api/types';
import { REQUEST_DEFAULTS } from '../domain/requestDefaults';
import type { CoverState } from './coverState';
import { errorText, isAbort } from './errorText';
import type { EffectsContext } from './sliceEffects';
import { follow, type SliceEffects } from './sliceEffects';
import type { Store } from './store';

async function plan(client: Client, journal: Journal, c: CoverState, signal: AbortSignal, source: Source) {
  const unfinished = journal.unfinished(client.hosts.seo, sourceKey(source));
  if (unfinished) {
    const steps = journal.steps(unfinished.id);
    const counts = JSON.parse(unfinished.plan) as PlanCounts;
    return { counts, steps: steps.filter(isLeft), resume: { run: unfinished.id, started: unfinished.started, total: steps.length } };
  }
  const pages = await gather(source, undefined, {
    timeoutMs: REQUEST_DEFAULTS.timeoutSec * 1000,
    signal,
    stdin: () => Promise.resolve(''),
  });
  if (!pages.site) throw new DocumentProblem(`${c.source} lists no page`, false);
  return planCover(pages, await siteReports(client.reports, pages.site, signal), { prune: false });
}

async function run(client: Client, journal: Journal, store: Store, c: CoverState, hold: AbortSignal, source: Source): Promise<string | undefined> {
  const site = c.counts?.site ?? '';
  const id =
    c.resume?.run ?? journal.start({ host: client.hosts.seo, source: sourceKey(source), site, plan: JSON.stringify(c.counts), started: Date.now() }, c.steps);
  const todo = journal.steps(id).filter(isLeft);
  const pacer = client.pacer('seo');
  pacer.ahead(todo.length);
  try {
    for (const s of todo) {
      if (hold.aborted) return 'stopped';
      journal.sending(id, s.seq);
      const sent = await sendStep(client.reports, site, s, hold);
      journal.answer(id, s.seq, sent.answer, Date.now());
      if (sent.error?.kind === 'aborted') return 'stopped';
      const status = sent.answer.status === 'done' || sent.answer.status === 'refused' ? sent.answer.status : 'failed';
      store.dispatch({ type: 'cover/answered', seq: c.seq, url: s.url, status, detail: sent.answer.detail ?? '' });
      if (sent.error && sent.error.kind !== 'validation' && endsBulkRun(sent.error)) return sent.error.message;
    }
    return undefined;
  } finally {
    pacer.ahead(0);
    if (journal.steps(id).every((s) => !isLeft(s))) journal.finish(id, Date.now());
  }
}

export function startCoverEffects({ client, store, coverJournal, coverSource }: EffectsContext): SliceEffects {
  // The session's journal: the profile's (src/ui/start/session.ts), else one in memory made on the first cover.
  let memory: Journal | undefined;
  const journal = coverJournal ?? (() => (memory ??= memoryJournal()));
  let planning = 0;
  let running = 0;
  let reading: AbortController | null = null;
  let hold: AbortController | null = null;
  const onState = () => {
    const c = store.getState().cover;
    if (c.phase === 'planning' && c.seq !== planning) {
      planning = c.seq;
      reading?.abort();
      const ctl = new AbortController();
      reading = ctl;
      Promise.resolve()
        .then(() => plan(client, journal(), c, ctl.signal, coverSource(c.source)))
        .then(
          (p) => store.dispatch({ type: 'cover/planned', seq: c.seq, counts: p.counts, steps: p.steps, ...('resume' in p ? { resume: p.resume } : {}) }),
          (e) => {
            if (isAbort(e, ctl.signal)) return;
            const message = e instanceof DocumentProblem ? `${e.message}; nothing was sent` : errorText(e, 'list');
            store.dispatch({ type: 'cover/failed', seq: c.seq, message });
          },
        );
    }
    if (c.phase === 'running' && c.seq !== running) {
      running = c.seq;
      const ctl = new AbortController();
      hold = ctl;
      Promise.resolve()
        .then(() => run(client, journal(), store, c, ctl.signal, coverSource(c.source)))
        .then(
          (stopped) => store.dispatch({ type: 'cover/finished', seq: c.seq, ...(stopped ? { stopped } : {}) }),
          (e) => store.dispatch({ type: 'cover/finished', seq: c.seq, stopped: errorText(e, 'list') }),
        );
    }
    if (c.phase === 'stopping') hold?.abort();
  };
  return follow(store, onState, () => {
    reading?.abort();
    hold?.abort();
  });
}
