// The monkey's walk in-process: the App through ink-testing-library on the emulator over loopback,
// seeded random keys (test/helpers/monkey.ts) with the emulator's faults changing as it goes. It
// carries the monkey's volume, being cheap; test/robust/monkey.test.ts keeps what needs a terminal.
import { expect } from 'vitest';
import { isBusy } from '../../src/state/selectors';
import { isQuestion, QUESTION_GUARD_MS } from '../../src/state/mode';
import type { Store } from '../../src/state/store';
import { modeOf } from '../../src/state/stack';
import { App } from '../../src/ui/App';
import { makeTheme } from '../../src/ui/themes/theme';
import type { DeckState } from '../../src/state/types';
import { startDeckHarness, type DeckHarness } from './deck';
import { KEYS, renderInk, type InkHarness } from './ink';
import { checkWrites, ConfirmLog, mutations, randomFaultRules, randomKey, rng } from './monkey';
import { waitFor } from './wait';

/** Where the deck is and what its screens keep: what Esc and a question's answer change. */
const whereAmI = (s: DeckState) => JSON.stringify([s.stack, s.overlay, s.tabs.websites.query, s.tabs.reports.query, s.projects.filter]);

/** A refusal's words: the key's name, what it does in brackets, why not (src/ui/keys/keymap.ts `refusal`). */
const REFUSAL = /^\S+ \(.*?\): /;

/**
 * The keys typed within QUESTION_GUARD_MS of a refused key are dropped on the screens a key leads
 * from (useInputRouter.ts): a person reads the refusal before typing on, so the next batch waits
 * for that, as for a question to be armed. The rest of a batch is its burst and is dropped.
 */
function refusalReader(store: Store): { read(): Promise<unknown>; stop(): void } {
  let id: number | undefined;
  let at = -Infinity;
  const stop = store.subscribe(() => {
    const f = store.getState().flash;
    if (!f || f.id === id) return;
    id = f.id;
    if (f.kind === 'info' && REFUSAL.test(f.text)) at = Date.now();
  });
  return { read: () => waitFor(() => Date.now() >= at + QUESTION_GUARD_MS, 'the refusal read'), stop };
}

// Delays stay short in-process: the volume is what this walk is for, and a delay past the client's
// timeout is the tmux walk's (its deck runs with --timeout 2).
const MAX_DELAY_MS = 300;
/** How long the walk waits for the deck to have nothing under way after a batch. */
const SETTLE_MS = 30_000;

interface MonkeyWalk {
  seed: number;
  keys: number;
  /** The test file, for the command that replays a failed walk. */
  file: string;
}

/** The size of a seed's terminal: odd seeds 100×30, even ones 80×24 (the smallest common one). */
const monkeySize = (seed: number) => (seed % 2 ? { columns: 100, rows: 30 } : { columns: 80, rows: 24 });

/**
 * Walks the deck with `keys` seeded random keys in batches of 6–24. After every batch, once the
 * deck has settled: it has not asked to exit, the frame fits (header on the first line, no line
 * wider than the terminal), no key reference reaches the screen, and every write was asked for.
 * At the end, nothing threw, and the deck still answers: Esc backs out to a list and help opens.
 * Returns how many writes the emulator took (a walk that saved nothing tested no bound on writes).
 */
export async function inkMonkey(walk: MonkeyWalk): Promise<{ writes: number }> {
  const { seed, keys } = walk;
  const { columns, rows } = monkeySize(seed);
  let d: DeckHarness | undefined;
  let ui: InkHarness | undefined;
  const errors: unknown[] = [];
  const onError = (e: unknown) => errors.push(e);
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  try {
    d = await startDeckHarness({ emulator: { seed: 30 } });
    const deck = d;
    const exits: number[] = [];
    const opened: string[] = [];
    ui = renderInk(
      <App
        store={deck.store}
        info={{ profile: 'monkey', hosts: deck.client.hosts, demo: false }}
        theme={makeTheme({ NO_COLOR: '1' })}
        size={{ columns, rows }}
        exit={(c) => exits.push(c)}
        write={() => undefined}
        // An "editor" that leaves the text as it is (the tmux walk's EDITOR=true), and no browser.
        editText={async (text) => text}
        open={(href) => (opened.push(href), { ok: true, how: 'recorded' })}
      />,
    );
    const screen = ui;
    await screen.waitForFrame((f) => f.includes('1 Websites'));
    const refusals = refusalReader(deck.store);
    const r = rng(seed);
    const log = new ConfirmLog();
    let sent = 0;
    let batch = 0;
    const modes = new Set<string>();
    while (sent < keys) {
      batch++;
      // Faults change every 15 batches: none, or one or two seeded rules.
      if (batch % 15 === 1) {
        deck.emulator.clearFaults();
        for (const rule of randomFaultRules(r, MAX_DELAY_MS)) deck.emulator.addFault(rule);
      }
      await refusals.read();
      const parts: string[] = [];
      // A person reads a question before answering (it drops keys until it is armed), so the next
      // batch waits for that: the same keys reach the same question on every run. Half the time
      // they answer it; in a form they save or leave it sooner or later. Else the walk stays in a
      // form for good (a key typed into a form is text).
      const question = deck.store.getState().overlay;
      if (isQuestion(question)) {
        await waitFor(
          () => (deck.store.getState().overlay as { armed?: boolean } | null)?.armed === true || !isQuestion(deck.store.getState().overlay),
          `${question.kind} armed`,
        );
        if (r.next() < 0.5) parts.push(r.pick(['y', 'n']));
      } else if (modeOf(deck.store.getState()).kind === 'form') {
        const roll = r.next();
        if (roll < 0.25) parts.push(KEYS.ctrl('s'));
        else if (roll < 0.4) parts.push(KEYS.esc);
      }
      const n = r.int(6, 24);
      for (let i = 0; i < n; i++) parts.push(randomKey(r));
      // Each key on its own: Ink reads what arrives together as one input (a paste).
      for (const key of parts) {
        log.record(key);
        screen.write(key);
        await new Promise((res) => setImmediate(res));
      }
      sent += parts.length;
      // A batch may meet seeded 429s (each waited out, 1 s, and every request to the host held back
      // meanwhile) and delays: on a loaded machine that outlasted 10 s once. A wait for an event, not a
      // measure of speed.
      await waitFor(() => !isBusy(deck.store.getState()), 'the deck to settle', SETTLE_MS);
      modes.add(modeOf(deck.store.getState()).kind);
      const step = `batch ${batch} (${sent} keys)`;
      const frame = screen.frame();
      expect(exits, `${step}: the deck asked to exit`).toEqual([]);
      const lines = frame.split('\n');
      expect(lines[0], `${step}: a frame taller than the terminal pushed the header off:\n${frame}`).toMatch(/^ sitedeck /);
      expect(lines.length, `${step}: ${lines.length} lines:\n${frame}`).toBeLessThanOrEqual(rows - 1);
      for (const l of lines) expect(l.length, `${step}: a line wider than ${columns}:\n${l}`).toBeLessThanOrEqual(columns);
      // Every key the words refer to is spelled (src/keys/keyRef.ts): no reference reaches the screen.
      expect(frame, step).not.toMatch(/[⟦⟧⟪⟫]/);
      checkWrites(deck.emulator.hits, log, step);
    }
    deck.emulator.clearFaults();
    const writes = mutations(deck.emulator.hits).length;
    console.log(`monkey seed ${seed}: ${sent} keys, ${batch} batches, ${deck.emulator.hits.length} requests, ${writes} writes, seen ${[...modes].join(' ')}`);
    expect(sent).toBeGreaterThanOrEqual(keys);
    await backOutAndAsk(deck, screen, refusals.read);
    refusals.stop();
    checkWrites(deck.emulator.hits, log, 'after the walk');
    expect(errors).toEqual([]);
    return { writes };
  } catch (e) {
    const err = e as Error;
    err.message = `monkey seed ${seed} — replay: MONKEY_SEED=${seed} npx vitest run ${walk.file}\n${err.message}\nlast frame:\n${ui?.frame() ?? '(none)'}`;
    throw err;
  } finally {
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
    ui?.unmount();
    await d?.close();
  }
}

/** Still alive: the keys a person would use get back to the list, and help opens. */
async function backOutAndAsk(d: DeckHarness, ui: InkHarness, readRefusal: () => Promise<unknown>): Promise<void> {
  // Esc clears what a screen keeps (its search, then its filters) before it leaves it: each key
  // changes the state, not always the screen.
  for (let i = 0; i < 40 && !['list', 'projects'].includes(modeOf(d.store.getState()).kind); i++) {
    await waitFor(() => !isBusy(d.store.getState()), 'the deck to settle', SETTLE_MS);
    const mode = modeOf(d.store.getState()).kind;
    // A question takes keys once it has been on screen a moment (armed).
    if (mode.startsWith('confirm-')) await waitFor(() => (d.store.getState().overlay as { armed?: boolean } | null)?.armed === true, `${mode} armed`);
    // What only these keys change: any state change would do, but a list answered or a flash gone
    // meanwhile is one, and the next key would then reach the deck while this Esc is still held
    // back as the possible start of a sequence (escapeHold.ts), the two read as Alt + that key.
    await readRefusal();
    const before = whereAmI(d.store.getState());
    ui.write(mode === 'confirm-discard' ? 'y' : mode === 'confirm-delete' ? 'n' : KEYS.esc);
    await waitFor(() => whereAmI(d.store.getState()) !== before, `an answer to the key on ${mode}`);
  }
  // The Projects tab's first screen is Projects: Esc stays there, and 1 goes to Websites.
  if (modeOf(d.store.getState()).kind === 'projects') await ui.press('1', { until: () => modeOf(d.store.getState()).kind === 'list' });
  expect(modeOf(d.store.getState()).kind).toBe('list');
  await readRefusal();
  // Help opens on the keys of where it is (how many fit on its first page depends on the flash line).
  await ui.press('?', { until: (f) => f.includes('Here: the') && f.includes('next row') });
}
