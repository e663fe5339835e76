// Undo reads the session's change log, not a message on screen (tmux, the bundled deck): an edit
// saved, its message gone, u still sends the restoring PUT; two edits, then u u, undo both in
// reverse order; :changes lists them, undone.
import { describe, expect, it } from 'vitest';
import { setUpE2e, openDeck as openFixtureDeck } from '../helpers/e2eFixture';
import type { TmuxSession } from '../helpers/tmux';
import { LIST_CHANGING } from '../../src/ui/keys/keymap';

const fx = setUpE2e('sitedeck-e2e-undo-', { seed: 12 });
const puts = () => fx.emulator.hits.filter((h) => h.method === 'PUT');
const emailOf = (id: number) => fx.emulator.websites().find((w) => w.id === id)!.email;
const selectedId = (screen: string) => Number(/^›\s*\*?\s*(\d+) /m.exec(screen)![1]);

const FORM = /Edit website \S+ \(id \d+\)/;

/**
 * e until the form opens: after an undo the deck reads the list again, and refuses row keys in
 * words meanwhile; once that message is gone the new rows are shown.
 */
async function openEdit(t: TmuxSession): Promise<string> {
  for (let tries = 0; tries < 5; tries++) {
    t.sendKeys('e');
    const screen = await t.waitFor((s) => FORM.test(s) || s.includes(LIST_CHANGING), { what: 'the edit form' });
    if (FORM.test(screen)) return screen;
    await t.waitFor((s) => !s.includes(LIST_CHANGING), { what: 'the refusal gone', timeoutMs: 30_000 });
  }
  throw new Error('e was refused five times');
}

/** e, the e-mail field flipped, Ctrl+S: the saved message, then (an event, not a sleep) its end. */
async function editEmail(t: TmuxSession): Promise<void> {
  const domain = /Edit website (\S+) \(id \d+\)/.exec(await openEdit(t))![1];
  // Down to the e-mail field (a site with privacy Password has its password field first).
  t.sendKeys('Down');
  if (/› Password/.test(await t.waitFor(/› (Password|Email reports) /, { what: 'the next field' }))) t.sendKeys('Down');
  await t.waitFor(/› Email reports/, { what: 'the e-mail field' });
  t.sendKeys('Right');
  await t.waitFor((s) => /› Email reports/.test(s) && s.includes(' •'), { what: 'the e-mail field changed' });
  t.sendKeys('C-s');
  // This save's message, the form closed: the last save's may still be on screen when Ctrl+S is pressed.
  await t.waitFor((s) => s.includes(`✓ saved ${domain} · u undoes`) && !s.includes('Edit website'), { what: 'the save' });
}

describe('undo from the change log (tmux)', () => {
  it('an edit, its message gone, then u: the restoring PUT; two edits, u u: both undone in reverse; :changes lists them', async () => {
    const t = openFixtureDeck(fx, { columns: 120, rows: 40 }, { SITEDECK_HISTORY: 'false' });
    const first = selectedId(await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('›'), { what: 'the deck' }));
    const was1 = emailOf(first);
    await editEmail(t);
    expect(emailOf(first)).not.toBe(was1);
    // The message goes away by itself (seconds later): undo does not depend on it.
    await t.waitFor((s) => !s.includes('✓ saved'), { what: 'the saved message gone', timeoutMs: 30_000 });
    const before = puts().length;
    t.sendKeys('u');
    await t.waitFor('✓ Undo: 1 undone', { what: 'the undo' });
    expect(
      puts()
        .slice(before)
        .map((h) => [h.path, h.body]),
    ).toEqual([[`/public/api/v1/websites/${first}`, { email: String(was1) }]]);
    expect(emailOf(first)).toBe(was1);

    // Two edits, on two rows; u u undoes the second, then the first.
    await editEmail(t);
    t.sendKeys('j');
    const second = selectedId(await t.waitFor((s) => selectedId(s) !== first, { what: 'the next row' }));
    const was2 = emailOf(second);
    await editEmail(t);
    const mark = puts().length;
    t.sendKeys('u');
    await t.waitFor((s) => s.includes('✓ Undo: 1 undone'), { what: 'the first u' });
    await t.waitFor((s) => !s.includes('✓ Undo'), { what: 'its message gone', timeoutMs: 30_000 });
    t.sendKeys('u');
    await t.waitFor('✓ Undo: 1 undone', { what: 'the second u' });
    expect(
      puts()
        .slice(mark)
        .map((h) => h.path),
    ).toEqual([`/public/api/v1/websites/${second}`, `/public/api/v1/websites/${first}`]);
    expect([emailOf(first), emailOf(second)]).toEqual([was1, was2]);

    t.sendKeys(':');
    t.sendText('changes');
    t.sendKeys('Enter');
    const list = await t.waitFor('Changes this session', { what: 'the change log' });
    expect(list.split('\n').filter((l) => /undone {4}edit of \S+ \(email reports to \w+\)/.test(l))).toHaveLength(3);
    t.sendKeys('Escape', 'q');
    await t.waitFor('[exit 0]');
  });
});
