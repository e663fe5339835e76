// Several sitedeck processes changing one state file at once keep every change: the bundle started
// concurrently on one config file, and on one state database's score history (writers killed mid-update, and the
// deck's files: ../robust/state-files.test.ts).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, startFixture, type Fixture } from '../commands/helpers';
import { removeDir } from '../helpers/dirs';
import { databasePath, openStateDatabase, readAnalyses } from '../../src/files/db';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sitedeck-state-'));
});
afterEach(() => removeDir(root));

const leftovers = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.lock') || n.endsWith('.tmp') || n.endsWith('.break'));

describe('processes racing on one state file', () => {
  // bundle: twelve real processes race on one file: its lock is between processes
  it('12 `config set` on different profiles at once: all 12 kept', async () => {
    const env = { HOME: root, SITEDECK_CONFIG_DIR: join(root, 'sd') };
    const runs = await Promise.all(
      Array.from({ length: 12 }, (_, i) => runCli(['--profile', `p${i}`, 'config', 'set', 'base_url', `https://h${i}.example`], { env })),
    );
    runs.forEach((r) => expect(r.code, r.stderr).toBe(0));
    const file = JSON.parse(readFileSync(join(root, 'sd', 'config.json'), 'utf8')) as { profiles: Record<string, { base_url: string }> };
    expect(Object.fromEntries(Object.entries(file.profiles).map(([k, p]) => [k, p.base_url]))).toEqual(
      Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`p${i}`, `https://h${i}.example`])),
    );
    expect(leftovers(join(root, 'sd'))).toEqual([]);
  });
});

describe('score history: two `reports list` page reads at once', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await startFixture({ seed: 200 });
  });
  afterAll(() => fx.cleanup());

  // bundle: two real processes write one state database: its transactions are between processes
  it('page 1 and page 2 of 200 reports read at once: all 200 kept', async () => {
    const env = { ...fx.env, XDG_STATE_HOME: join(fx.configDir, 'state') };
    const [a, b] = await Promise.all(['1', '2'].map((p) => runCli(['reports', 'list', '--page', p, '--per-page', '100', '--json'], { env })));
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    const db = openStateDatabase(databasePath(env, 'default'));
    const ids = [...new Set(readAnalyses(db, new URL(fx.emulator.seoBaseUrl).origin).map((r) => r.report_id))];
    const listed = [a, b].flatMap((r) => (JSON.parse(r.stdout) as { data: { id: number }[] }).data.map((x) => String(x.id)));
    expect(listed).toHaveLength(200);
    expect(ids.sort()).toEqual(listed.sort());
  });
});
