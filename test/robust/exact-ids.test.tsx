// Ids above 2^53 and ids that are not whole numbers, sent by a server as JSON numbers: the deck and
// the client keep the digits the server sent, so a write reaches the record the user chose; a
// record whose id is not a whole number is shown but never written to.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { startEffects } from '../../src/state/effects';
import { initialState } from '../../src/state/reducer';
import { createStore } from '../../src/state/store';
import { App } from '../../src/ui/App';
import { makeTheme } from '../../src/ui/themes/theme';
import { listAnswer, startHostileServer, type HostileServer, type SeenRequest } from '../helpers/hostile';
import { KEYS, renderInk, type InkHarness } from '../helpers/ink';

const SPAM = '{"id":9007199254740993,"domain":"delete-me-spam.example","privacy":0}';
const SHOP = '{"id":9007199254740992,"domain":"production-shop.example","privacy":0}';
const FLOAT = '{"id":1e+21,"domain":"float-id.example","privacy":0}';

let server: HostileServer;
let websites: string[] = [SPAM, SHOP];

function answer(req: SeenRequest) {
  if (req.path.includes('/reports')) return { body: listAnswer([]) };
  const one = /\/websites\/([^/?]+)/.exec(req.path)?.[1];
  if (req.method === 'GET' && one) return { body: `{"data":${websites.find((w) => w.includes(`"id":${one},`)) ?? '{}'}}` };
  if (req.method === 'GET') return { body: listAnswer(websites) };
  if (req.method === 'DELETE') return { body: '{"deleted":true}' };
  // A PUT answer that names another record: the message must still name the one edited.
  return { body: SHOP };
}

beforeAll(async () => {
  server = await startHostileServer(answer);
});
afterAll(async () => {
  await server.close();
});

let open: { ui: InkHarness; stop(): void } | undefined;
afterEach(() => {
  open?.stop();
  open = undefined;
  server.seen.length = 0;
});

function deck(): InkHarness {
  const client = createClient({ baseUrl: server.base, seoBaseUrl: server.base, apiKey: 'k', timeoutMs: 5000, retries: 0 });
  const store = createStore(initialState());
  const effects = startEffects({ client, store });
  const ui = renderInk(
    <App
      store={store}
      info={{ profile: 'ids', hosts: client.hosts, demo: false }}
      theme={makeTheme({ NO_COLOR: '1' })}
      size={{ columns: 120, rows: 30 }}
      exit={() => undefined}
      write={() => undefined}
    />,
  );
  open = { ui, stop: () => (ui.unmount(), effects.stop()) };
  return ui;
}

describe('ids above 2^53 in the deck', () => {
  it('d y on the first of two ids that round to the same number deletes that one', async () => {
    websites = [SPAM, SHOP];
    const ui = deck();
    await ui.waitForFrame((f) => f.includes('delete-me-spam.example') && f.includes('production-shop.example'), 'both websites');
    // The id column shows the end of an id too wide for it, where the two differ.
    expect(ui.frame()).toMatch(/…40993 delete-me-spam\.example/);
    expect(ui.frame()).toMatch(/…40992 production-shop\.example/);
    await ui.press('d', { until: (f) => f.includes('Delete website delete-me-spam.example') && f.includes('y yes · n/Esc no') });
    expect(ui.frame()).toContain('(id 9007199254740993)');
    await ui.press('y', { until: (f) => f.includes('✓ deleted delete-me-spam.example') });
    const deletes = server.seen.filter((r) => r.method === 'DELETE').map((r) => r.path);
    expect(deletes).toEqual(['/public/api/v1/websites/9007199254740993']);
  });

  it('a PUT answer carrying another id does not make the message name that record', async () => {
    websites = [SPAM, SHOP];
    const ui = deck();
    await ui.waitForFrame((f) => f.includes('delete-me-spam.example'), 'the list');
    await ui.press('e', { until: (f) => f.includes('Edit website delete-me-spam.example') });
    await ui.press(KEYS.right, { until: (f) => f.includes('› Private') });
    await ui.press('\x13', { until: (f) => f.includes('cannot read') || f.includes('✓ saved') });
    const puts = server.seen.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
    expect(puts).toEqual(['PUT /public/api/v1/websites/9007199254740993']);
    expect(ui.frame()).not.toContain('production-shop');
    expect(ui.frame()).toContain('it is about website 9007199254740992');
  });

  it('a record whose id is 1e+21 is shown, and e, d and R refuse it in words', async () => {
    websites = [FLOAT, SHOP];
    const ui = deck();
    await ui.waitForFrame((f) => f.includes('float-id.example'), 'the float-id website');
    await ui.press('d', { until: (f) => /not a whole number/.test(f) });
    expect(ui.frame()).toMatch(/id 1e\+21 is not a whole number/);
    await ui.press('e', { until: (f) => /not a whole number/.test(f) && !f.includes('Edit website') });
    expect(server.seen.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
