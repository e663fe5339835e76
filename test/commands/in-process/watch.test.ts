// `list --watch N`: the loop on a fake clock against the emulator (its request log counts the
// refreshes), and the flag's checks through the commands in-process.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/api';
import type { Website } from '../../../src/domain';
import { startEmulator, type Emulator } from '../../../src/emulator';
import { renderList } from '../../../src/commands/format/records';
import { resourceDef } from '../../../src/domain';
import { runWatch, CHANGED_MARK } from '../../../src/commands/watch';
import type { Io } from '../../../src/commands/io';
import { testIo } from '../../helpers/testIo';
import { waitFor } from '../../helpers/wait';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ seed: 12, rateLimit: 0, port: 0, seoPort: 0 });
});
afterAll(() => emulator.close());
afterEach(() => vi.useRealTimers());

function captureIo(tty: boolean): Io & { out: string[] } {
  const out: string[] = [];
  return testIo({
    out,
    stdout: { write: (s: string) => out.push(s) },
    env: process.env,
    isTTY: { stdin: false, stdout: tty, stderr: false },
    columns: 100,
  });
}

const listHits = () => emulator.hits.filter((h) => h.path.endsWith('/websites') && h.method === 'GET');

describe('runWatch', () => {
  it('fetches once a period; on a terminal redraws with the time and marks the rows that changed', async () => {
    const client = createClient({ baseUrl: emulator.baseUrl, seoBaseUrl: emulator.seoBaseUrl, apiKey: emulator.apiKey, retries: 0 });
    const def = resourceDef('websites');
    const io = captureIo(true);
    emulator.clearHits();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const done = runWatch({
      seconds: 30,
      query: { per_page: 10 },
      io,
      signal: new AbortController().signal,
      title: 'sitedeck websites list',
      rounds: 3,
      fetch: (q, s) => client.websites.list(q, { signal: s }) as never,
      render: (page) => renderList(def, page.items, { tty: true, color: false, columns: 100 }),
    });
    await waitFor(() => io.out.length === 1, 'the first refresh');
    expect(listHits()).toHaveLength(1);
    expect(io.out[0]).toMatch(/^\x1b\[H\x1b\[2JEvery 30s · sitedeck websites list · refreshed \d\d:\d\d:\d\d · Ctrl\+C stops\n\n {2}ID/);

    // Another client changes the third row before the next refresh.
    const third = [...emulator.websites()].sort((a, b) => Number(b.id) - Number(a.id))[2] as unknown as Website;
    await client.websites.update(third.id, { email: third.email === 1 ? 0 : 1 });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(listHits()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await waitFor(() => io.out.length === 2, 'the second refresh');
    const rows = io.out[1]!.split('\n').slice(3);
    expect(rows.filter((l) => l.startsWith(CHANGED_MARK))).toEqual([expect.stringContaining(third.domain)]);
    expect(io.out[1]).toContain('· 1 changed (•) ·');

    await vi.advanceTimersByTimeAsync(30_000);
    expect(await done).toBe(0);
    expect(listHits()).toHaveLength(3);
    expect(io.out[2]).not.toContain(CHANGED_MARK);
  });

  it('piped: each refresh follows the last, whole; an interrupt ends the wait at once', async () => {
    const client = createClient({ baseUrl: emulator.baseUrl, seoBaseUrl: emulator.seoBaseUrl, apiKey: emulator.apiKey, retries: 0 });
    const io = captureIo(false);
    const stop = new AbortController();
    emulator.clearHits();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const done = runWatch({
      seconds: 60,
      query: {},
      io,
      signal: stop.signal,
      title: 't',
      fetch: (q, s) => client.websites.list(q, { signal: s }) as never,
      render: (page) => `${JSON.stringify(page.items.map((w) => w.id))}\n`,
    });
    await waitFor(() => io.out.length === 1, 'the first refresh');
    expect(io.out[0]).toMatch(/^\[\d+(,\d+)*\]\n$/);
    stop.abort();
    expect(await done).toBe(130);
    expect(listHits()).toHaveLength(1);
  });
});

describe('sitedeck websites list --watch', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await emulatorFixture({ seed: 5 });
  });
  afterAll(() => fx.cleanup());

  it('refuses a period out of bounds, and --all or --format with it, sending nothing', async () => {
    fx.emulator.clearHits();
    for (const [args, message] of [
      [['--watch', '2'], '--watch must be a number of seconds from 5 to 3600 (got "2")'],
      [['--watch', 'soon'], '--watch must be a number of seconds from 5 to 3600 (got "soon")'],
      [['--watch', '30', '--all'], '--watch refreshes one page: leave out --all and --format'],
      [['--watch', '30', '--format', 'csv'], '--watch refreshes one page: leave out --all and --format'],
    ] as const) {
      const r = await runCommand(['websites', 'list', ...args], { env: fx.env });
      expect([r.code, r.stderr.trim()], args.join(' ')).toEqual([2, `sitedeck: ${message}`]);
    }
    expect(fx.emulator.hits).toEqual([]);
  });
});
