// The deck with the key guard in front of Ink (src/ui/input/keyGuard.ts, src/ui/input/escapeHold.ts): a
// terminal's answer to the background question (OSC 11) that arrives in two reads, the second
// 0.3 s later, used to turn the page, refresh, open the `:` line holding `0000/` and act on its
// closing Esc. Now none of it is a key; the next real key is answered as ever. The guard's clock and
// timers are the test's own. In tmux: test/e2e/split-answer.test.ts.
import { render } from 'ink-testing-library';
import { expect, it } from 'vitest';
import { modeOf } from '../../src/state/stack';
import { App } from '../../src/ui/App';
import { guardStdin } from '../../src/ui/input/keyGuard';
import { makeTheme } from '../../src/ui/themes/theme';
import { startDeckHarness } from '../helpers/deck';
import { stripAnsi } from '../helpers/ink';
import { waitFor } from '../helpers/wait';

const ESC = '\x1b';
const ANSWER = `${ESC}]11;rgb:0000/0000/0000${ESC}\\`;

it.each([
  ['after rgb:0000/', ANSWER.indexOf('0000/') + 5],
  ['after its ESC', 1],
])('an OSC 11 answer split %s, its second half 0.3 s later, is no key', async (_name, at) => {
  const d = await startDeckHarness();
  const r = render(
    <App
      store={d.store}
      info={{ profile: 'work', hosts: d.client.hosts, demo: false }}
      theme={makeTheme({ NO_COLOR: '1' })}
      size={{ columns: 120, rows: 40 }}
      exit={() => {}}
      write={() => {}}
    />,
  );
  let t = 0;
  let timers: (() => void)[] = [];
  guardStdin(r.stdin as unknown as NodeJS.ReadStream, { now: () => t, setTimer: (fn) => timers.push(fn) });
  /** The guard's waits end (its clock moved past them). */
  const later = (ms: number) => {
    t += ms;
    const due = timers;
    timers = [];
    for (const fn of due) fn();
  };
  const page = () => d.store.getState().tabs.websites.query.page;
  const lists = () => d.apiHits().filter((h) => h.method === 'GET' && /\/websites$/.test(h.path)).length;
  try {
    await waitFor(() => (stripAnsi(r.lastFrame() ?? '').includes('›') && !d.store.getState().tabs.websites.loading ? true : null), 'the first page');
    const before = lists();
    const framesBefore = r.frames.length;
    r.stdin.write(ANSWER.slice(0, at));
    later(300);
    // A lone ESC was Esc: it goes on once its wait ends (nothing tells it from a press) and is answered.
    if (at === 1) await waitFor(() => (/Nothing to back out of/.test(stripAnsi(r.lastFrame() ?? '')) ? true : null), 'the Esc answered');
    r.stdin.write(ANSWER.slice(at));
    later(300);
    // The next real key: the next page, once.
    r.stdin.write(']');
    await waitFor(() => (page() === 2 && modeOf(d.store.getState()).kind === 'list' ? true : null), 'page 2');
    await waitFor(() => (lists() === before + 1 ? true : null), 'one list request');
    const shown = r.frames.slice(framesBefore).map(stripAnsi);
    expect(shown.filter((f) => /^:/m.test(f) || /0000|rgb/.test(f))).toEqual([]);
    expect(page()).toBe(2);
  } finally {
    r.unmount();
    await d.close();
  }
});
