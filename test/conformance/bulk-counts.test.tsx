// A change to marked rows against real Laravel (300 websites): `*`, `:email enabled` at 80×24. The
// question's counts are what the reference holds (read in 3 pages of 100, said in the question),
// and the end counts every row once, as the reference has them after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { startEffects, type Effects } from '../../src/state/effects';
import { initialState } from '../../src/state/reducer';
import { createStore } from '../../src/state/store';
import { App } from '../../src/ui/App';
import { makeTheme } from '../../src/ui/themes/theme';
import { renderInk, type InkHarness } from '../helpers/ink';
import { laravelRef, refSuiteTitle, startLaravelRef, type RunningRef } from '../helpers/laravelRef';

const WEB = '/public/api/v1/websites';
const SIZE = { columns: 80, rows: 24 };

describe.runIf(laravelRef().ok)(refSuiteTitle('a change to marked rows against real Laravel'), () => {
  let ref: RunningRef;
  let effects: Effects | undefined;
  let deck: InkHarness | undefined;

  beforeAll(async () => {
    ref = await startLaravelRef({ throttle: '1000,1', seedWebsites: 300, seedReports: 1 });
  }, 120_000);
  afterAll(async () => {
    deck?.unmount();
    effects?.stop();
    await ref?.stop();
  });

  /** How many of the reference's websites have e-mail reports on, read straight from it. */
  async function enabled(): Promise<{ on: number; all: number }> {
    let on = 0;
    let all = 0;
    for (let page = 1; ; page++) {
      const res = await fetch(`${ref.baseUrl}${WEB}?per_page=100&page=${page}`, {
        headers: { Authorization: `Bearer ${ref.apiKey}`, Accept: 'application/json' },
      });
      const body = (await res.json()) as { data: { email: unknown }[]; meta: { last_page: number } };
      all += body.data.length;
      on += body.data.filter((w) => String(w.email) === '1').length;
      if (page >= body.meta.last_page) return { on, all };
    }
  }

  it('* then :email enabled asks with the reference’s counts, read in 3 requests, and ends with them', async () => {
    const before = await enabled();
    expect(before.all).toBe(300);
    const client = createClient({ baseUrl: ref.baseUrl, seoBaseUrl: ref.seoBaseUrl, apiKey: ref.apiKey, retries: 0, timeoutMs: 10_000 });
    const store = createStore(initialState());
    effects = startEffects({ client, store });
    deck = renderInk(
      <App
        store={store}
        info={{ profile: 'ref', hosts: client.hosts, demo: false }}
        theme={makeTheme({ NO_COLOR: '1' })}
        size={SIZE}
        exit={() => {}}
        write={() => {}}
      />,
    );
    const d = deck;
    await d.waitForFrame((f) => f.includes('›') && !store.getState().tabs.websites.loading, 'the first page', 20_000);
    d.write('*');
    await d.waitForFrame((f) => f.includes('300 marked'), 'all 300 marked', 30_000);
    await d.press(':');
    for (const ch of 'email enabled') d.write(ch);
    await d.waitForFrame((f) => f.includes(':email enabled'), 'typed');
    d.write('\r');
    const asked = await d.waitForFrame((f) => f.includes('y yes · n/Esc no') && f.includes('Read from the host'), 'the question', 30_000);
    const toChange = before.all - before.on;
    expect(asked).toContain(`Set email reports to Enabled: ${toChange} to change · ${before.on} already Enabled?`);
    expect(asked).toContain('Read from the host just now, 3 requests.');
    d.write('y');
    const end = await d.waitForFrame((f) => f.includes('updated ·'), 'the end', 120_000);
    expect(end).toContain(`✓ ${toChange} updated · ${before.on} already Enabled, left alone`);
    expect(await enabled()).toEqual({ on: 300, all: 300 });
  }, 240_000);
});
