// The bundled deck in screen-reader mode, in a real terminal (tmux), through three jobs: find a
// website and open it; edit its privacy and save; review a report's failed checks and the Projects
// tab. What it says is asserted line by line, and the bytes it writes hold no drawing, no spinner
// frame, no alternate screen, no mouse or colour request, and no cursor-up or erase.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { PRIVACY } from '../../src/domain';
import { GLYPHS } from '../../src/ui/words/glyphs';
import { KEYMAP } from '../../src/ui/keys/keymap';
import { CLI, ROOT, setUpE2e } from '../helpers/e2eFixture';
import { startTmux, type PaneOutput, type TmuxSession } from '../helpers/tmux';

const fx = setUpE2e('sitedeck-e2e-sr-', { seed: 24 });

/** Box drawing, blocks and bars, sparklines, score and mark glyphs, the selection marker, the text cursor. */
const DRAWING = /[\u2500-\u259f\u25a0-\u25ff›▏│─]/u;
const SPINNER = new RegExp(`[${GLYPHS.spinner.join('')}]`, 'u');

function openDeck(how: 'flag' | 'ink-env'): TmuxSession {
  fx.tmux = startTmux({
    command: ['node', CLI, '--base-url', fx.emulator.baseUrl, '--seo-base-url', fx.emulator.seoBaseUrl, ...(how === 'flag' ? ['--screen-reader'] : [])],
    env: {
      SITEDECK_API_KEY: fx.emulator.apiKey,
      SITEDECK_CONFIG_DIR: fx.configDir,
      TERM: 'xterm-256color',
      COLORTERM: 'truecolor',
      ...(how === 'ink-env' ? { INK_SCREEN_READER: 'true' } : {}),
    },
    cwd: ROOT,
    columns: 200,
    rows: 40,
    recordFromStart: true,
  });
  return fx.tmux;
}

/**
 * What was said, with the breaks Ink's screen-reader output makes to fit a long line to the terminal
 * (at a space, which it keeps) joined again.
 */
const spoken = (text: string) => text.replace(/ \n/g, ' ');

/** Waits until `what` has been said since `out` began. */
const hear = (out: PaneOutput, what: string | RegExp) =>
  out.waitFor((t) => (typeof what === 'string' ? spoken(t).includes(what) : what.test(spoken(t))), { what: `"${String(what)}" said` });

/** What a screen reader was given: the bytes hold no drawing, spinner or screen switching. */
function expectPlainBytes(raw: string, text: string) {
  expect(raw).not.toContain('\x1b[?1049h'); // alternate screen
  expect(raw).not.toContain('\x1b[?1000h'); // mouse reports
  expect(raw).not.toContain('\x1b]11;?'); // background colour query
  expect(raw).not.toContain('\x1b[?25l'); // cursor hidden
  // Append-only: nothing said is moved over or erased, so a reader says each line once.
  expect(raw).not.toMatch(/\x1b\[\d*A/); // cursor up
  expect(raw).not.toMatch(/\x1b\[\d*[KJ]/); // erase in line, in display
  expect(text).not.toMatch(DRAWING);
  expect(raw).not.toMatch(SPINNER);
}

const puts = () => fx.emulator.hits.filter((h) => h.method === 'PUT' || h.method === 'PATCH');

describe('screen-reader mode in tmux', () => {
  it('finds a website and opens it, edits its privacy and saves, with every line spoken', async () => {
    const all = fx.emulator.websites();
    // A public website whose domain is no other's part: the search finds it alone.
    const site = all.find((w) => w.privacy === 0 && all.filter((o) => String(o.domain).includes(String(w.domain))).length === 1)!;
    const domain = String(site.domain);
    const label = (v: number) => PRIVACY.find((c) => c.value === v)!.label;
    const t = openDeck('flag');
    const all$ = t.output({ fromStart: true });
    // Where you are when the deck opens, then what the first page brings, as it comes.
    await hear(all$, /Websites, tab 1 of 3, (.*, )?sorted by id descending/);
    await hear(all$, new RegExp(`${all.length} websites, page 1 of \\d+`));
    await hear(all$, /\(selected\) \S+, 1 of \d+, privacy \w+, email reports \w+, exclude bots \w+/);

    // The help: a plain list of the keymap's bindings, the list's first, to its end.
    let out = t.output();
    t.sendKeys('?');
    const quit = KEYMAP.find((b) => b.id === 'quit')!;
    await hear(out, `${quit.label}: ${quit.description}`);
    expect(out.text()).toContain('Here: the Websites list:');
    await hear(out, 'End of the keys');
    out = t.output();
    t.sendKeys('Escape');
    await hear(out, 'keys: ? help');

    out = t.output();
    t.sendKeys('/');
    await hear(out, 'search ""');
    out = t.output();
    t.sendText(domain);
    // What was typed is said (a letter, or a paste in quotes), the search's line not again at each one.
    await hear(out, new RegExp(`(^|\\n)("${domain.replace(/\./g, '\\.')}"|${Array.from(domain).at(-1)!.replace('.', '\\.')})\\n`));
    await hear(out, `(selected) ${domain}, 1 of 1, privacy ${label(0)}`);
    t.sendKeys('Enter');
    out = t.output();
    t.sendKeys('Enter');
    await hear(out, `Detail of ${domain}, id ${site.id}, created `);
    await hear(out, `Privacy: ${label(0)}`);

    out = t.output();
    t.sendKeys('e');
    await hear(out, `Edit website ${domain}, id ${site.id}`);
    await hear(out, `(selected) Privacy: ${label(0)}, choice 1 of ${PRIVACY.length}`);
    await hear(out, 'hint: Who can see the statistics page');
    out = t.output();
    t.sendKeys('Right');
    await hear(out, `(selected) Privacy: ${label(1)}, choice 2 of ${PRIVACY.length}`);
    expect(spoken(out.text())).toContain(`Edit website ${domain}, id ${site.id}, unsaved edits`);
    const before = puts().length;
    out = t.output();
    t.sendKeys('C-s');
    await hear(out, `saved ${domain}`);
    expect(puts().length - before).toBe(1);
    expect(fx.emulator.websites().find((w) => w.id === site.id)!.privacy).toBe(1);

    out = t.output();
    t.sendKeys('Escape');
    await hear(out, 'keys: ? help');
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
    expectPlainBytes(all$.raw(), all$.text());
  });

  it("reviews a report's failed checks and the Projects tab (INK_SCREEN_READER=true turns the mode on)", async () => {
    const reports = fx.emulator.reports();
    // The newest report as the real client reads it (its checks are computed when served).
    const client = createClient({ baseUrl: fx.emulator.baseUrl, seoBaseUrl: fx.emulator.seoBaseUrl, apiKey: fx.emulator.apiKey, retries: 0 });
    const newest = await client.reports.get(Math.max(...reports.map((r) => Number(r.id))));
    const failed = newest.checks.filter((c) => !c.passed).length;
    expect(failed).toBeGreaterThan(0);
    const projects = new Set(reports.map((r) => String(r.project ?? ''))).size;
    const t = openDeck('ink-env');
    const all$ = t.output({ fromStart: true });
    await hear(all$, 'Websites, tab 1 of 3');

    let out = t.output();
    t.sendKeys('2');
    await hear(out, /Reports, tab 2 of 3, (.*, )?sorted by id descending/);
    await hear(out, new RegExp(`${reports.length} reports, page 1 of \\d+`));
    await hear(out, /results: \d+ good, \d+ decent, \d+ bad/);
    await hear(out, new RegExp(`\\(selected\\) \\S+, 1 of ${reports.length}, project \\S+, score ${newest.result}, (good|decent|bad), generated `));
    out = t.output();
    t.sendKeys('Enter');
    await hear(out, `Passed checks: ${newest.checks.length - failed}`);
    const said = spoken(out.text());
    expect(said).toContain(`Detail of ${newest.url}, id ${newest.id}`);
    expect(said).toMatch(new RegExp(`Score: ${newest.result}, (good|decent|bad)`));
    expect(said).toContain(`Failed checks: ${failed}`);
    // Each failed check on a line of its own: its name, importance and reason in words.
    const lastFrame = said.slice(said.lastIndexOf('Detail of'));
    expect(lastFrame.split('\n').filter((l) => /^failed: [^,]+, (high|medium|low) importance/.test(l))).toHaveLength(failed);

    out = t.output();
    t.sendKeys('Escape');
    await hear(out, 'keys: ');
    out = t.output();
    t.sendKeys('3');
    await hear(out, 'Projects, tab 3 of 3');
    await hear(out, `${projects} projects from ${reports.length} reports`);
    await hear(
      out,
      new RegExp(
        `\\(selected\\) \\S+, \\d of ${projects}, \\d+ reports?, average score \\d+, (good|decent|bad), ` +
          `lowest \\d+, highest \\d+, \\d+ good, \\d+ decent, \\d+ bad`,
      ),
    );
    out = t.output();
    t.sendKeys('j');
    // j says the new selection (once the read settles the cursor may stand on any row).
    await hear(out, new RegExp(`\\(selected\\) \\S+, \\d of ${projects}, `));

    t.sendKeys('q');
    await t.waitFor('[exit 0]');
    expectPlainBytes(all$.raw(), all$.text());
  });
});
