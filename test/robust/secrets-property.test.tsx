// A password typed into the deck is never text: random passwords (fixed seed) go through every form
// that takes one (a website's and a report's, new and edit) and the change to marked rows that
// sets one (`:privacy password` on websites and on reports, asked masked), on the real App over the emulator at 80×24; each is
// saved (once refused by a host that echoes it in its 422) and undone. No frame ever drawn, no
// flash, question or detail, no spoken line, no `:messages` or `:changes` line holds it, and once
// the write is answered the deck's state holds it nowhere.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { makeTheme } from '../../src/ui/themes/theme';
import { spokenDeck } from '../../src/ui/spoken/deck';
import { changeLines } from '../../src/ui/components/MessagesOverlay';
import type { DeckState } from '../../src/state/types';
import { startDeckHarness, type DeckHarness } from '../helpers/deck';
import { KEYS, renderInk, stripAnsi, type InkHarness } from '../helpers/ink';
import { waitFor } from '../helpers/wait';

const SEED = 4747;
const RUNS = 3;
const SIZE = { columns: 80, rows: 24 };
const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
// Printable, 8–30 characters; at least four different ones, so it cannot be a run of spaces or
// dashes that the deck's own drawing holds anyway.
const password = fc.string({ unit: fc.constantFrom(...PRINTABLE), minLength: 8, maxLength: 30 }).filter((s) => new Set(s).size >= 4);

/** Everything the deck says in words at this state: flash, question, spoken lines, the change log. */
function said(state: DeckState): string[] {
  const o = state.overlay;
  const question = o?.kind === 'confirm-bulk' ? [o.question, o.detail ?? ''] : [];
  return [state.flash?.text ?? '', ...question, ...spokenDeck(state, { now: 0 }).map((l) => l.text), ...changeLines(state.changes)];
}

interface Run {
  h: DeckHarness;
  deck: InkHarness;
  /** A line the deck said that held the password, with where. */
  leaks: string[];
  close(): Promise<void>;
}

async function open(pw: string): Promise<Run> {
  const h = await startDeckHarness({ emulator: { seed: 8 } });
  const leaks: string[] = [];
  h.store.subscribe((s) => {
    for (const line of said(s)) if (line.includes(pw)) leaks.push(line);
  });
  const deck = renderInk(
    <App
      store={h.store}
      info={{ profile: 'bench', hosts: h.client.hosts, demo: false }}
      theme={makeTheme({ NO_COLOR: '1' })}
      size={SIZE}
      exit={() => {}}
      write={() => {}}
    />,
  );
  await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
  return {
    h,
    deck,
    leaks,
    async close() {
      deck.unmount();
      await h.close();
    },
  };
}

const state = (r: Run) => r.h.store.getState();

/** Types `text` a key at a time, each waited for in `typed` (a paste would be one input). */
async function type(r: Run, text: string, typed: () => string): Promise<void> {
  for (const ch of text) {
    const before = typed().length;
    r.deck.write(ch);
    await waitFor(() => typed().length > before, `${JSON.stringify(ch)} typed`);
  }
  expect(typed()).toBe(text);
}

const formValue = (r: Run, name: string) => String(state(r).form?.values[name] ?? '');

/** In an open form: privacy to Password (→ until it is), then Tab to the password and type it. */
async function passwordInForm(r: Run, pw: string): Promise<void> {
  await waitFor(() => state(r).form?.focus === 'privacy', 'the privacy field');
  for (let i = 0; i < 3 && formValue(r, 'privacy') !== '2'; i++) {
    const was = formValue(r, 'privacy');
    r.deck.write(KEYS.right);
    await waitFor(() => formValue(r, 'privacy') !== was, 'privacy chosen');
  }
  expect(formValue(r, 'privacy')).toBe('2');
  r.deck.write(KEYS.tab);
  await waitFor(() => state(r).form?.focus === 'password', 'the password field');
  await type(r, pw, () => formValue(r, 'password'));
}

/** A question on screen, once it takes keys: y. */
async function yes(r: Run): Promise<void> {
  await waitFor(() => state(r).overlay?.kind === 'confirm-bulk' && (state(r).overlay as { armed?: boolean }).armed === true, 'the question, armed');
  r.deck.write('y');
  await waitFor(() => state(r).overlay?.kind !== 'confirm-bulk', 'the answer taken');
}

/** u: its run to the end (a question asked on the way answered yes). */
async function undo(r: Run): Promise<void> {
  const undone = () => state(r).changes.at(-1)?.undone === true;
  r.deck.write('u');
  await waitFor(() => undone() || state(r).overlay?.kind === 'confirm-bulk', 'the undo run or its question');
  if (!undone()) await yes(r);
  await waitFor(() => undone() && !state(r).bulk, 'the undo done');
  expect(state(r).flash?.text).toMatch(/^✓ Undo: /);
  expect(state(r).flash?.text).toContain('not put back: the password you set (never returned by the host)');
}

/** Once a write is answered, the deck's state holds the password nowhere (nor does the host's answer). */
function gone(r: Run, pw: string): void {
  expect(JSON.stringify(state(r))).not.toContain(pw);
}

async function editWithPassword(r: Run, pw: string, tab: '1' | '2', refusedFirst: boolean): Promise<void> {
  if (tab === '2') {
    r.deck.write('2');
    await waitFor(() => state(r).tab === 'reports' && !state(r).tabs.reports.loading && (state(r).tabs.reports.data?.items.length ?? 0) > 0, 'the reports');
  }
  r.deck.write('e');
  await waitFor(() => state(r).form?.op === 'update', 'the edit form');
  await passwordInForm(r, pw);
  if (refusedFirst) {
    // A host that repeats what it was sent in its refusal.
    const path = tab === '1' ? /^\/public\/api\/v1\/websites\/\d+$/ : /^\/api\/v1\/reports\/\d+$/;
    r.h.emulator.addFault({
      method: 'PUT',
      path,
      times: 1,
      fault: {
        type: 'status',
        status: 422,
        body: { message: `The password ${pw} is too common.`, errors: { password: [`The password ${pw} appeared in a leak.`] } },
      },
    });
    r.deck.write(KEYS.ctrl('s'));
    await waitFor(() => Boolean(state(r).form?.errors.password?.length) && !state(r).op, 'the refusal');
    expect(state(r).form!.errors.password!.join(' ')).toContain('the password you set');
  }
  r.deck.write(KEYS.ctrl('s'));
  await waitFor(() => !state(r).form && !state(r).op, 'the save');
  expect(state(r).flash?.text).toMatch(/^✓ saved /);
  gone(r, pw);
  await undo(r);
  gone(r, pw);
}

async function newWithPassword(r: Run, pw: string, n: number, tab: 'websites' | 'reports'): Promise<void> {
  r.deck.write(tab === 'websites' ? '1' : '2');
  await waitFor(() => state(r).tab === tab, `the ${tab}`);
  r.deck.write('n');
  await waitFor(() => state(r).form?.op === 'create', 'the new form');
  if (tab === 'websites') await type(r, `pw-${n}.example.com`, () => formValue(r, 'domain'));
  else await type(r, `https://pw-${n}.example.com/`, () => formValue(r, 'url'));
  r.deck.write(KEYS.tab);
  await passwordInForm(r, pw);
  r.deck.write(KEYS.ctrl('s'));
  await waitFor(() => !state(r).form && !state(r).op, 'the create');
  expect(state(r).flash?.text).toMatch(/^✓ created /);
  gone(r, pw);
  // Its undo deletes it (asked first): nothing to name.
  r.deck.write('u');
  await yes(r);
  await waitFor(() => state(r).changes.at(-1)?.undone === true && !state(r).bulk, 'the create undone');
  gone(r, pw);
}

async function markedWithPassword(r: Run, pw: string, tab: 'websites' | 'reports'): Promise<void> {
  r.deck.write(tab === 'websites' ? '1' : '2');
  await waitFor(() => state(r).tab === tab && !state(r).tabs[tab].loading, `the ${tab}`);
  for (const n of [1, 2]) {
    r.deck.write(' ');
    await waitFor(() => state(r).marked[tab].length === n, `${n} marked`);
  }
  r.deck.write(':');
  await waitFor(() => state(r).overlay?.kind === 'prompt', 'the : line');
  await type(r, 'privacy password', () => (state(r).overlay as { text: string }).text);
  r.deck.write(KEYS.enter);
  // Asked masked on the : line.
  await waitFor(() => state(r).overlay?.kind === 'prompt' && Boolean((state(r).overlay as { secret?: unknown }).secret), 'the password asked');
  await type(r, pw, () => (state(r).overlay as { text: string }).text);
  r.deck.write(KEYS.enter);
  await yes(r);
  await waitFor(() => !state(r).bulk && state(r).flash?.text.startsWith('✓ 2 updated') === true, `the change to the marked ${tab}`);
  gone(r, pw);
  await undo(r);
  gone(r, pw);
}

describe('a password typed into the deck is never text', () => {
  it(`${RUNS} random passwords (seed ${SEED}) through every form and the marked rows' change, saved and undone, at 80×24`, async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(password, async (pw) => {
        const r = await open(pw);
        try {
          n++;
          await editWithPassword(r, pw, '1', true);
          await newWithPassword(r, pw, n, 'websites');
          await markedWithPassword(r, pw, 'websites');
          await editWithPassword(r, pw, '2', false);
          await markedWithPassword(r, pw, 'reports');
          await newWithPassword(r, pw, n, 'reports');
          // The message log and the change log, drawn.
          r.h.store.dispatch({ type: 'messages/toggle' });
          await r.deck.waitForFrame((f) => f.includes('Messages, newest first'), 'the messages');
          r.h.store.dispatch({ type: 'changes/toggle' });
          await r.deck.waitForFrame((f) => f.includes('Changes this session'), 'the changes');
          // Named, never shown.
          expect(r.deck.frame()).toContain('(privacy to Password and a new pas');
          expect(r.leaks).toEqual([]);
          const shown = r.deck
            .frames()
            .map(stripAnsi)
            .filter((f) => f.includes(pw));
          expect(shown).toEqual([]);
        } finally {
          await r.close();
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 120_000);
});
