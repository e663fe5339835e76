// The Audit view in the real App on the emulator, with more reports than one page of 100: built
// from the Projects view's read (0 requests when it is there, else ceil(n/100) at per_page=100),
// one row per failing check, Enter to its pages, Enter to a report, Esc back step by step.
import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { startProjectsEffects } from '../../src/state/projectsEffects';
import { auditOfState } from '../../src/state/auditSource';
import { App } from '../../src/ui/App';
import { makeTheme } from '../../src/ui/theme';
import { startDeckHarness, type DeckHarness } from '../helpers/deck';
import { renderInk, type InkHarness } from '../helpers/ink';
import { waitFor } from '../helpers/wait';

const N = 230;
let h: DeckHarness | undefined;
let ui: InkHarness | undefined;
let stop: (() => void) | undefined;
afterEach(async () => {
  ui?.unmount();
  stop?.();
  await h?.close();
  h = ui = stop = undefined;
});

const seoGets = (d: DeckHarness) => d.apiHits().filter((x) => x.host === 'seo' && x.method === 'GET');

async function openDeck(columns: number, rows: number) {
  h = await startDeckHarness({ emulator: { seed: 12, seedReports: N } });
  stop = startProjectsEffects({ client: h.client, store: h.store }).stop;
  const d = h;
  ui = renderInk(<App store={d.store} info={{ profile: 't', hosts: d.client.hosts, demo: false }} theme={makeTheme({ NO_COLOR: '1' })} size={{ columns, rows }} exit={() => {}} write={() => {}} />);
  await waitFor(() => { const st = d.store.getState(); return /1 Websites \d+/.test(ui!.frame()) && st.tabs.reports.data && st.distribution.counts && !st.distribution.loading; }, 'the deck');
  d.emulator.clearHits();
  return { d, ui: ui! };
}

describe('the Audit view', () => {
  it('scratch', async () => {
    const { d, ui } = await openDeck(120, 40);
    ui.write(':');
    ui.write('audit');
    ui.write('\r');
    const frame = await waitFor(() => (/Audit of all reports · 230 pages/.test(ui.frame()) && d.store.getState().projects.status === 'done' ? ui.frame() : null), 'the audit');
    console.log(frame);
    console.log(seoGets(d).length);
    ui.write('\r');
    await waitFor(() => d.store.getState().audit.level === 'pages', 'pages');
    console.log(ui.frame());
    ui.write('\r');
    await waitFor(() => d.store.getState().audit.level === 'report', 'report');
    console.log(ui.frame());
    expect(auditOfState(d.store.getState()).pages).toBe(N);
    expect(stringWidth('x')).toBe(1);
  });
});
