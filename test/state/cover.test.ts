// The deck's :cover on a real emulator over loopback, no UI: the command line's words start it, the
// plan is asked with its counts (the question table's entry), a yes creates exactly the pages without
// a report (one read per 100 reports of the site, the sitemap's documents), a 422 is listed on the
// cover's view while the run goes on, and it ends on the site's Audit view with every report read
// again; Esc during the run stops it after the request in flight; read-only refuses it.
import { afterEach, describe, expect, it } from 'vitest';
import { storedUrl } from '../../src/domain/storedUrl';
import { GUIDES, demoSites } from '../../src/emulator/sitemaps';
import { topScreen } from '../../src/state/stack';
import { parsePrompt } from '../../src/ui/promptCommands';
import { QUESTIONS } from '../../src/ui/questions';
import { startDeckHarness, type DeckHarness } from '../helpers/deck';
import { waitFor } from '../helpers/wait';

let d: DeckHarness | null = null;
afterEach(async () => {
  await d?.close();
  d = null;
});

const REP = '/api/v1/reports';

function start(h: DeckHarness, source: string): void {
  const r = parsePrompt(`cover ${source}`, 'reports');
  if (r.kind !== 'actions') throw new Error(`:cover did not parse: ${JSON.stringify(r)}`);
  for (const a of r.actions) h.store.dispatch(a);
}

describe(':cover in the deck', () => {
  it('asks with the plan, creates the pages without a report, lists a refusal, and ends on the site’s Audit view', async () => {
    d = await startDeckHarness({ emulator: { seed: 60 } });
    const h = d;
    const site = demoSites(h.emulator.reports())[0];
    h.emulator.addFault({
      host: 'seo',
      method: 'POST',
      path: REP,
      times: 1,
      fault: { type: 'status', status: 422, body: { message: { url: ['The url could not be analysed.'] }, status: 422 } },
    });
    start(h, `${h.emulator.seoBaseUrl}/robots.txt`);
    expect(topScreen(h.store.getState()).kind).toBe('cover');
    await waitFor(() => h.store.getState().overlay?.kind === 'confirm-cover', 'the question');
    const q = h.store.getState().overlay;
    if (q?.kind !== 'confirm-cover') throw new Error('no question');
    expect(q.question).toBe(`Cover ${site}: create ${GUIDES} reports?`);
    expect(q.detail).toMatch(new RegExp(`^\\d+ pages · \\d+ have a report · ${GUIDES} to create · 1 on other hosts left out · \\d+ reports of this site`));
    const before = h.apiHits().filter((x) => x.method === 'POST').length;
    expect(before).toBe(0);
    h.store.dispatch(QUESTIONS['confirm-cover'].yes);
    await waitFor(() => h.store.getState().cover.phase === 'done', 'the cover done');
    const s = h.store.getState();
    expect(s.cover).toMatchObject({ created: GUIDES - 1, answered: GUIDES, failed: 0 });
    expect(s.cover.refused).toEqual([{ url: `https://${site}/guides/1`, why: 'The url could not be analysed.' }]);
    expect(h.apiHits().filter((x) => x.method === 'POST' && x.path === REP)).toHaveLength(GUIDES);
    // Ends on the site's Audit view, over the cover's (Esc comes back to the refused page).
    expect(topScreen(s)).toMatchObject({ kind: 'audit', audit: { source: { kind: 'project', project: site } } });
    expect(s.stack.map((x) => x.kind).slice(-2)).toEqual(['cover', 'audit']);
    await waitFor(() => h.store.getState().projects.status === 'done', 'every report read again');
    const keys = new Set(h.store.getState().projects.reports.map((r) => storedUrl(r.url)));
    for (let i = 2; i <= GUIDES; i++) expect(keys.has(`${site}/guides/${i}`)).toBe(true);
  });

  it('Esc during the run stops it after the request in flight; a No sends nothing; read-only refuses it', async () => {
    d = await startDeckHarness({ emulator: { seed: 60 } });
    const h = d;
    start(h, `${h.emulator.seoBaseUrl}/robots.txt`);
    await waitFor(() => h.store.getState().overlay?.kind === 'confirm-cover', 'the question');
    h.store.dispatch(QUESTIONS['confirm-cover'].no);
    expect(h.store.getState().flash?.text).toBe('Nothing was sent');
    expect(topScreen(h.store.getState()).kind).toBe('list');
    start(h, `${h.emulator.seoBaseUrl}/robots.txt`);
    await waitFor(() => h.store.getState().overlay?.kind === 'confirm-cover', 'the question again');
    // Esc as the second answer comes: nothing after it is sent.
    const off = h.store.subscribe(() => {
      if (h.store.getState().cover.answered === 2 && h.store.getState().cover.phase === 'running') h.store.dispatch({ type: 'cover/back' });
    });
    h.store.dispatch(QUESTIONS['confirm-cover'].yes);
    await waitFor(() => h.store.getState().cover.phase === 'done', 'stopped');
    off();
    expect(h.store.getState().cover.answered).toBe(2);
    expect(h.apiHits().filter((x) => x.method === 'POST' && x.path === REP)).toHaveLength(2);
    expect(h.store.getState().flash?.text).toContain(`not sent (stopped): :cover ${h.emulator.seoBaseUrl}/robots.txt again sends the rest`);

    await d.close();
    d = await startDeckHarness({ emulator: { seed: 10 }, init: { readOnly: true } });
    start(d, `${d.emulator.seoBaseUrl}/robots.txt`);
    expect(d.store.getState().flash?.text).toBe('read-only mode: nothing was sent');
    expect(d.apiHits()).toEqual([]);
  });
});
