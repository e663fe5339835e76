// Quick edits in a real terminal (tmux), on the bundled deck: copy, list fields, the password rule.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { setUpE2e, openDeck as openFixtureDeck } from '../helpers/e2eFixture';
import { type TmuxSession } from '../helpers/tmux';
import { waitFor } from '../helpers/wait';

const fx = setUpE2e('sitedeck-e2e-forms-', { seed: 40 });

const openDeck = (size = { columns: 120, rows: 40 }, server: { ownServer?: boolean } = {}): TmuxSession => openFixtureDeck(fx, size, {}, server);

const tmuxOf =
  (t: TmuxSession) =>
  (...args: string[]) =>
    execFileSync('tmux', ['-L', t.socket, ...args], { encoding: 'utf8' });
/** The label of the focused form field (its row starts with the marker; a picker's options are indented). */
const focused = (screen: string) => /^ › (\S+(?: \S+)*)/m.exec(screen)?.[1];
/**
 * Tab until the field labelled `label` has the focus (forms differ: a password field comes and goes).
 * Each Tab waits for the focus it moves before the next: a key sent on an unrelated screen change
 * could pass the field.
 */
async function focusField(t: TmuxSession, label: string): Promise<void> {
  let now = focused(await t.waitFor((s) => focused(s) !== undefined, { what: 'a focused field' }));
  for (let i = 0; i < 10 && now !== label; i++) {
    const was = now;
    t.sendKeys('Tab');
    now = focused(await t.waitFor((s) => focused(s) !== undefined && focused(s) !== was, { what: `the focus to leave ${String(was)}` }));
  }
  expect(now).toBe(label);
}

/** The screen without the text cursor, as the typed text reads. */
const typed = (screen: string) => screen.replace(/▏/g, '');
const posts = () => fx.emulator.hits.filter((h) => h.method === 'POST');

describe('copy inside tmux', () => {
  it("y lands in tmux's buffer with set-clipboard on, from tmux's buffer and the plain OSC 52 alike: the domain, what / finds the row by", async () => {
    // set-clipboard is the server's: a server of its own.
    const t = openDeck(undefined, { ownServer: true });
    const tm = tmuxOf(t);
    tm('set-option', '-g', 'set-clipboard', 'on');
    await t.waitFor(/1 Websites \d+ /);
    const name = String(fx.emulator.websites().find((w) => w.id === 40)!.domain);
    const written = t.output();
    t.sendKeys('y');
    await written.waitFor(`copied ${name} to tmux's buffer and asked the terminal`);
    expect(tm('show-buffer')).toBe(name);
    // Two buffers hold it: one from `load-buffer -w`, one from the OSC 52 tmux took itself.
    await waitFor(
      () =>
        tm('list-buffers', '-F', '#{buffer_sample}')
          .trim()
          .split('\n')
          .filter((l) => l === name).length === 2,
      'both buffers',
      undefined,
      40,
    );
  });

  it("with tmux's default set-clipboard (external) the buffer still holds it", async () => {
    const t = openDeck();
    const tm = tmuxOf(t);
    await t.waitFor(/1 Websites \d+ /);
    const written = t.output();
    t.sendKeys('j', 'y');
    const name = String(fx.emulator.websites().find((w) => w.id === 39)!.domain);
    await written.waitFor(`copied ${name} to tmux's buffer`);
    expect(tm('show-buffer')).toBe(name);
  });
});

describe('Y: a value of the row to copy', () => {
  it('offers the id, name, link and the record as JSON on the : line at 80×24; each lands in tmux’s buffer', async () => {
    const t = openDeck({ columns: 80, rows: 24 });
    const tm = tmuxOf(t);
    await t.waitFor(/1 Websites \d+ /);
    const site = fx.emulator.websites().find((w) => w.id === 40)!;
    t.sendKeys('Y');
    // The name picked first (what y copies), the values in the picker above the line; ↑ the id, ↓ the link.
    await t.waitFor((s) => /^ {2}id\s*\n› name\s*\n {2}link\s*\n {2}json\s*\n:copy name▏/m.test(s), { what: 'the values offered' });
    t.sendKeys('Up', 'Enter');
    await t.waitFor(`copied 40 to tmux's buffer`);
    expect(tm('show-buffer')).toBe('40');
    t.sendKeys('Y', 'Down', 'Enter');
    await t.waitFor(`copied https://${String(site.domain)} to tmux's buffer`);
    expect(tm('show-buffer')).toBe(`https://${String(site.domain)}`);
    t.sendKeys('Y');
    await t.waitFor(/:copy name▏/);
    t.sendKeys('Down', 'Down');
    await t.waitFor(/:copy json▏/);
    t.sendKeys('Enter');
    // One line of JSON (the flash shows its start and end, wrapped onto the lines it needs).
    await t.waitFor((s) => s.includes('{"id":40,"domain":') && s.includes("to tmux's buffer"), { what: 'the JSON copied' });
    expect(JSON.parse(tm('show-buffer'))).toMatchObject({ id: 40, domain: site.domain });
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });
});

describe('list fields in the form', () => {
  it('Enter on a list field never saves; the hint says what it accepts; Ctrl+S saves once', async () => {
    const t = openDeck();
    await t.waitFor(/1 Websites \d+ /);
    const before = posts().length;
    t.sendKeys('n');
    await t.waitFor('New website');
    t.sendText('enter-list.example.org');
    await t.waitFor((s) => typed(s).includes('enter-list.example.org'));
    await focusField(t, 'Exclude params');
    let screen = t.capture();
    // The hint wraps under the field at this width: read as one text, each word whole.
    const hint = screen
      .split('\n')
      .map((l) => l.trim())
      .join(' ');
    expect(hint).toContain('several: commas or spaces between them, or Ctrl+E for one per line in $EDITOR; Enter does not save here');
    // Each Enter on its own (text and a newline read together are a paste: the newline separates).
    t.sendText('utm_source fbclid');
    await t.waitFor((s) => typed(s).includes('utm_source fbclid'));
    t.sendKeys('Enter');
    await t.waitFor((s) => focused(s) === 'Exclude IPs' && /Exclude params\s+utm_source fbclid/.test(typed(s)), { what: 'Enter to move on to Exclude IPs' });
    t.sendText('1.2.3.4, 5.6.7.8');
    await t.waitFor((s) => typed(s).includes('1.2.3.4, 5.6.7.8'));
    // The last field: Enter says why it does not save. The flash lasts seconds, so it is read from
    // what the deck writes, not from a capture that may come too late on a busy machine.
    const written = t.output();
    t.sendKeys('Enter');
    await written.waitFor('Enter does not save from a list field');
    // Still the form, as typed, and nothing sent: the save below is the only write.
    screen = t.capture();
    expect(screen).toContain('New website');
    expect(focused(screen)).toBe('Exclude IPs');
    expect(typed(screen)).toContain('1.2.3.4, 5.6.7.8');
    const saved = t.output();
    t.sendKeys('C-s');
    await saved.waitFor('✓ created enter-list.example.org');
    const sent = posts().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({ domain: 'enter-list.example.org', exclude_params: 'utm_source\nfbclid', exclude_ips: '1.2.3.4\n5.6.7.8' });
  });

  it('exclude params say they are write-only: in the edit form and, in full, in the detail pane', async () => {
    const t = openDeck({ columns: 80, rows: 24 });
    await t.waitFor(/1 Websites \d+ /);
    t.sendKeys('Enter');
    let screen = await t.waitFor(/Exclude params/);
    const detail = screen.replace(/\s+/g, ' ');
    expect(detail).toContain('Not returned by the server. In an edit, an empty field keeps them; anything typed replaces them all.');
    t.sendKeys('Escape', 'e');
    await t.waitFor('Edit website');
    await focusField(t, 'Exclude params');
    screen = t.capture();
    const hint = screen.replace(/\s+/g, ' ');
    expect(hint).toContain('write-only: the server never returns them · empty keeps them, anything typed replaces them');
    expect(hint.match(/never returns|not returned/g)).toHaveLength(1); // said once
  });
});

describe('the password rule in the deck', () => {
  it('privacy becoming Password on a record without one shows the need, and a save sends nothing until one is typed', async () => {
    // A record of the first page (newest first) that is not Password and has no password.
    const firstPage = [...fx.emulator.websites()].sort((a, b) => Number(b.id) - Number(a.id)).slice(0, 10);
    const index = firstPage.findIndex((w) => w.privacy !== 2 && !w.password);
    const target = firstPage[index];
    const t = openDeck();
    await t.waitFor(/1 Websites \d+ /);
    for (let i = 0; i < index; i++) t.sendKeys('j');
    await t.waitFor(new RegExp(`›\\s+${String(target.id)} `), { what: 'the record selected' });
    t.sendKeys('e');
    await t.waitFor(`Edit website ${String(target.domain)}`);
    // Privacy is the first field: its picker marks the current value; → moves it to Password.
    const marked = (s: string) => / › (Public|Private|Password)\s*$/m.exec(s)?.[1];
    await t.waitFor((s) => marked(s) !== undefined, { what: 'the privacy picker' });
    for (let i = 0; i < 3 && marked(t.capture()) !== 'Password'; i++) {
      const was = marked(t.capture());
      t.sendKeys('Right');
      await t.waitFor((s) => marked(s) !== was);
    }
    await t.waitFor((s) => marked(s) === 'Password', { what: 'privacy Password' });
    const screen = await t.waitFor('Password is required when privacy is Password and no password is set yet');
    expect(screen).toContain('(none set)');
    const before = fx.emulator.hits.length;
    const refused = t.output();
    t.sendKeys('C-s');
    await refused.waitFor('Fix the marked fields');
    expect(fx.emulator.hits.slice(before).filter((h) => h.method !== 'GET')).toEqual([]);
    // The failed save put the focus on the field that needs fixing.
    await t.waitFor(/› Password\s+▏?\s*$/m);
    t.sendText('pw-e2e');
    await t.waitFor('••••••');
    const saved = t.output();
    t.sendKeys('C-s');
    await saved.waitFor(`✓ saved ${String(target.domain)}`);
    const put = fx.emulator.hits.slice(before).filter((h) => h.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0].body).toEqual({ privacy: '2', password: 'pw-e2e' });
  });
});

describe('text fields with a cursor', () => {
  it('typing a URL, Home, then https:// — and End, ← × 8, /en — is posted as edited', async () => {
    const t = openDeck();
    await t.waitFor(/1 Websites \d+ /);
    t.sendKeys('2');
    await t.waitFor(/2 Reports \d+/);
    t.sendKeys('n');
    await t.waitFor('New report');
    t.sendText('example.com/pricing');
    await t.waitFor((s) => typed(s).includes('example.com/pricing'));
    t.sendKeys('Home');
    t.sendText('https://');
    await t.waitFor((s) => typed(s).includes('https://example.com/pricing'));
    t.sendKeys('End');
    for (let i = 0; i < '/pricing'.length; i++) t.sendKeys('Left');
    t.sendText('/en');
    await t.waitFor((s) => typed(s).includes('https://example.com/en/pricing'));
    // Ctrl+A and Ctrl+E too; Backspace removes the character before the cursor.
    t.sendKeys('C-a', 'Right', 'Right', 'Right', 'Right', 'Right', 'BSpace', 'C-e');
    t.sendText('/');
    await t.waitFor((s) => typed(s).includes('http://example.com/en/pricing/'));
    t.sendKeys('C-a', 'Right', 'Right', 'Right', 'Right');
    t.sendText('s');
    t.sendKeys('C-e', 'BSpace');
    await t.waitFor((s) => typed(s).includes('https://example.com/en/pricing') && !typed(s).includes('pricing/'));
    const before = posts().length;
    const created = t.output();
    t.sendKeys('C-s');
    await created.waitFor(/✓ created .*example\.com\/en\/pricing/);
    const sent = posts().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({ url: 'https://example.com/en/pricing' });
  });

  it('an edit: Home in a list field puts a value first; the PUT body holds the list as edited', async () => {
    const t = openDeck();
    await t.waitFor(/1 Websites \d+ /);
    t.sendKeys('e');
    const screen = await t.waitFor(/Edit website (\S+)/);
    const domain = /Edit website (\S+)/.exec(screen)![1];
    await focusField(t, 'Exclude IPs');
    t.sendKeys('C-u');
    await t.waitFor(/› Exclude IPs\s+▏\s*$/m, { what: 'the field cleared' });
    t.sendText('1.2.3.4 9.9.9.9');
    await t.waitFor((s) => typed(s).includes('1.2.3.4 9.9.9.9'));
    t.sendKeys('Home');
    t.sendText('5.5.5.5, ');
    await t.waitFor((s) => typed(s).includes('5.5.5.5, 1.2.3.4 9.9.9.9'));
    const before = fx.emulator.hits.length;
    const saved = t.output();
    t.sendKeys('C-s');
    await saved.waitFor(`✓ saved ${domain}`);
    const put = fx.emulator.hits.slice(before).filter((h) => h.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0].body).toEqual({ exclude_ips: '5.5.5.5\n1.2.3.4\n9.9.9.9' });
  });
});
