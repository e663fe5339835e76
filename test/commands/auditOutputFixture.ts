// What both halves of the `reports audit --output` tests stand on (in-process:
// ./in-process/audit-output.test.ts; a real process: ../bundle/audit-output.test.ts): an emulator
// with one report failing a high check, and a temporary directory of its own for each test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Fixture } from './helpers';

/** The audit every test writes: the one project the fixture holds. */
export const AUDIT_ARGS = ['reports', 'audit', '--project', 'out.example'];

/**
 * Registers the hooks: `start` (the in-process emulator, or the bundle's fixture that builds it
 * first) before the file, a fresh directory and no hits before each test. Read `fx` and `dir` inside tests.
 */
export function auditOutputFixture(start: (opts: { seed: number }) => Promise<Fixture>): { readonly fx: Fixture; readonly dir: string } {
  let fx: Fixture | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    fx = await start({ seed: 0 });
    fx.emulator.insertRaw('reports', {
      url: 'out.example/a',
      project: 'out.example',
      result: 40,
      privacy: 0,
      results: { title: { passed: false, importance: 'high' } },
    });
  });
  afterAll(() => fx?.cleanup());
  beforeEach(() => {
    fx!.emulator.clearHits();
    dir = mkdtempSync(join(tmpdir(), 'sitedeck-output-'));
  });
  afterEach(() => rmSync(dir!, { recursive: true, force: true }));
  return {
    get fx() {
      return fx!;
    },
    get dir() {
      return dir!;
    },
  };
}
