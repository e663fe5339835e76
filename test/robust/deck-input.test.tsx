// Bad input in the deck (the real App on the emulator): values outside the domain tables refused
// before sending with what is allowed; a pasted 10 000-character domain and a pasted 1 MB exclude_ips
// neither hang nor break the layout, and what is sent is whole; server records with huge values and
// wide characters keep every line inside the terminal and the columns aligned.
import stringWidth from 'string-width';
import { modeOf } from '../../src/state/stack';
import { describe, expect, it } from 'vitest';
import { PER_PAGE, WEBSITES, describeChoices, field } from '../../src/domain';
import { setUpDeckBench, type OpenDeck } from '../helpers/deckFaults';
import { KEYS } from '../helpers/ink';

const fx = setUpDeckBench();

/** The lengths a form field's value takes, one per update, from now on. */
function valueLengths(store: OpenDeck['store'], name: string) {
  const seen: number[] = [];
  const stop = store.subscribe((s, p) => {
    if (s.form?.values[name] !== p.form?.values[name]) seen.push(String(s.form?.values[name] ?? '').length);
  });
  return { seen, stop };
}

const writes = () => fx.bench.emulator.hits.filter((h) => h.method !== 'GET');

/** Every line within `columns` display columns and the frame one row short of the terminal. */
function expectFits(frame: string, columns: number, rows: number, what: string) {
  const lines = frame.split('\n');
  expect(lines.length, `${what}: ${lines.length} lines`).toBeLessThanOrEqual(rows - 1);
  for (const l of lines) expect(stringWidth(l), `${what}: ${l}`).toBeLessThanOrEqual(columns);
}

async function open(columns = 100, rows = 30, tab: '1' | '2' = '1'): Promise<OpenDeck> {
  const d = fx.open({ columns, rows });
  await d.ui.waitForFrame((f) => /1 Websites \d+/.test(f) && f.includes('›') && !d.store.getState().tabs.websites.loading, 'the first page');
  if (tab === '2') await d.ui.press('2', { until: (f) => /URL/.test(f) && f.includes('›') });
  return d;
}

describe('values outside the domain tables are refused before sending', () => {
  it('a domain that is not one, a missing password, a report URL that is not http(s): marked, nothing sent', async () => {
    const { ui, store } = await open();
    fx.bench.emulator.clearHits();
    await ui.press('n', { until: (f) => f.includes('New website') });
    await ui.press('not a domain', { until: (f) => f.includes('not a domain') });
    await ui.press(KEYS.ctrl('s'), { until: (f) => f.includes('like example.com') });
    expect(ui.frame()).toContain('Fix the marked fields');
    // Privacy Password without a password.
    await ui.press(KEYS.ctrl('u'));
    await ui.press('ok.example.com', { until: (f) => f.includes('ok.example.com') });
    await ui.press([KEYS.down, KEYS.right], { until: (f) => /› Password\s*$/m.test(f) });
    await ui.press(KEYS.ctrl('s'), { until: (f) => /Password is required/.test(f) });
    expect(store.getState().form?.values.domain).toBe('ok.example.com');
    await ui.press(KEYS.esc, { until: (f) => f.includes('Discard your unsaved edits?') && f.includes('y yes · n/Esc no') });
    await ui.press('y', { until: (f) => !f.includes('New website') });
    await ui.press('2', { until: (f) => /URL/.test(f) });
    await ui.press('n', { until: (f) => f.includes('New report') });
    await ui.press('ftp://files.example.com/', { until: (f) => f.includes('ftp://files') });
    await ui.press(KEYS.ctrl('s'), { until: (f) => f.includes('http:// or https://') });
    expect(writes()).toEqual([]);
  });

  it('the command line refuses a per-page or sort outside the tables and shows what is allowed', async () => {
    const { ui } = await open();
    fx.bench.emulator.clearHits();
    await ui.press(':');
    await ui.press('per 7', { until: (f) => f.includes(':per 7') });
    await ui.press(KEYS.enter, { until: (f) => f.includes(describeChoices(PER_PAGE)) });
    await ui.press(':');
    await ui.press('sort visits', { until: (f) => f.includes(':sort visits') });
    await ui.press(KEYS.enter, { until: (f) => f.includes(describeChoices(WEBSITES.listParams.find((p) => p.name === 'sort_by')!.choices!)) });
    expect(fx.bench.emulator.hits).toEqual([]);
  });
});

describe('very long values', () => {
  it('a pasted 10 000-character domain: no hang, the layout holds, refused with the limit, nothing sent', async () => {
    const { ui, store } = await open(100, 30);
    fx.bench.emulator.clearHits();
    await ui.press('n', { until: (f) => f.includes('New website') });
    const domain = 'a'.repeat(9_988) + '.example.com';
    const lengths = valueLengths(store, 'domain');
    const renders = ui.renders();
    ui.write(domain);
    await ui.waitForFrame(() => store.getState().form?.values.domain === domain, 'the pasted domain');
    lengths.stop();
    // Taken in one update and drawn once or so: one per character (10 000 updates and frames) would hang the deck.
    expect(lengths.seen).toEqual([domain.length]);
    expect(ui.renders() - renders).toBeLessThan(10);
    expectFits(ui.frame(), 100, 30, 'form with a 10k domain');
    // The end of what was typed is what shows while typing.
    expect(ui.frame()).toContain('.example.com▏');
    await ui.press(KEYS.ctrl('s'), { until: (f) => f.includes(`at most ${field(WEBSITES, 'domain')!.maxLength} characters`) });
    expectFits(ui.frame(), 100, 30, 'form with the refusal');
    expect(writes()).toEqual([]);
  });

  it('a pasted 1 MB exclude_ips is sent whole, the frame never breaks', async () => {
    const { ui, store } = await open(100, 30);
    fx.bench.emulator.clearHits();
    const ips = Array.from({ length: 80_000 }, (_, i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    const pasted = ips.join(', ');
    expect(pasted.length).toBeGreaterThan(1_000_000);
    await ui.press('n', { until: (f) => f.includes('New website') });
    await ui.press('big-ips.example.com', { until: (f) => f.includes('big-ips.example.com') });
    await ui.press([KEYS.down, KEYS.down, KEYS.down, KEYS.down, KEYS.down], { until: (f) => /› Exclude IPs/.test(f) });
    const lengths = valueLengths(store, 'exclude_ips');
    const renders = ui.renders();
    ui.write(pasted);
    await ui.waitForFrame(() => String(store.getState().form?.values.exclude_ips ?? '').length >= pasted.length, 'the 1 MB paste', 30_000);
    lengths.stop();
    // One update for the whole paste, as above.
    expect(lengths.seen).toEqual([String(store.getState().form!.values.exclude_ips).length]);
    expect(ui.renders() - renders).toBeLessThan(10);
    expectFits(ui.frame(), 100, 30, 'form with 1 MB of IPs');
    await ui.press(KEYS.ctrl('s'), { until: (f) => f.includes('✓ created big-ips.example.com'), timeoutMs: 30_000 });
    const posts = writes().filter((h) => h.method === 'POST');
    expect(posts).toHaveLength(1);
    const sent = posts[0]!.body.exclude_ips!;
    const want = ips.join('\n');
    let at = 0;
    while (at < want.length && sent[at] === want[at]) at++;
    expect({ length: sent.length, firstDifference: at, around: sent.slice(at - 20, at + 20) }).toEqual({
      length: want.length,
      firstDifference: want.length,
      around: want.slice(at - 20, at + 20),
    });
    expectFits(ui.frame(), 100, 30, 'list after the create');
  }, 60_000);

  it.each([
    [100, 30],
    [80, 24],
  ])(
    'a server record with a 10 000-character domain and 1 MB exclude_ips at %i×%i: list and detail stay inside',
    async (columns, rows) => {
      const domain = 'z'.repeat(9_988) + '.example.com';
      if (!fx.bench.emulator.websites().some((w) => w.domain === domain)) {
        const exclude = Array.from({ length: 70_000 }, (_, i) => `192.168.${(i >> 8) & 255}.${i & 255}`).join('\n');
        fx.bench.emulator.insertRaw('websites', { domain, privacy: 1, email: 0, exclude_bots: 1, exclude_ips: exclude });
      }
      const d = await open(columns, rows);
      const { ui } = d;
      await ui.waitForFrame((f) => f.includes('zzzzzzzz'), 'the huge record');
      expectFits(ui.frame(), columns, rows, 'list');
      ui.write(KEYS.enter);
      await ui.waitForFrame(() => modeOf(d.store.getState()).kind === 'detail', 'the detail');
      // The huge name wraps over most of a small pane: scroll to the addresses.
      for (let i = 0; i < 20 && !(/Exclude IPs\s+192\.168\.0\.0,/.test(ui.frame()) && ui.frame().includes('192.168.0.1,')); i++) {
        const before = ui.frame();
        await ui.press('j', { until: (f) => f !== before });
      }
      await ui.waitForFrame((f) => /Exclude IPs\s+192\.168\.0\.0,/.test(f) && f.includes('192.168.0.1,'), 'the addresses in the detail');
      expectFits(ui.frame(), columns, rows, 'detail');
      await ui.press(KEYS.esc, { until: (f) => /›\s+\d+ z+/.test(f) });
      await ui.press('e', { until: (f) => f.includes('Edit website zzzz') && /Exclude IPs\s+192\.168\.0\.0, /.test(f) });
      expectFits(ui.frame(), columns, rows, 'edit form');
      await ui.press(KEYS.esc, { until: (f) => !f.includes('Edit website') });
      await ui.press('j', { until: (f) => !/›\s+\d+ z+/.test(f) });
      expectFits(ui.frame(), columns, rows, 'list, next row');
    },
    60_000,
  );
});

describe('wide characters and emoji keep the list columns aligned', () => {
  const DOMAINS = [
    // wide (CJK), emoji, fullwidth, a combining accent, a joined emoji family, and plain ASCII
    '例え.テスト.example',
    '🍕🍕pizza.example',
    'ｆｕｌｌ.example',
    'cafe\u0301.example',
    '👩‍👩‍👧.family.example',
    'ascii-only.example',
  ];

  it.each([[120], [100], [80]])('at %i columns', async (columns) => {
    for (const d of DOMAINS)
      if (!fx.bench.emulator.websites().some((w) => w.domain === d))
        fx.bench.emulator.insertRaw('websites', { domain: d, privacy: 0, email: 1, exclude_bots: 0 });
    const { ui } = await open(columns, 30);
    await ui.press('+', { until: (f) => f.includes('25/page') && DOMAINS.every((d) => f.includes(d)) });
    const lines = ui.frame().split('\n');
    const header = lines.find((l) => /ID\s+DOMAIN/.test(l))!;
    const at = (line: string, text: string) => stringWidth(line.slice(0, line.indexOf(text)));
    const privacyAt = at(header, 'PRIVACY');
    // Left of a side-by-side detail pane only (the pane's title repeats the selected domain).
    const rows = lines.map((l) => l.split('│')[0]!).filter((l) => /^[› ]\s+\d+ /.test(l) && DOMAINS.some((d) => l.includes(d)));
    expect(rows).toHaveLength(DOMAINS.length);
    for (const row of rows) expect(at(row, 'Public'), row).toBe(privacyAt);
    for (const l of lines) expect(stringWidth(l), l).toBeLessThanOrEqual(columns);
  });
});
