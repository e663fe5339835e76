// The real App (with its effects) on the emulator, for ink-testing-library tests: one fixture per
// test file, whose deck and emulator are closed after each test.
import { afterEach } from 'vitest';
import { App, type AppProps } from '../../src/ui/App';
import { makeTheme } from '../../src/ui/themes/theme';
import type { Size } from '../../src/ui/layout/useLayout';
import { startDeckHarness, type DeckHarness } from './deck';
import { renderInk, type InkHarness } from './ink';

export interface DeckUi {
  /** The deck's state, effects and emulator, without a frame yet (to count what opening costs). */
  start(opts?: Parameters<typeof startDeckHarness>[0]): Promise<DeckHarness>;
  /** Renders the App on `h` at `size`, colourless; `props` override the rest (exit, write, info …). */
  render(
    h: DeckHarness,
    size: Size,
    props?: Partial<AppProps>,
  ): InkHarness & { /** The terminal resized: the App again at `size`. */ resize(size: Size): void };
}

export function setUpDeckUi(): DeckUi {
  let d: DeckHarness | undefined;
  let ui: InkHarness | undefined;
  afterEach(async () => {
    ui?.unmount();
    await d?.close();
    ui = d = undefined;
  });
  return {
    start: async (opts) => (d = await startDeckHarness(opts)),
    render: (h, size, props = {}) => {
      const app = (at: Size) => (
        <App
          store={h.store}
          info={{ profile: 'bench', hosts: h.client.hosts, demo: false }}
          theme={makeTheme({ NO_COLOR: '1' })}
          size={at}
          exit={() => {}}
          write={() => {}}
          {...props}
        />
      );
      const drawn = renderInk(app(size));
      ui = drawn;
      return { ...drawn, resize: (at: Size) => drawn.rerender(app(at)) };
    },
  };
}
