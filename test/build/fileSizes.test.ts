// Small files with one job: no file of src over 600 lines, none of src/state over 300 (a slice that
// outgrows it is split by job, as src/state/list and src/state/marks are). Every file is counted, so
// a new one is held to the limit by being added; the failure names each file, its lines and its limit.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CODE = /\.(ts|tsx|mjs|cjs|js)$/;

/** Lines a file may hold, by the folder it is in: the first prefix that matches. */
const LIMITS: readonly { under: string; lines: number }[] = [
  { under: 'src/state/', lines: 300 },
  { under: 'src/', lines: 600 },
];

function codeFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) codeFiles(p, out);
    else if (CODE.test(name)) out.push(p);
  }
  return out;
}

/** Lines as an editor numbers them (a final newline starts no line). */
const linesOf = (text: string) => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

const limitOf = (path: string) => LIMITS.find((l) => path.startsWith(l.under))!.lines;

describe('file sizes', () => {
  const files = codeFiles(join(ROOT, 'src')).map((p) => relative(ROOT, p).split('\\').join('/'));

  it('finds the files it measures, under both limits', () => {
    expect(files.filter((f) => limitOf(f) === 300).length).toBeGreaterThan(20);
    expect(files.filter((f) => limitOf(f) === 600).length).toBeGreaterThan(100);
  });

  it('counts lines as wc -l does for a file ending in a newline, and the last line of one that does not', () => {
    expect(linesOf('a\nb\n')).toBe(2);
    expect(linesOf('a\nb')).toBe(2);
    expect(linesOf('')).toBe(0);
  });

  it('has no file of src over 600 lines and none of src/state over 300', () => {
    const over = files
      .map((f) => ({ f, lines: linesOf(readFileSync(join(ROOT, f), 'utf8')), limit: limitOf(f) }))
      .filter((x) => x.lines > x.limit)
      .map((x) => `${x.f}: ${x.lines} lines (the limit there is ${x.limit}; split it by job)`);
    expect(over).toEqual([]);
  });
});
