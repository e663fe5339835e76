// The analytics host's line rules in the deck's forms, over the same table the commands are run over
// (test/helpers/excludeLines.ts): a new website and an edit each refuse what the host would match
// nothing against, next to the field, in words naming the line, and send nothing; what the host can
// match is saved one value a line. (No `:` command and no run over marked rows sets these fields:
// the `:` commands of a field are its row's `onMarked`, on choices only.)
import { describe, expect, it } from 'vitest';
import type { DeckHarness } from '../helpers/deck';
import { setUpDeckUi } from '../helpers/deckUi';
import { BAD_LINES, GOOD_LINES, oneLine } from '../helpers/excludeLines';
import { KEYS, type InkHarness } from '../helpers/ink';
import { waitFor } from '../helpers/wait';
import { COMMANDS } from '../../src/ui/keys/promptCommands';
import { WEBSITES } from '../../src/domain';

const deckUi = setUpDeckUi();

async function open(): Promise<{ d: DeckHarness; ui: InkHarness }> {
  const d = await deckUi.start();
  const ui = deckUi.render(d, { columns: 120, rows: 34 });
  await ui.waitForFrame((f) => /1 Websites \d+/.test(f) && f.includes('›'), 'the first page');
  await waitFor(() => d.emulator.hits.every((x) => x.status !== 0) && !d.store.getState().tabs.reports.loading, 'open settled');
  return { d, ui };
}

/** Tab until the form's focus is on `field`. */
async function focusOn(d: DeckHarness, ui: InkHarness, field: string) {
  for (let i = 0; i < 10 && d.store.getState().form?.focus !== field; i++) {
    const before = d.store.getState().form?.focus;
    ui.write(KEYS.tab);
    await waitFor(() => d.store.getState().form?.focus !== before, 'the focus moved');
  }
  expect(d.store.getState().form?.focus).toBe(field);
}

/** `text` in `field`, replacing what it held (Ctrl+U clears). */
async function setField(d: DeckHarness, ui: InkHarness, field: string, text: string) {
  await focusOn(d, ui, field);
  const value = () => d.store.getState().form?.values[field];
  if (value() !== '') ui.write(KEYS.ctrl('u'));
  await waitFor(() => value() === '', 'the field cleared');
  ui.write(text);
  await waitFor(() => value() === text, 'the value typed');
}

const writesOf = (d: DeckHarness) => d.apiHits().filter((h) => h.method !== 'GET');

/** The deck's forms: the new website's (with a domain typed) and an edit of the highlighted row's. */
const FORMS = [
  {
    name: 'new website',
    open: async (ui: InkHarness, n: number) => {
      await ui.press('n', { until: (f) => f.includes('New website') });
      await ui.press(`lines-${n}.example.com`, { until: (f) => f.includes(`lines-${n}.example.com`) });
    },
  },
  { name: 'edit', open: (ui: InkHarness) => ui.press('e', { until: (f) => /Edit website \S+/.test(f) }) },
] as const;

describe.each(FORMS)('the $name form', (form) => {
  it('refuses every bad line of the table next to its field, sending nothing', async () => {
    const { d, ui } = await open();
    await form.open(ui, 0);
    for (const bad of BAD_LINES) {
      await setField(d, ui, bad.field, bad.typed);
      await ui.press(KEYS.ctrl('s'), { until: (f) => oneLine(f).includes(`✗ ${bad.words}`) });
      expect(d.store.getState().form?.errors).toEqual({ [bad.field]: [bad.words] });
      // Cleared for the next row: the other field's words are its own.
      await setField(d, ui, bad.field, '');
    }
    expect(writesOf(d)).toEqual([]);
  });

  it.each(GOOD_LINES)('saves $field "$typed" one value a line', async ({ field, typed, stored }) => {
    const { d, ui } = await open();
    await form.open(ui, 1);
    await setField(d, ui, field, typed);
    await ui.press(KEYS.ctrl('s'), { until: (f) => /✓ (created|saved|updated)/.test(f) });
    const sent = writesOf(d);
    expect(sent).toHaveLength(1);
    expect(sent[0].body[field]).toBe(stored);
  });
});

it('no `:` command sets a lines field (were one added, it belongs in the table above)', () => {
  const lines = WEBSITES.fields.filter((f) => f.kind === 'lines').map((f) => f.name);
  expect(lines).toEqual(['exclude_params', 'exclude_ips']);
  const names = COMMANDS.flatMap((c) => [c.name, ...(c.aliases ?? [])].map((n) => n.replace(/-/g, '_')));
  for (const name of lines) expect(names).not.toContain(name);
  expect(WEBSITES.fields.filter((f) => f.kind === 'lines' && 'onMarked' in f)).toEqual([]);
});
