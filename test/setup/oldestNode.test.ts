// The bundle on the oldest Node it says it runs on (22.13, package.json's engines): the state
// database (node:sqlite) opens there without a flag, and the experimental warning that Node prints
// when node:sqlite loads never reaches the user. Run with the registry's Node 22.13.0.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_REQUIRED } from '../../src/nodeRequired';
import { readAnalyses, databasePath, openStateDatabase } from '../../src/files/db';
import { CLI, startFixture, type Fixture } from '../commands/helpers';
import { registryNodeDir } from '../helpers/registryNode';

const OLDEST = `${NODE_REQUIRED.major}.${NODE_REQUIRED.minor}.0`;
let node: string;
let fx: Fixture;
beforeAll(async () => {
  const dir = registryNodeDir(OLDEST);
  if (!dir) throw new Error(`the npm registry has no node-${process.platform}-${process.arch}@${OLDEST}`);
  node = join(dir, 'node');
  fx = await startFixture({ seed: 13 });
}, 120_000);
afterAll(() => fx?.cleanup());

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(node, [CLI, ...args], { env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe(`the bundle on Node ${OLDEST}`, () => {
  it('keeps the pacer and the score history in the state database, and prints no warning of Node', async () => {
    const env = { ...fx.env, XDG_STATE_HOME: join(fx.configDir, 'state') };
    const r = await run(['reports', 'list', '--per-page', '10', '--json'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const listed = (JSON.parse(r.stdout) as { data: { id: number }[] }).data.map((x) => String(x.id));
    expect(listed).toHaveLength(10);
    const kept = readAnalyses(openStateDatabase(databasePath(env, 'default')), new URL(fx.emulator.seoBaseUrl).origin).map((a) => a.report_id);
    expect(kept.sort()).toEqual(listed.sort());
  });
});
