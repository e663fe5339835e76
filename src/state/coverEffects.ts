// Feeds the deck's cover: when a cover is planning, its source's pages are read and every report
// of the site (one paced read, 100 a page) and the plan is dispatched; when it runs, each page
// without a report is created in turn through the SEO host's pacer, each answer dispatched. `Esc`
// (the cover stopping) ends the run after the request in flight: the waits before a request are
// abandoned, a request on the wire is never cut short, so nothing is sent twice.
import { DocumentProblem } from '../api/cover/fetchDocument';
import { gather, sourceOf } from '../api/cover/gather';
import { planCover } from '../api/cover/plan';
import { endsBulkRun, isApiError } from '../api/errors';
import { siteReports } from '../api/cover/siteReports';
import type { Client } from '../api/types';
import { REQUEST_DEFAULTS } from '../domain/requestDefaults';
import type { CoverState } from './coverState';
import { errorText, isAbort } from './errorText';
import { follow, type SliceEffects } from './sliceEffects';
import type { Store } from './store';

async function plan(client: Client, c: CoverState, signal: AbortSignal) {
  const pages = await gather(sourceOf(c.source, process.cwd()), undefined, {
    timeoutMs: REQUEST_DEFAULTS.timeoutSec * 1000,
    signal,
    stdin: () => Promise.resolve(''),
  });
  if (!pages.site) throw new DocumentProblem(`${c.source} lists no page`, false);
  return planCover(pages, await siteReports(client.reports, pages.site, signal), { prune: false });
}

async function run(client: Client, store: Store, c: CoverState, hold: AbortSignal): Promise<string | undefined> {
  const creates = c.steps.filter((s) => s.action === 'create');
  const pacer = client.pacer('seo');
  pacer.ahead(creates.length);
  try {
    for (const s of creates) {
      if (hold.aborted) return 'stopped';
      try {
        await client.reports.create({ url: s.url }, { holdSignal: hold });
        store.dispatch({ type: 'cover/answered', seq: c.seq, url: s.url, status: 'done', detail: '' });
      } catch (e) {
        if (!isApiError(e)) throw e;
        if (e.kind === 'aborted') return 'stopped';
        const fields = Object.values(e.fields ?? {}).flat();
        const refused = e.kind === 'validation';
        store.dispatch({
          type: 'cover/answered',
          seq: c.seq,
          url: s.url,
          status: refused ? 'refused' : 'failed',
          detail: fields.length ? fields.join(' ') : e.message,
        });
        if (!refused && endsBulkRun(e)) return e.message;
      }
    }
    return undefined;
  } finally {
    pacer.ahead(0);
  }
}

export function startCoverEffects({ client, store }: { client: Client; store: Store }): SliceEffects {
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
      plan(client, c, ctl.signal).then(
        (p) => store.dispatch({ type: 'cover/planned', seq: c.seq, counts: p.counts, steps: p.steps }),
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
      run(client, store, c, ctl.signal).then(
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
