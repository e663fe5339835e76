// A record with 150 000 fields crashed the deck (Math.max(0, ...labels): call stack exceeded) and
// Ink's error page printed minified source. The detail now shows a bounded number of fields and
// counts the rest; a record that still cannot be drawn is shown as "too large to show".
import { Text } from 'ink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { startEffects } from '../../src/state/effects';
import { initialState } from '../../src/state/reducer';
import { createStore } from '../../src/state/store';
import { App } from '../../src/ui/App';
import { DataBoundary } from '../../src/ui/components/DataBoundary';
import { makeTheme } from '../../src/ui/themes/theme';
import { watchProcess } from '../helpers/deckFaults';
import { listAnswer, startHostileServer, type HostileServer } from '../helpers/hostile';
import { renderInk } from '../helpers/ink';

const FIELDS = 150_000;
const wide = `{"id":7,"domain":"wide.example",${Array.from({ length: FIELDS }, (_, i) => `"f${i}":${i}`).join(',')}}`;

let server: HostileServer;
const proc = watchProcess();
beforeAll(async () => {
  server = await startHostileServer((req) => ({ body: req.path.includes('/reports') ? listAnswer([]) : listAnswer([wide]) }));
});
afterAll(async () => {
  proc.stop();
  await server.close();
});

describe('a record with 150 000 fields', () => {
  it('is listed and its detail shows the first fields and counts the rest; no error page', async () => {
    const client = createClient({ baseUrl: server.base, seoBaseUrl: server.base, apiKey: 'k', timeoutMs: 10_000, retries: 0 });
    const store = createStore(initialState());
    const effects = startEffects({ client, store });
    const ui = renderInk(
      <App
        store={store}
        info={{ profile: 'wide', hosts: client.hosts, demo: false }}
        theme={makeTheme({ NO_COLOR: '1' })}
        size={{ columns: 120, rows: 30 }}
        exit={() => undefined}
        write={() => undefined}
      />,
    );
    try {
      await ui.waitForFrame((f) => f.includes('wide.example') && f.includes('f0'), 'the wide record and its first field', 20_000);
      await ui.press('\r', { until: (f) => f.includes('(↓/↑ scroll)') || f.includes('more fields') });
      await ui.press('G', { until: (f) => f.includes('149,800 more fields') });
      expect(ui.frame()).not.toMatch(/ERROR|Maximum call stack/);
      expect(proc.events).toEqual([]);
    } finally {
      ui.unmount();
      effects.stop();
    }
  });

  it('a render that throws on data shows the fallback in its place, not an error page', async () => {
    const Boom = (): never => {
      throw new RangeError('Maximum call stack size exceeded');
    };
    const ui = renderInk(
      <DataBoundary resetKey={1} fallback={<Text>too large to show (150,000 fields)</Text>}>
        <Boom />
      </DataBoundary>,
    );
    await ui.waitForFrame((f) => f.includes('too large to show (150,000 fields)'), 'the fallback');
    expect(ui.frame()).not.toContain('Maximum call stack');
    ui.unmount();
  });
});
