// Messages that fit and stay: a flash too long for the line wraps to a second one (taken from the
// body while it shows), and `:messages` / M lists the last 50 with their times.
import { describe, expect, it } from 'vitest';
import { nameSources, resolveConfig } from '../../src/config';
import { logFlash, MESSAGES_KEPT, type LoggedMessage } from '../../src/ui/words/messageLog';
import { setUpDeckUi } from '../helpers/deckUi';
import { KEYS } from '../helpers/ink';

const deckUi = setUpDeckUi();
const LONG = 'Could not reach the analytics host 127.0.0.1:43699 (connection refused). Check the base URL (SITEDECK_BASE_URL) and the network.';

describe('messages', () => {
  it('a long flash wraps to two lines at 80 columns, the advice at its end included, and the frame still fits', async () => {
    const h = await deckUi.start({ emulator: { seed: 6 } });
    const ui = deckUi.render(h, { columns: 80, rows: 24 });
    await ui.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
    h.store.dispatch({ type: 'flash/show', kind: 'error', text: LONG });
    const f = await ui.waitForFrame((x) => x.includes('and the network.'), 'the whole message');
    const lines = f.split('\n');
    expect(lines.length).toBeLessThanOrEqual(23);
    expect(lines.every((l) => l.length <= 80)).toBe(true);
    expect(lines.slice(-2).join(' ').replace(/\s+/g, ' ').trim()).toBe(LONG);
  });

  it(':messages and M list what the flash line said, newest first, with the time; Esc goes back', async () => {
    const h = await deckUi.start({ emulator: { seed: 6 } });
    const ui = deckUi.render(h, { columns: 100, rows: 30 });
    await ui.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
    h.store.dispatch({ type: 'flash/show', kind: 'info', text: 'first message' });
    await ui.waitForFrame((f) => f.includes('first message'), 'the first');
    h.store.dispatch({ type: 'flash/show', kind: 'error', text: LONG });
    await ui.waitForFrame((f) => f.includes('and the network.'), 'the second');
    await ui.press(':messages', { until: (f) => f.includes(':messages') });
    const shown = await ui.press(KEYS.enter, { until: (f) => f.includes('Messages, newest first') });
    const at = (t: string) => shown.indexOf(t);
    expect(at('connection refused')).toBeGreaterThan(-1);
    expect(at('connection refused')).toBeLessThan(at('first message'));
    expect(shown).toMatch(/\d\d:\d\d:\d\d ✗ Could not reach/);
    expect(shown).toMatch(/\d\d:\d\d:\d\d · first message/);
    await ui.press(KEYS.esc, { until: (f) => !f.includes('Messages, newest first') && f.includes('›') });
    await ui.press('M', { until: (f) => f.includes('Messages, newest first') });
  });

  it('names where a base URL came from: the profile and config file rather than the environment variable', async () => {
    const h = await deckUi.start({ emulator: { seed: 6 } });
    const config = resolveConfig({ flags: {}, env: {}, configDir: '/cfg', file: { current: 'work', profiles: { work: { base_url: 'https://a.example' } } } });
    const ui = deckUi.render(
      h,
      { columns: 200, rows: 30 },
      { info: { profile: 'work', hosts: h.client.hosts, demo: false, words: (t: string) => nameSources(t, config) } },
    );
    await ui.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
    h.store.dispatch({ type: 'flash/show', kind: 'error', text: LONG });
    const f = await ui.waitForFrame((x) => x.includes('and the network.'), 'the message');
    expect(f.replace(/\s+/g, ' ')).toContain('Check the base URL (base_url in profile "work" of /cfg/config.json) and the network.');
  });

  it(':messages keeps outcomes, not the steps of work under way; one glyph a message', async () => {
    const h = await deckUi.start({ emulator: { seed: 8 } });
    const ui = deckUi.render(h, { columns: 100, rows: 30 });
    await ui.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
    for (let i = 1; i <= 3; i++) await ui.press(' ', { until: (f) => f.includes(`${i} marked`) });
    await ui.press(':');
    for (const ch of 'privacy public') ui.write(ch);
    await ui.waitForFrame((f) => f.includes(':privacy public'), 'the command typed');
    await ui.press(KEYS.enter, { until: (f) => f.includes('Set privacy to Public on 3 websites?') && f.includes('y yes · n/Esc no') });
    await ui.press('y', { until: (f) => /✓ .*3/.test(f) && h.store.getState().bulk === null });
    const shown = await ui.press('M', { until: (f) => f.includes('Messages, newest first') });
    expect(shown).not.toMatch(/Updating \d\/3/);
    const entries = shown.split('\n').filter((l) => /^\s*\d\d:\d\d:\d\d /.test(l));
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).toMatch(/\d\d:\d\d:\d\d ✓ \S/);
    for (const e of entries) expect(e.match(/[✓✗]/g)?.length ?? 0, e).toBeLessThanOrEqual(1);
    // The log itself: a step is not kept, the outcome after it is.
    let log: { log: readonly LoggedMessage[]; lastId: number | null } = { log: [], lastId: null };
    log = logFlash(log.log, { id: 1, kind: 'info', text: 'Updating 1/3 marked websites', about: 'progress' }, log.lastId, 1);
    log = logFlash(log.log, { id: 2, kind: 'success', text: '✓ 3 updated' }, log.lastId, 2);
    expect(log.log.map((m) => m.text)).toEqual(['✓ 3 updated']);
  });

  it('keeps each flash once and only the last 50', () => {
    let state: { log: readonly LoggedMessage[]; lastId: number | null } = { log: [], lastId: null };
    for (let id = 1; id <= 60; id++) {
      state = logFlash(state.log, { id, kind: 'info', text: `m${id}` }, state.lastId, id * 1000);
      state = logFlash(state.log, { id, kind: 'info', text: `m${id}` }, state.lastId, id * 1000 + 1); // drawn again
    }
    expect(state.log).toHaveLength(MESSAGES_KEPT);
    expect(state.log[0]).toEqual({ at: 60_000, kind: 'info', text: 'm60' });
    expect(state.log.at(-1)?.text).toBe('m11');
  });
});
