// Messages and questions in a real terminal (tmux) at 80×24, 100×30 and 120×40: a refused save's
// message is whole (wrapped, never cut) and goes when the form is discarded; the bulk delete
// question keeps its question mark and its choices, shortening its list of names instead.
import { describe, expect, it } from 'vitest';
import { setUpE2e, openDeck as openFixtureDeck } from '../helpers/e2eFixture';
import { type TmuxSession } from '../helpers/tmux';

const fx = setUpE2e('sitedeck-e2e-words-', { seed: 40 });

const SIZES = [
  [80, 24],
  [100, 30],
  [120, 40],
] as const;

const openDeck = (columns: number, rows: number): TmuxSession => openFixtureDeck(fx, { columns, rows });

/** The screen's lines from the first one containing `from` to the end, as one text (a wrapped message joined). */
function joinedFrom(screen: string, from: string): string {
  const lines = screen.split('\n');
  const at = lines.findIndex((l) => l.includes(from));
  if (at < 0) return '';
  return lines
    .slice(at)
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');
}

describe('messages and questions fit (tmux)', () => {
  it.each(SIZES)('at %i×%i a refused save says all of it, and its message goes with the form', async (columns, rows) => {
    const taken = String(fx.emulator.websites()[0].domain);
    const t = openDeck(columns, rows);
    await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('›'), { what: 'the deck' });
    t.sendKeys('n');
    await t.waitFor('New website');
    t.sendText(taken);
    await t.waitFor(taken);
    t.sendKeys('C-s');
    const screen = await t.waitFor((s) => joinedFrom(s, 'rejected the website').includes('Ctrl+S to save again)'), { what: 'the whole refusal' });
    for (const line of screen.split('\n')) {
      expect(line.length, line).toBeLessThanOrEqual(columns);
      expect(line.trimEnd().endsWith('…'), `cut at ${columns}×${rows}: "${line}"`).toBe(false);
    }
    const said = joinedFrom(screen, 'rejected the website');
    expect(said).toMatch(
      /rejected the website — domain: The domain has already been taken\. .*\(your input is kept: fix the marked fields and Ctrl\+S to save again\)$/,
    );
    // Discarding the form: what the message said is no longer true, so it goes too.
    t.sendKeys('Escape');
    // A question takes keys once it has been on screen a moment (its choices then show).
    await t.waitFor((s) => s.includes('Discard your unsaved edits?') && s.includes('y yes · n/Esc no'), { what: 'the question, taking keys' });
    t.sendKeys('y');
    const after = await t.waitFor((s) => !s.includes('Discard your unsaved edits?') && !s.includes('New website'), { what: 'the list' });
    expect(after).not.toContain('your input is kept');
    expect(after).not.toContain('rejected the website');
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });

  it.each(SIZES)('at %i×%i the bulk delete question keeps its question mark and choices', async (columns, rows) => {
    const t = openDeck(columns, rows);
    await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('›'), { what: 'the deck' });
    // Space marks and moves down: three presses, three rows.
    t.sendKeys('Space', 'Space', 'Space');
    await t.waitFor('3 marked', { what: 'three marks' });
    t.sendKeys('d');
    const screen = await t.waitFor((s) => s.includes('Delete 3 marked websites') && s.includes('y yes · n/Esc no'), { what: 'the question, taking keys' });
    const lines = screen.split('\n');
    const question = lines.find((l) => l.includes('Delete 3 marked websites'))!;
    expect(question).toMatch(/│ Delete 3 marked websites( \([^)]*\))?\? +│$/);
    const names = [...fx.emulator.websites()]
      .sort((a, b) => Number(b.id) - Number(a.id))
      .slice(0, 3)
      .map((w) => String(w.domain));
    // The names that fit are whole; the rest give way to `…`.
    const listed = /\(([^)]*)\)/.exec(question)?.[1].split(', ') ?? [];
    expect(listed.filter((n) => n !== '…')).toEqual(names.slice(0, listed.filter((n) => n !== '…').length));
    const choices = lines[lines.indexOf(question) + 1];
    expect(choices).toMatch(/│ +No +Delete +y yes · n\/Esc no · ←→ choose · Enter +│$/);
    t.sendKeys('n');
    await t.waitFor((s) => !s.includes('Delete 3 marked websites'), { what: 'the question gone' });
    expect(fx.emulator.hits.filter((h) => h.method === 'DELETE')).toHaveLength(0);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });

  it.each([
    [100, 30],
    [120, 40],
  ])(
    'at %i×%i the detail beside the list keeps its fields’ labels in one column as wide as the longest and wraps reasons at its width',
    async (columns, rows) => {
      const t = openDeck(columns, rows);
      await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('›'), { what: 'the deck' });
      t.sendKeys('2');
      const screen = await t.waitFor((s) => /\[?2 Reports \d+/.test(s) && s.includes('Failed checks'), { what: 'a report beside the list' });
      const bar = screen
        .split('\n')
        .find((l) => l.includes('Failed checks'))!
        .indexOf('│');
      const pane = screen
        .split('\n')
        .map((l) => (l.length > bar && l[bar] === '│' ? l.slice(bar + 2) : null))
        .filter((l): l is string => l !== null);
      const width = columns - bar - 2;
      // The fields' labels: one column, as wide as the longest ("Generated") and a blank, at most half the pane.
      const valueAt = 'Generated'.length + 1;
      expect(valueAt).toBeLessThanOrEqual(Math.floor(width / 2));
      for (const label of ['Project', 'Score', 'Privacy', 'Generated']) {
        const row = pane.find((l) => l.startsWith(`${label} `))!;
        expect(row.slice(0, valueAt).trimEnd(), row).toBe(label);
        expect(row[valueAt], row).not.toBe(' ');
      }
      // Every check name whole; a reason's continuation uses the pane's width.
      const checks = pane.slice(pane.findIndex((l) => l.startsWith('Failed checks')) + 1);
      expect(checks.filter((l) => /^[✗✓]/.test(l)).every((l) => !l.includes('…'))).toBe(true);
      const continued = checks.filter((l) => /^ +\S/.test(l));
      expect(continued.length).toBeGreaterThan(0);
      for (const l of continued) expect(l.length).toBeLessThanOrEqual(width);
      // Not three words a line: a wrapped reason fills most of the room it has.
      expect(Math.max(...continued.map((l) => l.trimEnd().length))).toBeGreaterThan(width - 12);
      t.sendKeys('q');
      await t.waitFor('[exit 0]');
    },
  );
});
