// `reports audit --output` writes only a regular file, whole, through an exclusive temporary file
// that is never a symlink; the format follows the name's extension from one table, and a --format
// that says otherwise is refused. A real process on the emulator, in a temporary directory (the
// rest, in-process: ../commands/in-process/audit-output.test.ts).
import { lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/commands/exitCodes';
import { startCli, startFixture, type Fixture } from '../commands/helpers';

let fx: Fixture;
let dir: string;
const args = ['reports', 'audit', '--project', 'out.example'];

beforeAll(async () => {
  fx = await startFixture({ seed: 0 });
  fx.emulator.insertRaw('reports', {
    url: 'out.example/a',
    project: 'out.example',
    result: 40,
    privacy: 0,
    results: { title: { passed: false, importance: 'high' } },
  });
});
afterAll(() => fx.cleanup());
beforeEach(() => {
  fx.emulator.clearHits();
  dir = mkdtempSync(join(tmpdir(), 'sitedeck-output-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('reports audit --output', () => {
  // bundle: the temporary file is named by the writing process's id, planted before that process answers
  it('never writes through a symlink planted at its temporary file’s name: the link’s target is untouched', async () => {
    const file = join(dir, 'audit.xml');
    writeFileSync(file, 'the old audit\n');
    const { child, result } = startCli([...args, '--output', file], { env: fx.env });
    // Planted before this process answers a single request (the command cannot write before that),
    // at every name the temporary file can have: `<file>.<pid>.tmp` and `<file>.<pid>.<n>.tmp`.
    const victims: string[] = [];
    for (const name of [`${file}.${child.pid}.tmp`, ...Array.from({ length: 50 }, (_, i) => `${file}.${child.pid}.${i + 1}.tmp`)]) {
      const victim = join(dir, `victim-${victims.length}`);
      writeFileSync(victim, 'precious\n');
      symlinkSync(victim, name);
      victims.push(victim);
    }
    const r = await result;
    for (const v of victims) expect(readFileSync(v, 'utf8'), v).toBe('precious\n');
    // The name in the way is said; the output is as it was, a regular file.
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(
      new RegExp(
        `^sitedeck: could not write ${file}: ${file}\\.${child.pid}\\.\\d+\\.tmp is already there ` +
          `\\(sitedeck did not make it, and never writes through a file or link it did not create\\)\\n$`,
      ),
    );
    expect(lstatSync(file).isFile()).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('the old audit\n');
  });
});
