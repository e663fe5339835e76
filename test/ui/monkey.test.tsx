import { afterEach, describe, expect, it } from 'vitest';
import { isBusy } from '../../src/state/selectors';
import { modeOf } from '../../src/state/stack';
import { App } from '../../src/ui/App';
import { makeTheme } from '../../src/ui/theme';
import { startDeckHarness, type DeckHarness } from '../helpers/deck';
import { KEYS, renderInk, type InkHarness } from '../helpers/ink';
import { waitFor } from '../helpers/wait';
import type { DeckState } from '../../src/state/types';

/** Where the deck is and what its screens keep: what Esc and a question's answer change. */
const whereAmI = (s: DeckState) => JSON.stringify([s.stack, s.overlay, s.tabs.websites.query, s.tabs.reports.query, s.projects.filter]);
import { mulberry32 } from '../../src/emulator/prng';

let d: DeckHarness | undefined;
let ui: InkHarness | undefined;
afterEach(async () => {
  ui?.unmount();
  await d?.close();
  ui = undefined;
  d = undefined;
});

/** The seeded randomness of this test. */
const prng = mulberry32;

const POOL = [
  'j', 'k', 'g', 'G', ']', '[', '1', '2', KEYS.tab, KEYS.shiftTab, '/', 's', 'S', '+', '-', 'f', 'p', KEYS.esc, KEYS.enter,
  'n', 'e', 'd', 'R', 'r', 'y', ':', '?', KEYS.up, KEYS.down, KEYS.left, KEYS.right, KEYS.pageDown, KEYS.pageUp,
  KEYS.backspace, KEYS.space, KEYS.ctrl('s'), KEYS.ctrl('u'), KEYS.ctrl('e'), 'a', 'x.example.com', 'shop', 'per 50', '\x1b[Z',
];

describe('monkey: random keys never break the deck', () => {
  it.each([1, 2])('seed %i: 200 keys, the frame always fits and the deck still answers', async (seed) => {
    const columns = seed === 1 ? 100 : 80;
    const rows = seed === 1 ? 30 : 24;
    d = await startDeckHarness({ emulator: { seed: 30 } });
    const exits: number[] = [];
    ui = renderInk(
      <App
        store={d.store}
        info={{ profile: 'monkey', hosts: d.client.hosts, demo: false }}
        theme={makeTheme({ NO_COLOR: '1' })}
        size={{ columns, rows }}
        exit={(c) => exits.push(c)}
        write={() => undefined}
      />,
    );
    await ui.waitForFrame((f) => f.includes('1 Websites'));
    const random = prng(seed);
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onError);
    try {
      for (let batch = 0; batch < 20; batch++) {
        for (let i = 0; i < 10; i++) {
          const key = POOL[Math.floor(random() * POOL.length)];
          // Ctrl+C and q only record an exit here; keep going.
          ui.write(key);
          await new Promise((r) => setImmediate(r));
        }
        await waitFor(() => !isBusy(d!.store.getState()), 'the deck to settle', 8000);
        const lines = ui.frame().split('\n');
        expect(lines.length).toBeLessThanOrEqual(rows - 1);
        for (const l of lines) expect(l.length).toBeLessThanOrEqual(columns);
        // Every key the words refer to is spelled (state/keyRef.ts): no reference reaches the screen.
        expect(ui.frame()).not.toMatch(/[⟦⟧⟪⟫]/);
      }
    } finally {
      process.off('uncaughtException', onError);
      process.off('unhandledRejection', onError);
    }
    expect(errors).toEqual([]);
    // Still alive: the keys a person would use get back to the list, and help opens.
    // Esc clears what a screen keeps (its search, then its filters) before it leaves it: each key
    // changes the state, not always the screen.
    for (let i = 0; i < 12 && !['list', 'projects'].includes(modeOf(d.store.getState()).kind); i++) {
      const mode = modeOf(d.store.getState()).kind;
      // A question takes keys once it has been on screen a moment (armed).
      if (mode.startsWith('confirm-')) await waitFor(() => (d!.store.getState().overlay as { armed?: boolean } | null)?.armed === true, `${mode} armed`);
      // What only these keys change: any state change would do, but a list answered or a flash gone
      // meanwhile is one, and the next key would then reach the deck while this Esc is still held
      // back as the possible start of a sequence (escapeHold.ts), the two read as Alt + that key.
      const before = whereAmI(d.store.getState());
      ui.write(mode === 'confirm-discard' ? 'y' : mode === 'confirm-delete' ? 'n' : KEYS.esc);
      await waitFor(() => whereAmI(d!.store.getState()) !== before, `an answer to the key on ${mode}`);
    }
    // The Projects tab's first screen is Projects: Esc stays there, and 1 goes to Websites.
    if (modeOf(d.store.getState()).kind === 'projects') await ui.press('1', { until: () => modeOf(d!.store.getState()).kind === 'list' });
    expect(modeOf(d.store.getState()).kind).toBe('list');
    // Help opens on the keys of where it is (how many fit on its first page depends on the flash line).
    await ui.press('?', { until: (f) => f.includes('Here: the') && f.includes('next row') });
  });
});
