// The lint's line-width check: lines longer than the width in the code files git knows (new ones
// too), counted in characters, test fixtures left as they are.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
// @ts-expect-error: a lint script, plain JavaScript
import { linesOver } from '../../scripts/lineWidth.mjs';

const dir = mkdtempSync(join(tmpdir(), 'sitedeck-line-width-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('names each code line over the width, by file and line, and nothing else', () => {
  execFileSync('git', ['init', '-q'], { cwd: dir });
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'test', 'fixtures'), { recursive: true });
  writeFileSync(join(dir, 'src', 'a.ts'), `short\n${'x'.repeat(11)}\n${'é'.repeat(10)}\n`);
  writeFileSync(join(dir, 'src', 'b.mjs'), `${'y'.repeat(12)}\n`);
  writeFileSync(join(dir, 'notes.md'), `${'z'.repeat(40)}\n`);
  writeFileSync(join(dir, 'test', 'fixtures', 'c.ts'), `${'w'.repeat(40)}\n`);
  execFileSync('git', ['add', 'src/a.ts'], { cwd: dir });
  expect(linesOver(10, dir)).toEqual([
    { file: 'src/a.ts', line: 2, length: 11 },
    { file: 'src/b.mjs', line: 1, length: 12 },
  ]);
});
