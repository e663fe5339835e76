// `--demo` works for every face: a command runs on the built-in emulator's sample data, says so on
// stderr, and never reads the configured hosts or key (nothing reaches the profile's host). In-process
// (the deck's --demo on a terminal: ../../bundle/terminal.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 7 });
});
afterAll(() => fx.cleanup());

describe('--demo for the commands', () => {
  it('with a configured profile, reads and writes the demo data only; the profile’s host gets nothing', async () => {
    // The profile, both through the environment and in the config file, points at the fixture.
    expect((await runCommand(['config', 'set', 'base_url', fx.emulator.baseUrl], { env: fx.env })).code).toBe(0);
    fx.emulator.clearHits();
    const list = await runCommand(['--demo', 'websites', 'list', '--json'], { env: fx.env });
    expect(list.code, list.stderr).toBe(0);
    expect((JSON.parse(list.stdout) as { meta: { total: number } }).meta.total).toBe(60);
    expect(list.stderr).toContain('sitedeck: demo: the built-in emulator with sample data');
    const del = await runCommand(['websites', 'delete', '60', '--yes', '--demo'], { env: fx.env });
    expect(del.code, del.stderr).toBe(0);
    const report = await runCommand(['--demo', 'reports', 'get', '5'], { env: fx.env });
    expect(report.stdout).toMatch(/^Score\t\d+ (good|decent|bad)$/m);
    expect(fx.emulator.hits).toEqual([]);
    expect(fx.emulator.websites()).toHaveLength(7);
  });

  it('with no configuration at all, still runs (no "missing the base URL")', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitedeck-demo-'));
    try {
      const r = await runCommand(['--demo', 'reports', 'list', '--result', 'bad', '--json'], { env: { HOME: dir, SITEDECK_CONFIG_DIR: join(dir, 'sd') } });
      expect(r.code, r.stderr).toBe(0);
      const data = (JSON.parse(r.stdout) as { data: { result_class: string }[] }).data;
      expect(data.length).toBeGreaterThan(0);
      expect(data.every((x) => x.result_class === 'bad')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
