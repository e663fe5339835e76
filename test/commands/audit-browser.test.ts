// The audit's HTML as a reader sees it, in headless Chromium (Debian's package, driven by
// playwright-core; never a downloaded browser): the title, the checks in importance order, a
// page's own reason, light and dark, print to PDF, and not one request beyond the file itself. The
// audit is written by the command in-process; the browser makes this file slow, so it is not in ./in-process.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORTANCE_ORDER, type AuditCheck } from '../../src/domain';
import { emulatorFixture, type Fixture } from './helpers';
import { runCommand } from './inProcess';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const N = 150;
const HOSTILE = 'https://evil.example/<script>document.title="pwned"</script><img src="http://127.0.0.1:9/x.png">';

describe.skipIf(!existsSync(CHROMIUM))(`the audit's HTML in Chromium (skipped without ${CHROMIUM}: apt-get install chromium)`, () => {
  let fx: Fixture;
  let browser: Browser;
  let file: string;
  let checks: Omit<AuditCheck, 'examples'>[];

  beforeAll(async () => {
    fx = await emulatorFixture({ seed: N });
    fx.emulator.insertRaw('reports', { url: HOSTILE, project: 'evil.example', result: 5, privacy: 0 });
    file = join(mkdtempSync(join(tmpdir(), 'sitedeck-audit-html-')), 'audit.html');
    const html = await runCommand(['reports', 'audit', '--output', file], { env: fx.env });
    expect(html.code, html.stderr).toBe(0);
    checks = (JSON.parse((await runCommand(['reports', 'audit', '--format', 'json'], { env: fx.env })).stdout) as { data: { checks: typeof checks } }).data
      .checks;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await fx?.cleanup();
  });

  it('shows the title, the checks in importance order, each page’s reason; loads nothing but itself; prints to PDF', async () => {
    const context = await browser.newContext();
    const requests: string[] = [];
    context.on('request', (r) => requests.push(r.url()));
    // Anything but the file itself is refused (and counted above).
    await context.route('**/*', (route) => (route.request().url() === pathToFileURL(file).href ? route.continue() : route.abort()));
    const page = await context.newPage();
    await page.goto(pathToFileURL(file).href);

    expect(await page.title()).toBe('SEO audit: all reports');
    expect(await page.locator('h1').innerText()).toBe('SEO audit: all reports');
    const imps = await page.locator('#checks tbody tr td:first-child').allInnerTexts();
    expect(imps).toHaveLength(checks.length);
    const rank = (t: string) => [...IMPORTANCE_ORDER, 'unknown'].indexOf(t.split(' ')[1]);
    expect(imps.map(rank)).toEqual([...imps.map(rank)].sort((a, b) => a - b));
    expect(imps[0]).toBe('▲ high');
    const labels = await page.locator('#checks tbody tr td:nth-child(2)').allInnerTexts();
    expect(labels).toEqual(checks.map((c) => c.label));

    // The title check's section: its first (lowest scoring) page and that page's own reason.
    const i = checks.findIndex((c) => c.name === 'title');
    const first = page.locator(`#check-${i + 1} table.pages tbody tr`).first();
    const cells = await first.locator('td').allInnerTexts();
    expect(cells[0]).toBe(checks[i].pages[0].url);
    expect(cells[2]).toBe(checks[i].pages[0].reason);
    expect(cells[2]).toMatch(/too long: \d+ characters \(max 60\)/);

    // The hostile URL is text: no script ran, no image was asked for.
    expect(await page.getByText('<script>document.title="pwned"</script>', { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => [document.scripts.length, document.images.length])).toEqual([0, 0]);
    expect(await page.title()).toBe('SEO audit: all reports');

    // Light and dark follow the reader's setting; print is black on white.
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: 'light' });
    const light = await bg();
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await bg();
    expect(light).toBe('rgb(255, 255, 255)');
    expect(dark).not.toBe(light);
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    expect(await bg()).toBe('rgb(255, 255, 255)');

    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(10_000);

    expect(requests).toEqual([pathToFileURL(file).href]);
    await context.close();
  });
});
