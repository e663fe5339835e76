// `sitedeck … list --view NAME`: a view saved in the profile's config file, used by the commands
// (saving and applying views in the deck: test/state/views.test.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

describe('sitedeck … list --view NAME', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await emulatorFixture({ seed: 30 });
    mkdirSync(fx.env.SITEDECK_CONFIG_DIR, { recursive: true, mode: 0o700 });
    writeFileSync(
      join(fx.env.SITEDECK_CONFIG_DIR, 'config.json'),
      JSON.stringify({
        profiles: { default: { views: { worst: { resource: 'reports', query: { result: 'bad', sort_by: 'result', sort: 'asc', per_page: 25 } } } } },
      }),
      { mode: 0o600 },
    );
  });
  afterAll(() => fx.cleanup());

  it('sends the view query; flags given win over it', async () => {
    fx.emulator.clearHits();
    const r = await runCommand(['reports', 'list', '--view', 'worst', '--sort', 'desc', '--json'], { env: fx.env });
    expect(r.code, r.stderr).toBe(0);
    expect(fx.emulator.hits.map((h) => h.query)).toEqual([{ result: 'bad', sort_by: 'result', sort: 'desc', per_page: '25' }]);
  });

  it('refuses an unknown view or one of the other resource, sending nothing', async () => {
    fx.emulator.clearHits();
    const unknown = await runCommand(['reports', 'list', '--view', 'best'], { env: fx.env });
    expect([unknown.code, unknown.stderr.trim()]).toEqual([2, 'sitedeck: no view "best" in profile "default" (views: worst)']);
    const other = await runCommand(['websites', 'list', '--view', 'worst'], { env: fx.env });
    expect([other.code, other.stderr.trim()]).toEqual([2, 'sitedeck: view "worst" is a view of reports: sitedeck reports list --view worst']);
    expect(fx.emulator.hits).toEqual([]);
  });
});
