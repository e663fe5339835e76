// The bundled deck in a real terminal (tmux) against real Laravel: both tabs, an edit saved, a
// report re-run — what the hosts answer (strings on writes, a fresh score as computed, URLs
// without scheme) must read as it does on the emulator.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laravelRef, refSuiteTitle, startLaravelRef, type RunningRef } from '../helpers/laravelRef';
import { hasTmux, startTmux, type TmuxSession } from '../helpers/tmux';
import { removeDir } from '../helpers/dirs';

const ROOT = resolve(__dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const WEB = '/public/api/v1/websites';

describe.runIf(laravelRef().ok && hasTmux())(refSuiteTitle('the deck against real Laravel (tmux)'), () => {
  let ref: RunningRef;
  let dir: string;
  let tmux: TmuxSession | undefined;

  beforeAll(async () => {
    if (!existsSync(CLI)) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
    ref = await startLaravelRef({ throttle: '1000,1', seedWebsites: 30, seedReports: 30 });
    dir = mkdtempSync(join(tmpdir(), 'sitedeck-conform-deck-'));
  }, 120_000);
  afterAll(async () => {
    tmux?.kill();
    await ref?.stop();
    if (dir) removeDir(dir);
  });

  const website = async (id: number) =>
    (
      (await (await fetch(`${ref.baseUrl}${WEB}/${id}`, { headers: { Authorization: `Bearer ${ref.apiKey}`, Accept: 'application/json' } })).json()) as {
        data: Record<string, unknown>;
      }
    ).data;

  it('opens both tabs, saves an edit, re-runs a report', async () => {
    const newest = await website(30);
    tmux = startTmux({
      command: ['node', CLI, '--base-url', ref.baseUrl, '--seo-base-url', ref.seoBaseUrl],
      env: { SITEDECK_API_KEY: ref.apiKey, SITEDECK_CONFIG_DIR: join(dir, 'config'), XDG_STATE_HOME: join(dir, 'state'), TERM: 'xterm-256color' },
      cwd: ROOT,
      columns: 120,
      rows: 40,
    });
    const t = tmux;
    await t.waitFor((s) => /1 Websites 30 .*2 Reports/.test(s) && s.includes(String(newest.domain)), { what: 'the websites of the reference' });

    // Reports: the URLs as the host keeps them (no scheme), whole scores with their class.
    t.sendKeys('2');
    const reports = await t.waitFor((s) => /2 Reports 30/.test(s) && /[●◐○] +\d{1,3} (good|decent|bad)/.test(s), { what: 'the reports' });
    expect(reports).not.toMatch(/https?:\/\//);

    // Edit the newest website: switch e-mail reports; the host answers the field as the string sent.
    t.sendKeys('1');
    await t.waitFor(/DOMAIN/);
    t.sendKeys('e');
    await t.waitFor(`Edit website ${String(newest.domain)}`);
    t.sendKeys('Down', 'Right');
    const want = newest.email === 1 ? 'Disabled' : 'Enabled';
    // The focused choice is a picker: the field's row, then its options with the chosen one marked.
    await t.waitFor((s) => /› Email reports/.test(s) && new RegExp(`› ${want}\\s*$`, 'm').test(s), { what: `e-mail reports ${want}` });
    const saved = t.output();
    t.sendKeys('C-s');
    await saved.waitFor(`✓ saved ${String(newest.domain)}`);
    expect((await website(30)).email).toBe(newest.email === 1 ? 0 : 1);

    // Re-run the selected report: the host answers the score as computed; the deck shows it whole.
    t.sendKeys('2');
    await t.waitFor(/2 Reports 30/);
    const rerun = t.output();
    t.sendKeys('R');
    const done = await rerun.waitFor(/✓ re-ran .+: [●◐○] +\d{1,3} (good|decent|bad)/, { what: 'the re-run' });
    expect(done).not.toMatch(/re-ran .*\d\.\d/);

    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });
});
