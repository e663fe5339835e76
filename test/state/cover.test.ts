// The deck's :cover on a real emulator over loopback, no UI: the command line's words start it, the
// plan is asked with its counts (the question table's entry), a yes creates exactly the pages without
// a report (one read per 100 reports of the site, the sitemap's documents), a 422 is listed on the
// cover's view while the run goes on, and it ends on the site's Audit view with every report read
// again; Esc during the run stops it after the request in flight; read-only refuses it. The run keeps
// the journal `reports cover` keeps: a cover stopped in the deck goes on with :cover again (it offers
// the steps left) or with the command's --resume, nothing answered sent twice, nothing read again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openJournal } from '../../src/api/cover/journal';
import { EXIT } from '../../src/commands/exitCodes';
import { profileDatabase } from '../../src/files/db';
import { runCommand } from '../commands/inProcess';
import { storedUrl } from '../../src/domain/storedUrl';
import { GUIDES, demoSites } from '../../src/emulator/sitemaps';
import { topScreen } from '../../src/state/stack';
import { parsePrompt } from '../../src/ui/keys/promptCommands';
import { QUESTIONS } from '../../src/ui/keys/questions';
import { startDeckHarness, type DeckHarness } from '../helpers/deck';
import { waitFor } from '../helpers/wait';

let d: DeckHarness | null = null;
let dir: string | null = null;
afterEach(async () => {
  await d?.close();
  d = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/** A deck whose :cover keeps the profile's journal, as the deck's session opens it, and the environment a command shares it in. */
async function deckWithJournal() {
  dir = mkdtempSync(join(tmpdir(), 'sitedeck-deck-cover-'));
  const env = { HOME: dir, XDG_STATE_HOME: join(dir, 'state'), SITEDECK_CONFIG_DIR: join(dir, 'config') };
  const warnings: string[] = [];
  const journal = openJournal(profileDatabase(env, 'default'), (t) => warnings.push(t));
  const h = await startDeckHarness({ emulator: { seed: 60 }, effects: { coverJournal: () => journal } });
  const commandEnv = { ...env, SITEDECK_BASE_URL: h.emulator.baseUrl, SITEDECK_SEO_BASE_URL: h.emulator.seoBaseUrl, SITEDECK_API_KEY: h.emulator.apiKey };
  return { h, env: commandEnv, warnings };
}

/** Starts a cover of the demo site, says yes, and stops it (Esc) as the `n`th answer comes. */
async function stoppedAfter(h: DeckHarness, n: number): Promise<void> {
  start(h, `${h.emulator.seoBaseUrl}/robots.txt`);
  await waitFor(() => h.store.getState().overlay?.kind === 'confirm-cover', 'the question');
  const off = h.store.subscribe(() => {
    if (h.store.getState().cover.answered === n && h.store.getState().cover.phase === 'running') h.store.dispatch({ type: 'cover/back' });
  });
  h.store.dispatch(QUESTIONS['confirm-cover'].yes);
  await waitFor(() => h.store.getState().cover.phase === 'done', 'stopped');
  off();
  // It ends on the site's Audit view, every report read again for it.
  await waitFor(() => h.store.getState().projects.status === 'done', 'the Audit view read');
}

/** The requests of each kind the emulator saw since `from`: reads of reports, creates, and the site's files. */
function counts(h: DeckHarness, from = 0) {
  const hits = h.emulator.hits.slice(from);
  return {
    reads: hits.filter((x) => x.method === 'GET' && x.path === REP).length,
    creates: hits.filter((x) => x.method === 'POST' && x.path === REP).length,
    files: hits.filter((x) => x.path.startsWith('/sites/') || x.path === '/robots.txt').length,
  };
}

/** How many reports each guide of the site has. */
const guideReports = (h: DeckHarness, site: string) =>
  Array.from({ length: GUIDES }, (_, i) => h.emulator.reports().filter((r) => storedUrl(String(r.url)) === `${site}/guides/${i + 1}`).length);

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

  it(':cover again offers to resume a cover stopped in the deck: the steps left, nothing read again, no page twice', async () => {
    const { h, warnings } = await deckWithJournal();
    d = h;
    const site = demoSites(h.emulator.reports())[0];
    await stoppedAfter(h, 2);
    expect(counts(h).creates).toBe(2);
    const before = h.emulator.hits.length;
    start(h, `${h.emulator.seoBaseUrl}/robots.txt`);
    await waitFor(() => h.store.getState().overlay?.kind === 'confirm-cover', 'the question to resume');
    const q = h.store.getState().overlay;
    if (q?.kind !== 'confirm-cover') throw new Error('no question');
    expect(q.question).toMatch(
      new RegExp(
        `^Resume the cover of ${site} started \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC: ${GUIDES - 2} of ${GUIDES} left \\(create ${GUIDES - 2} reports\\)\\?$`,
      ),
    );
    // The plan is the journal's: no sitemap fetched, no report read to ask.
    expect(counts(h, before)).toEqual({ reads: 0, creates: 0, files: 0 });
    h.store.dispatch(QUESTIONS['confirm-cover'].yes);
    await waitFor(() => h.store.getState().cover.phase === 'done', 'the cover done');
    expect(h.store.getState().cover).toMatchObject({ created: GUIDES - 2, answered: GUIDES - 2, failed: 0 });
    expect(counts(h, before).creates).toBe(GUIDES - 2);
    expect(guideReports(h, site)).toEqual(Array(GUIDES).fill(1));
    // Finished: the next :cover plans afresh and finds nothing to do.
    start(h, `${h.emulator.seoBaseUrl}/robots.txt`);
    await waitFor(() => h.store.getState().cover.phase === 'done', 'nothing to do');
    expect(h.store.getState().flash?.text).toBe(`Nothing to do: every page of ${site} has a report`);
    expect(warnings).toEqual([]);
  });

  it("a cover stopped in the deck goes on with the command's --resume: the creates left, no read, no page twice", async () => {
    const { h, env } = await deckWithJournal();
    d = h;
    const site = demoSites(h.emulator.reports())[0];
    const robots = `${h.emulator.seoBaseUrl}/robots.txt`;
    await stoppedAfter(h, 3);
    const before = h.emulator.hits.length;
    const resumed = await runCommand(['reports', 'cover', robots, '--resume', '--yes', '--json'], { env });
    expect(resumed.code, resumed.stderr).toBe(EXIT.ok);
    expect(resumed.stderr).toContain(`Resuming the cover of ${site}`);
    expect(resumed.stderr).toContain(`${GUIDES - 3} of ${GUIDES} left`);
    expect(counts(h, before)).toEqual({ reads: 0, creates: GUIDES - 3, files: 0 });
    expect(guideReports(h, site)).toEqual(Array(GUIDES).fill(1));
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
