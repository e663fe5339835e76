// Keys typed before the deck's first live frame are in it (issue 59): the pre-paint holds the
// keyboard while Ink and React load, and what was typed meanwhile is applied before that frame is
// rendered, so it never shows the screen as it was before them. The keys are written to the pty
// before the deck's process starts (a shell holds it on a FIFO until they are in the terminal's
// queue), so they wait there however loaded the machine, as keys typed at launch do; the frames are read from everything the deck wrote, the first live one
// being the first with the footer's key hints (a pre-paint stops at the rows). Each launch is a
// warm start (a first launch left its rows in the cache), so there are rows for the keys to move
// over from the start, however late the server's answer (a loaded machine's first frame may come
// before it).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasTmux, startTmux, type TmuxSession } from '../helpers/tmux';
import { CLI, ROOT, setUpE2e } from '../helpers/e2eFixture';
import { SYNC_END } from '../../src/ui/layout/screen';
import { removeDir } from '../helpers/dirs';

const fx = setUpE2e('sitedeck-e2e-first-key-', { seed: 40 });
const FOOTER = /\? help/;
/** The selected row of the Websites list is record `id` (newest first: row 1 is 40). */
const selected = (id: number) => new RegExp(`›\\s*${id}\\s`);

/** A FIFO the launch's shell reads before it starts the deck: writing to it lets the deck start. */
function gate(cacheHome: string): { path: string; open: () => void } {
  const path = join(cacheHome, 'start-gate');
  execFileSync('mkfifo', [path]);
  // Blocks until the shell has the FIFO open for reading, then the shell starts the deck.
  return { path, open: () => writeFileSync(path, 'go\n') };
}

function launch(cacheHome: string, env: Record<string, string> = {}, held?: { path: string }): TmuxSession {
  const deck = ['node', CLI, '--base-url', fx.emulator.baseUrl, '--seo-base-url', fx.emulator.seoBaseUrl];
  fx.tmux = startTmux({
    recordFromStart: true,
    command: held ? ['sh', '-c', 'read -r _ < "$0"; exec "$@"', held.path, ...deck] : deck,
    env: { SITEDECK_API_KEY: fx.emulator.apiKey, SITEDECK_CONFIG_DIR: fx.configDir, XDG_CACHE_HOME: cacheHome, TERM: 'xterm-256color', ...env },
    cwd: ROOT,
    columns: 120,
    rows: 40,
  });
  return fx.tmux;
}

/** A cache home holding the first page of the Websites list, left by a launch that saw it and quit. */
async function warmCache(): Promise<string> {
  const home = mkdtempSync(join(tmpdir(), 'sitedeck-e2e-first-key-cache-'));
  const t = launch(home);
  await t.waitFor((s) => /1 Websites 40/.test(s) && selected(40).test(s), { what: 'the deck' });
  t.sendKeys('q');
  await t.waitFor('[exit 0]', { what: 'the deck to exit' });
  t.kill();
  fx.tmux = undefined;
  return home;
}

/** The deck's first live frame, as text: the first whole synchronized update with the footer (the terminal draws it at once). */
const firstLiveFrame = (t: TmuxSession) => t.output({ fromStart: true }).waitForUpdate((f) => FOOTER.test(f), { what: "the deck's first live frame" });

/** One more `j` moves the cursor to record `id` (no key lost, none read twice); `q` ends the deck, and its cache home goes. */
async function oneMoreThenQuit(t: TmuxSession, id: number, home: string): Promise<void> {
  t.sendKeys('j');
  await t.waitFor(selected(id), { what: `record ${id} selected` });
  t.sendKeys('q');
  await t.waitFor('[exit 0]');
  removeDir(home);
}

/** A warm start with `text` in the terminal's queue before the deck's process starts. */
async function typedBeforeStart(text: string): Promise<{ t: TmuxSession; home: string }> {
  const home = await warmCache();
  const start = gate(home);
  const t = launch(home, {}, start);
  t.sendText(text);
  start.open();
  return { t, home };
}

describe.skipIf(!hasTmux())('keys typed before the first frame (tmux)', () => {
  it('are all in the first live frame: three moves down show row 4 selected, not row 1', async () => {
    const { t, home } = await typedBeforeStart('jjj');
    const frame = await firstLiveFrame(t);
    expect(frame).toMatch(selected(37));
    // None lost, none read twice: one more key moves one more row.
    await oneMoreThenQuit(t, 36, home);
  });

  it('q typed before the first frame ends the deck, and the process with it', async () => {
    const { t, home } = await typedBeforeStart('q');
    await t.waitFor('[exit 0]', { what: 'the deck to exit' });
    removeDir(home);
  });

  it('an arrow key split across two writes is still one key, and a tab switch after it shows in that frame', async () => {
    // Without colour the shown tab is bracketed in the header: [2 Reports …].
    const home = await warmCache();
    const start = gate(home);
    const t = launch(home, { NO_COLOR: '1' }, start);
    t.sendBytes('\x1b[');
    t.sendBytes('B');
    t.sendText('j2');
    start.open();
    const frame = await firstLiveFrame(t);
    expect(frame).toMatch(/\[2 Reports/);
    // Back on Websites the cursor is where the arrow and `j` left it: row 3.
    t.sendKeys('1');
    await t.waitFor(/\[1 Websites/, { what: 'the Websites tab' });
    expect(await t.waitFor(selected(38), { what: 'row 3 selected' })).not.toMatch(/\[B/);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
    removeDir(home);
  });

  it('a key that changes the whole screen leaves nothing of the pre-paint: what the first update draws is all the screen shows', async () => {
    const { t, home } = await typedBeforeStart('?');
    const help = /Keys 1\/\d/;
    const update = await t.output({ fromStart: true }).waitForUpdate((f) => help.test(f), { what: 'the help in the first update' });
    // Everything written up to that update's end, shown by a terminal of the same size: a later
    // frame (the fresh rows, the spinner) would wipe what the first one left, so it is replayed alone.
    const raw = t.output({ fromStart: true }).raw();
    const firstEnd = raw.indexOf(SYNC_END, raw.search(/Keys 1\/\d/)) + SYNC_END.length;
    const replayed = join(home, 'replayed');
    writeFileSync(replayed, raw.slice(0, firstEnd));
    const replay = startTmux({ command: ['sh', '-c', 'stty -echo; cat "$0"; exec sleep 600', replayed], columns: 120, rows: 40 });
    try {
      const screen = await replay.waitFor(help, { what: 'the replayed help' });
      const lines = (text: string) => text.split('\n').map((l) => l.trimEnd());
      // The screen's rows are the update's rows, and nothing else (the rows below it blank).
      expect(lines(screen).slice(0, lines(update).length)).toEqual(lines(update));
      expect(lines(screen).slice(lines(update).length).join('')).toBe('');
    } finally {
      replay.kill();
    }
    t.sendKeys('?');
    await t.waitFor(FOOTER, { what: 'the help closed' });
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
    removeDir(home);
  });

  // The first render is one synchronous go: a key typed during it waits in the terminal's queue.
  // The deck is stopped there by its test hook (SITEDECK_TEST_PAUSE_AT), its first frame drawn but
  // held, and the keys are typed before it goes on: the held frame and the one with the keys go out
  // as one synchronized update, which the terminal draws whole (src/ui/start/holdFirstFrame.ts).
  const lastSelected = (frame: string) => [...frame.matchAll(/›\s*(\d+)\s/g)].at(-1)?.[1];

  it('typed while the first frame is drawn, are in it: the update it goes out in ends on their effect', async () => {
    const home = await warmCache();
    const go = join(home, 'go');
    const t = launch(home, { SITEDECK_TEST_PAUSE_AT: `first-frame@${go}` });
    await t.waitFor('sitedeck:paused:first-frame', { what: 'the deck stopped with its first frame drawn, not written' });
    t.sendText('jj');
    // The deck goes on once both bytes are in the terminal's queue (tmux writes them when it can).
    writeFileSync(go, '2');
    const frame = await firstLiveFrame(t);
    expect(lastSelected(frame)).toBe('38');
    // Row 1 only inside that update: no frame with the footer came out alone before it.
    expect(
      t
        .output({ fromStart: true })
        .frames()
        .find((f) => FOOTER.test(f)),
    ).toMatch(selected(38));
    await oneMoreThenQuit(t, 37, home);
  });

  it('with nothing typed while it was drawn, the first frame goes out as drawn, and q typed then ends the deck', async () => {
    const home = await warmCache();
    const go = join(home, 'go');
    const t = launch(home, { SITEDECK_TEST_PAUSE_AT: `first-frame@${go}` });
    await t.waitFor('sitedeck:paused:first-frame', { what: 'the deck stopped with its first frame drawn' });
    writeFileSync(go, '');
    expect(lastSelected(await firstLiveFrame(t))).toBe('40');
    t.kill();
    fx.tmux = undefined;
    const go2 = join(home, 'go2');
    const t2 = launch(home, { SITEDECK_TEST_PAUSE_AT: `first-frame@${go2}` });
    await t2.waitFor('sitedeck:paused:first-frame', { what: 'the deck stopped again' });
    t2.sendText('q');
    writeFileSync(go2, '1');
    await t2.waitFor('[exit 0]', { what: 'the deck to exit' });
    removeDir(home);
  });
});
