// Changes to marked rows in the bundled deck (tmux) obey the edit form's rules and send only what
// changes: `:privacy password` asks for a password (masked) and never sends privacy=2 alone; over
// rows partly at the target, only the rows that change get a PUT.
import { describe, expect, it } from 'vitest';
import { setUpE2e, openDeck as openFixtureDeck } from '../helpers/e2eFixture';

const fx = setUpE2e('sitedeck-e2e-bulk-rules-', { seed: 9 });
const puts = () => fx.emulator.hits.filter((h) => h.method === 'PUT');

describe('changes to marked rows (tmux)', () => {
  it('over rows partly at the target: the question counts both, and only the rows that change get a PUT', async () => {
    const t = openFixtureDeck(fx, { columns: 120, rows: 40 }, { SITEDECK_HISTORY: 'false' });
    await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('›'), { what: 'the deck' });
    const rows = [...fx.emulator.websites()]
      .map((w) => w as { id: number; privacy: number })
      .sort((a, b) => b.id - a.id)
      .slice(0, 5);
    // Some of the first five rows Public already, the rest not.
    const publicIds = rows.filter((w) => w.privacy === 0).map((w) => w.id);
    const change = rows.filter((w) => w.privacy !== 0).map((w) => w.id);
    expect(publicIds.length * change.length).toBeGreaterThan(0);
    // Space marks and moves down: five presses, the first five rows.
    t.sendKeys('Space', 'Space', 'Space', 'Space', 'Space');
    await t.waitFor('5 marked', { what: 'five rows marked' });
    const before = puts().length;
    t.sendKeys(':');
    t.sendText('privacy public');
    t.sendKeys('Enter');
    await t.waitFor(
      (s) => s.includes(`Set privacy to Public: ${change.length} to change · ${publicIds.length} already Public?`) && s.includes('y yes · n/Esc no'),
      { what: 'the question with both numbers' },
    );
    t.sendKeys('y');
    const end = await t.waitFor(`✓ ${change.length} updated · ${publicIds.length} already Public, left alone`, {
      what: 'the run, counting the rows left alone',
    });
    // Every marked row is where the change wanted it: none stays marked.
    expect(end).not.toMatch(/marked|\d\*/);
    expect(
      puts()
        .slice(before)
        .map((h) => h.path)
        .sort(),
    ).toEqual(change.map((id) => `/public/api/v1/websites/${id}`).sort());
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });

  it(':privacy password over a site with no password asks for one, masked, and never sends privacy=2 alone', async () => {
    const t = openFixtureDeck(fx, { columns: 120, rows: 40 }, { SITEDECK_HISTORY: 'false' });
    await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('›'), { what: 'the deck' });
    t.sendKeys('Space');
    await t.waitFor('1 marked');
    const before = puts().length;
    t.sendKeys(':');
    t.sendText('privacy password');
    t.sendKeys('Enter');
    await t.waitFor('Password for the 1 marked website: ', { what: 'the password asked' });
    // Nothing typed: refused, nothing sent.
    t.sendKeys('Enter');
    await t.waitFor('Nothing was sent.', { what: 'the refusal' });
    expect(puts()).toHaveLength(before);
    t.sendKeys(':');
    t.sendText('privacy password');
    t.sendKeys('Enter');
    await t.waitFor('Password for the 1 marked website: ');
    t.sendText('hunter22');
    const masked = await t.waitFor('Password for the 1 marked website: ••••••••', { what: 'the password, masked' });
    expect(masked).not.toContain('hunter22');
    t.sendKeys('Enter');
    await t.waitFor((s) => s.includes('Set privacy to Password and a new password on 1 website?') && s.includes('y yes · n/Esc no'), { what: 'the question' });
    t.sendKeys('y');
    await t.waitFor('✓ 1 updated', { what: 'the change' });
    const sent = puts().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({ privacy: '2', password: 'hunter22' });
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });
});
