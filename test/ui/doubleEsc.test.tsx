// Two Esc presses that arrive in one read (a quick double Esc; Ink reads ESC ESC as Alt+Esc) are
// two steps back, as two Escs apart are. The split itself: test/ui/keymap.test.ts.
import { expect, it } from 'vitest';
import { modeOf } from '../../src/state/stack';
import { App } from '../../src/ui/App';
import { makeTheme } from '../../src/ui/themes/theme';
import { startDeckHarness } from '../helpers/deck';
import { KEYS, renderInk } from '../helpers/ink';
import { waitFor } from '../helpers/wait';

it('Esc Esc in one read closes the help, then the detail', async () => {
  const d = await startDeckHarness();
  const ui = renderInk(
    <App
      store={d.store}
      info={{ profile: 'work', hosts: d.client.hosts, demo: false }}
      theme={makeTheme({ NO_COLOR: '1' })}
      size={{ columns: 120, rows: 40 }}
      exit={() => {}}
      write={() => {}}
    />,
  );
  try {
    await ui.waitForFrame((f) => /1 Websites/.test(f) && f.includes('›'), 'the first page');
    ui.write(KEYS.enter);
    await waitFor(() => modeOf(d.store.getState()).kind === 'detail', 'the detail');
    ui.write('?');
    await waitFor(() => modeOf(d.store.getState()).kind === 'help', 'the help');
    ui.write('\x1b\x1b');
    await waitFor(() => modeOf(d.store.getState()).kind === 'list', 'back on the list');
    expect(d.store.getState().stack.map((s) => s.kind)).toEqual(['list']);
  } finally {
    ui.unmount();
    await d.close();
  }
});
