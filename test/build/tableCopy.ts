// A copy of the sources with one row added to a table and nothing else changed: what the "a new …
// is one row" tests (newField, newSetting) load their modules from, and type-check a probe against.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';

const REPO = join(__dirname, '..', '..');

export interface TableCopy {
  /** The copy's root. */
  readonly dir: string;
  /** A module of the copy, by its path under the copy's root (`src/…`). */
  load<T>(path: string): Promise<T>;
  /** The type checker's output over `source` written as src/probe.ts of the copy ('' when it passes). */
  typeCheck(source: string): string;
  remove(): void;
}

/**
 * Copies src (and `extra` folders) with package.json, tsconfig.json and a link to node_modules, then
 * adds `row` to `table` (a path under src) right before `end`, the table's closing line.
 */
export function copyWithRow(opts: { name: string; table: string; end: string; row: string; extra?: readonly string[] }): TableCopy {
  const dir = mkdtempSync(join(tmpdir(), `sitedeck-${opts.name}-`));
  for (const d of ['src', ...(opts.extra ?? [])]) cpSync(join(REPO, d), join(dir, d), { recursive: true });
  for (const f of ['package.json', 'tsconfig.json']) cpSync(join(REPO, f), join(dir, f));
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const table = join(dir, 'src', opts.table);
  const text = readFileSync(table, 'utf8');
  const at = text.indexOf(opts.end);
  expect(at, `${opts.end} in ${opts.table}`).toBeGreaterThan(0);
  writeFileSync(table, text.slice(0, at) + opts.row + text.slice(at));
  const tsc = join(REPO, 'node_modules', 'typescript-native', 'bin', 'tsc');
  return {
    dir,
    load: (path) => import(join(dir, path)),
    typeCheck(source) {
      writeFileSync(join(dir, 'src', 'probe.ts'), source);
      writeFileSync(join(dir, 'tsconfig.probe.json'), JSON.stringify({ extends: './tsconfig.json', include: ['src/probe.ts'] }));
      try {
        return execFileSync(process.execPath, [tsc, '--noEmit', '-p', join(dir, 'tsconfig.probe.json')], { encoding: 'utf8' });
      } catch (e) {
        return String((e as { stdout?: string }).stdout);
      }
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
