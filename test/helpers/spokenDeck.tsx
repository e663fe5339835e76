// The real App in screen-reader mode on the emulator, with every byte it gives the terminal kept:
// what Ink writes (nothing, in this mode) and what the spoken writer appends. A key waits until the
// deck has settled (every request answered, a question armed) so what it said is complete.
import { listInFlux } from '../../src/state/selectors';
import { App } from '../../src/ui/App';
import { makeTheme } from '../../src/ui/themes/theme';
import { startDeckHarness, type DeckHarness } from './deck';
import { renderInk, type InkHarness } from './ink';
import { waitFor } from './wait';

export interface SpokenDeck {
  d: DeckHarness;
  ui: InkHarness;
  /** Every byte written so far: Ink's frames and the writer's lines, in order. */
  bytes(): string;
  /** Writes one key and returns the bytes it caused, once the deck has settled. */
  press(key: string): Promise<string>;
  /** Waits for the deck to settle; returns the bytes written since the last look. */
  settled(): Promise<string>;
  close(): Promise<void>;
}

/** Every list shows what its query asks, every request was answered, a question open has armed. */
function isSettled(d: DeckHarness): boolean {
  const s = d.store.getState();
  const o = s.overlay as { kind: string; armed?: boolean } | null;
  return (
    listInFlux(s.tabs.websites) === null &&
    listInFlux(s.tabs.reports) === null &&
    !s.tabs.websites.loading &&
    !s.tabs.reports.loading &&
    s.cover.phase !== 'planning' &&
    !s.distribution.loading &&
    s.projects.status !== 'loading' &&
    s.op === null &&
    s.bulk === null &&
    s.bulkRead === null &&
    s.markAll === null &&
    !(o?.kind.startsWith('confirm-') && o.armed !== true) &&
    d.emulator.hits.every((h) => h.status !== 0)
  );
}

/** A few turns of the event loop: a key's router, its render, and the writer's after-key look. */
const turns = async (n = 4) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

export async function openSpokenDeck(opts: { columns?: number; rows?: number; harness?: Parameters<typeof startDeckHarness>[0] } = {}): Promise<SpokenDeck> {
  const saved = process.env.INK_SCREEN_READER;
  process.env.INK_SCREEN_READER = 'true';
  const d = await startDeckHarness(opts.harness);
  const out: string[] = [];
  // `o` opens nothing here: the link is kept.
  const opened: string[] = [];
  const ui = renderInk(
    <App
      store={d.store}
      info={{ profile: 'work', hosts: d.client.hosts, demo: false }}
      theme={makeTheme({ NO_COLOR: '1' })}
      size={{ columns: opts.columns ?? 120, rows: opts.rows ?? 40 }}
      exit={() => {}}
      write={(data) => out.push(data)}
      open={(href) => (opened.push(href), { ok: true, how: 'kept by the test' })}
    />,
  );
  if (saved === undefined) delete process.env.INK_SCREEN_READER;
  else process.env.INK_SCREEN_READER = saved;
  // Ink's own frames, each as it wrote it, between the writer's lines.
  let inkSeen = 0;
  const all: string[] = [];
  const collect = () => {
    const frames = ui.frames();
    for (; inkSeen < frames.length; inkSeen++) all.push(frames[inkSeen]);
    all.push(...out.splice(0));
  };
  let looked = 0;
  const since = () => {
    collect();
    const text = all.join('');
    const fresh = text.slice(looked);
    looked = text.length;
    return fresh;
  };
  const settled = async () => {
    await waitFor(() => isSettled(d), 'the deck settled');
    await turns();
    await waitFor(() => isSettled(d), 'the deck settled');
    return since();
  };
  await waitFor(() => (collect(), all.join('').includes('(selected) ')), 'the first row said');
  return {
    d,
    ui,
    bytes: () => (collect(), all.join('')),
    settled,
    async press(key) {
      since();
      const before = d.store.getState();
      ui.write(key);
      // A lone Escape reaches the deck a moment later (Ink waits for the rest of a sequence): every Esc here changes something.
      if (key === '\x1b') await waitFor(() => d.store.getState() !== before, 'Esc taken');
      await turns();
      return settled();
    },
    async close() {
      ui.unmount();
      await d.close();
    },
  };
}
