// The warm-start cache through the real deck: sessions (store, effects, cache) on the emulator over
// loopback HTTP, rendered by the App, with $XDG_CACHE_HOME in a temporary directory.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { modeOf } from '../../src/state/stack';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { cacheDirFrom, cacheFileIn } from '../../src/cache/files';
import { decode } from '../../src/cache/snapshot';
import { configFlagsFrom, resolveConfig, type ResolvedConfig } from '../../src/config';
import { startEmulator, type Emulator } from '../../src/emulator';
import { App } from '../../src/ui/App';
import { startSession, type CompleteConfig, type Session } from '../../src/ui/start/session';
import { makeTheme } from '../../src/ui/themes/theme';
import { renderInk, type InkHarness } from '../helpers/ink';
import { settle, waitFor } from '../helpers/wait';

let dir: string;
let savedXdg: string | undefined;
const emulators: Emulator[] = [];
const opened: { s: Session; ui: InkHarness }[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitedeck-warm-'));
  savedXdg = process.env.XDG_CACHE_HOME;
  process.env.XDG_CACHE_HOME = dir;
});
afterEach(async () => {
  for (const o of opened.splice(0)) close(o);
  for (const e of emulators.splice(0)) await e.close();
  if (savedXdg === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = savedXdg;
  rmSync(dir, { recursive: true, force: true });
});

async function emulator(): Promise<Emulator> {
  const e = await startEmulator({ seed: 40, rateLimit: 0, port: 0, seoPort: 0 });
  emulators.push(e);
  return e;
}

function configFor(e: Emulator, over: Partial<ResolvedConfig> = {}): CompleteConfig {
  return {
    profile: 'work',
    baseUrl: e.baseUrl,
    seoBaseUrl: e.seoBaseUrl,
    apiKey: e.apiKey,
    readOnly: false,
    cache: true,
    sources: { read_only: 'default', cache: 'default' },
    configDir: dir,
    configPath: join(dir, 'config.json'),
    warnings: [],
    ...over,
  } as CompleteConfig;
}

/** A deck as runDeck opens it: the session first (its cache drawn at once), then the view. */
function open(config: CompleteConfig): { s: Session; ui: InkHarness } {
  const s = startSession(config, false, (c) => createClient({ baseUrl: c.baseUrl, seoBaseUrl: c.seoBaseUrl, apiKey: c.apiKey, retries: 0, timeoutMs: 5000 }), {
    env: process.env,
    cwd: process.cwd(),
    stdout: process.stdout,
  });
  const ui = renderInk(
    <App store={s.store} info={s.info} theme={makeTheme({ NO_COLOR: '1' })} size={{ columns: 120, rows: 30 }} exit={() => {}} write={() => {}} />,
  );
  const o = { s, ui };
  opened.push(o);
  return o;
}

function close(o: { s: Session; ui: InkHarness }) {
  o.ui.unmount();
  o.s.effects.stop();
}

const fileOf = (profile = 'work') => cacheFileIn(cacheDirFrom(process.env), profile);
const fresh = (s: Session) => {
  const st = s.store.getState();
  return [st.tabs.websites, st.tabs.reports].every((t) => t.data && !t.loading && t.cachedAt === null);
};

/** Opens a deck, waits until both tabs' fresh pages are on disk, closes it. */
async function keepOneSession(e: Emulator, over: Partial<ResolvedConfig> = {}) {
  const o = open(configFor(e, over));
  await waitFor(() => fresh(o.s), 'both tabs fresh');
  await waitFor(() => {
    try {
      const d = decode(readFileSync(fileOf(over.profile), 'utf8'), JSON.parse(readFileSync(fileOf(over.profile), 'utf8')));
      return d.kind === 'ok' && d.snapshot.tabs.websites.length > 0 && d.snapshot.tabs.reports.length > 0;
    } catch {
      return false;
    }
  }, 'both tabs in the cache file');
  close(o);
  opened.splice(opened.indexOf(o), 1);
}

describe('warm start from the local cache', () => {
  it(
    'keeps the pages shown (0600, no key); the next deck draws them at once, marked cached and never editable until fresh; ' +
      'a record deleted since then goes',
    async () => {
      const e = await emulator();
      await keepOneSession(e);
      const path = fileOf();
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(statSync(cacheDirFrom(process.env)).mode & 0o777).toBe(0o700);
      const text = readFileSync(path, 'utf8');
      expect(text).not.toContain(e.apiKey);
      expect(text).toContain(e.baseUrl);
      // No temp file left: a save still finishing holds its lock a moment, then leaves the file alone.
      const dir = cacheDirFrom(process.env);
      await waitFor(() => readdirSync(dir).every((f) => !f.endsWith('.lock')), 'the last save to finish');
      expect(readdirSync(dir)).toEqual([path.split('/').pop()]);

      // Deleted elsewhere since; and the next list request fails, so the cached rows stay on screen.
      const top = (e.websites() as { id: number; domain: string }[]).reduce((a, b) => (b.id > a.id ? b : a));
      await createClient({ baseUrl: e.baseUrl, seoBaseUrl: e.seoBaseUrl, apiKey: e.apiKey, retries: 0 }).websites.delete(top.id);
      e.addFault({ host: 'analytics', method: 'GET', path: '/public/api/v1/websites', fault: { type: 'status', status: 500 }, times: 1 });

      const { s, ui } = open(configFor(e));
      // Drawn before any answer could arrive (this runs synchronously after the session started).
      expect(s.store.getState().tabs.websites.cachedAt).not.toBeNull();
      expect(ui.frame()).toMatch(/cached (just now|\d+ s ago)/);
      expect(ui.frame()).toContain(top.domain);

      await waitFor(() => s.store.getState().tabs.websites.error, 'the failed refresh');
      await ui.waitForFrame((f) => /cached .* stale/.test(f), 'cached and stale');
      await ui.press('e', { until: (f) => f.includes('cached rows, and the fresh list did not come (the host failed or cannot be reached): r retries') });
      expect(s.store.getState().form).toBeNull();
      s.store.dispatch({ type: 'flash/clear', id: s.store.getState().flash!.id });
      await ui.press('d', { until: (f) => f.includes('cached rows, and the fresh list did not come (the host failed or cannot be reached): r retries') });
      expect(modeOf(s.store.getState()).kind).toBe('list');
      s.store.dispatch({ type: 'delete/ask' }); // however it arrives
      expect(modeOf(s.store.getState()).kind).toBe('list');

      await ui.press('r', { until: (f) => !/cached (just now|\d+ s ago)/.test(f) && !f.includes(top.domain) && f.includes('›') });
      await ui.press('e', { until: () => modeOf(s.store.getState()).kind === 'form' });
    },
  );

  it('the cached rows are ready before the first request leaves (the pre-paint comes first)', async () => {
    const e = await emulator();
    await keepOneSession(e);
    const hitsBefore = e.hits.length;
    let seen: { cached: boolean; requests: number } | undefined;
    const s = startSession(
      configFor(e),
      false,
      (c) => createClient({ baseUrl: c.baseUrl, seoBaseUrl: c.seoBaseUrl, apiKey: c.apiKey, retries: 0, timeoutMs: 5000 }),
      { env: process.env, cwd: process.cwd(), stdout: process.stdout },
      {
        warmed: (store) => {
          const st = store.getState();
          seen = {
            cached: st.tabs.websites.cachedAt !== null && st.tabs.reports.cachedAt !== null,
            requests: e.hits.length - hitsBefore + (st.tabs.websites.loading || st.tabs.reports.loading ? 1 : 0),
          };
        },
      },
    );
    opened.push({
      s,
      ui: renderInk(
        <App store={s.store} info={s.info} theme={makeTheme({ NO_COLOR: '1' })} size={{ columns: 120, rows: 30 }} exit={() => {}} write={() => {}} />,
      ),
    });
    expect(seen).toEqual({ cached: true, requests: 0 });
    // Then the requests go out as before: both tabs and the distribution.
    await waitFor(() => fresh(s) && e.hits.length - hitsBefore >= 5 && e.hits.every((h) => h.status !== 0), 'both tabs fresh, every request answered');
    expect(e.hits.length - hitsBefore).toBe(5);
  });

  it('a damaged file is ignored with a one-line warning, then replaced by a good one (its directory made private)', async () => {
    const e = await emulator();
    mkdirSync(cacheDirFrom(process.env), { recursive: true, mode: 0o755 });
    chmodSync(cacheDirFrom(process.env), 0o755);
    writeFileSync(fileOf(), '{"v":1,"tabs":', { mode: 0o600 });
    const { s, ui } = open(configFor(e));
    expect(s.store.getState().tabs.websites.cachedAt).toBeNull();
    expect(s.store.getState().flash?.text).toBe(`Cache ignored (not valid JSON): ${fileOf()}`);
    await ui.waitForFrame((f) => f.includes('Cache ignored (not valid JSON)') && f.includes('›'), 'the warning and fresh rows');
    await waitFor(() => fresh(s), 'fresh');
    await waitFor(() => {
      try {
        return decode(readFileSync(fileOf(), 'utf8'), JSON.parse(readFileSync(fileOf(), 'utf8'))).kind === 'ok';
      } catch {
        return false;
      }
    }, 'a good file');
    expect(statSync(fileOf()).mode & 0o777).toBe(0o600);
    expect(statSync(cacheDirFrom(process.env)).mode & 0o777).toBe(0o700);
  });

  it(
    'a cache folder others can write in, or a symbolic link in its place, is neither read nor written through: ' + "its rows are never drawn as the host's",
    async () => {
      const e = await emulator();
      await keepOneSession(e);
      const base = cacheDirFrom(process.env);
      // Another account could have put these pages there: mode 0777.
      chmodSync(base, 0o777);
      const planted = readFileSync(fileOf(), 'utf8');
      const open1 = open(configFor(e));
      expect(open1.s.store.getState().tabs.websites.cachedAt).toBeNull();
      expect(open1.s.store.getState().flash?.text).toBe(
        `Cache ignored (other users can write in ${base} (mode 0777); ` +
          `fix: rm -r ${base}: what others put there goes with it (sitedeck makes it again, mode 0700)): ${fileOf()}`,
      );
      await waitFor(() => fresh(open1.s), 'fresh');
      close(open1);
      opened.pop();
      expect(readFileSync(fileOf(), 'utf8')).toBe(planted);

      // A link to a folder elsewhere: never followed, nothing written at its target.
      const elsewhere = join(dir, 'elsewhere');
      mkdirSync(elsewhere, { mode: 0o700 });
      rmSync(base, { recursive: true });
      symlinkSync(elsewhere, base);
      const open2 = open(configFor(e));
      expect(open2.s.store.getState().flash?.text).toMatch(/^Cache ignored \(.* is a symbolic link; fix: /);
      await waitFor(() => fresh(open2.s), 'fresh');
      await open2.ui.waitForFrame((f) => f.includes('Cache not kept'), 'the write refused in words');
      expect(readdirSync(elsewhere)).toEqual([]);
    },
  );

  it('a cache written for other base URLs, or for another key, is ignored with a warning', async () => {
    const a = await emulator();
    await keepOneSession(a);
    const b = await emulator();
    const other = open(configFor(b));
    expect(other.s.store.getState().tabs.websites.cachedAt).toBeNull();
    expect(other.s.store.getState().flash?.text).toBe(`Cache ignored (written for other base URLs): ${fileOf()}`);
    close(other);
    opened.pop();

    const key = open(configFor(a, { apiKey: 'sd_another_key_000000000000' }));
    expect(key.s.store.getState().tabs.websites.cachedAt).toBeNull();
    expect(key.s.store.getState().flash?.text).toBe(`Cache ignored (written for another API key): ${fileOf()}`);

    // Another profile has a file of its own.
    expect(fileOf('home')).not.toBe(fileOf('work'));
  });

  it('--no-cache (or `cache false` in the profile) reads and writes nothing', async () => {
    const e = await emulator();
    await keepOneSession(e);
    const before = readFileSync(fileOf(), 'utf8');
    const mtime = statSync(fileOf()).mtimeMs;

    const off = resolveConfig({ flags: configFlagsFrom({ cache: false }), env: {}, configDir: dir });
    expect([off.cache, off.sources.cache]).toEqual([false, 'flag']);
    const fromFile = resolveConfig({ flags: {}, env: {}, configDir: dir, file: { profiles: { work: { cache: false } }, current: 'work' } });
    expect([fromFile.cache, fromFile.sources.cache]).toEqual([false, 'file']);
    expect(resolveConfig({ flags: {}, env: {}, configDir: dir }).cache).toBe(true);

    // Pages shown on both tabs, and a page turn, with the cache off.
    const { s, ui } = open(configFor(e, { cache: false }));
    expect(s.store.getState().tabs.websites.cachedAt).toBeNull();
    expect(s.store.getState().tabs.websites.data).toBeNull(); // nothing drawn from the file
    await waitFor(() => fresh(s), 'fresh');
    await ui.press(']', { until: (f) => /page 2\//.test(f) });
    await waitFor(() => fresh(s), 'page 2');
    await settle(100);
    expect(readdirSync(cacheDirFrom(process.env))).toEqual([fileOf().split('/').pop()]);
    expect(readFileSync(fileOf(), 'utf8')).toBe(before);
    expect(statSync(fileOf()).mtimeMs).toBe(mtime);
  });

  it('a record 50 levels deep is kept like any other; a cache that cannot be written is said once and the deck goes on', async () => {
    const e = await emulator();
    let deep: unknown = 'bottom';
    // (deeper than max_depth, 64, an answer is refused at the door: test/api/json-answer.test.ts)
    for (let i = 0; i < 50; i++) deep = { a: deep };
    e.insertRaw('websites', { domain: 'deep.example', 'x-deep': deep });
    await keepOneSession(e);
    expect(readFileSync(fileOf(), 'utf8')).toContain('deep.example');

    // The cache directory is now a file: every write fails.
    rmSync(cacheDirFrom(process.env), { recursive: true, force: true });
    writeFileSync(cacheDirFrom(process.env), 'not a directory');
    const { s, ui } = open(configFor(e));
    await waitFor(() => fresh(s), 'fresh');
    await ui.waitForFrame((f) => f.includes('Cache not kept'), 'the one-line notice');
    await ui.press(']', { until: (f) => /page 2\//.test(f) });
    await waitFor(() => fresh(s), 'page 2 after the failed write');
    expect(ui.frame()).toMatch(/page 2\//);
  });
});
