// The lines of src that match a pattern, as `src/path:line` (comments left out): for tests that
// prove a rule holds everywhere (no literal key, no second wording, no switch over the kinds).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SRC = join(__dirname, '../../src');

export function srcLinesMatching(pattern: RegExp, opts: { under?: readonly string[]; except?: (path: string) => boolean } = {}): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(name) && !opts.except?.(p)) {
        readFileSync(p, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            const code = line.trim();
            if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return;
            if (pattern.test(line)) found.push(`${p.slice(p.indexOf('src/'))}:${i + 1}: ${code.slice(0, 120)}`);
          });
      }
    }
  };
  for (const dir of opts.under ?? ['.']) walk(join(SRC, dir));
  return found;
}
