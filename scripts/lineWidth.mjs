// Lines longer than the formatter's printWidth (.oxfmtrc.jsonc) in the code it formats: the formatter
// breaks code, not strings, comments or expressions, so a long one stays long unless a person splits
// it. Part of `npm run lint`; prints each line over and exits 1 when there is one.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CODE = /\.(ts|tsx|mjs|cjs|js)$/;
/** Test fixtures keep their bytes (the formatter's ignorePatterns). */
const IGNORED = /^test\/fixtures\//;

/** `{ file, line, length }` for each line over `width` in the tracked (and new, not ignored) code files. */
export function linesOver(width, root = ROOT) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => CODE.test(f) && !IGNORED.test(f))
    .sort();
  const over = [];
  for (const file of files) {
    let text;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue; // deleted in the working tree
    }
    text.split('\n').forEach((l, i) => {
      if ([...l].length > width) over.push({ file, line: i + 1, length: [...l].length });
    });
  }
  return over;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // JSONC: its comments are whole lines starting with //.
  const config = readFileSync(join(ROOT, '.oxfmtrc.jsonc'), 'utf8');
  const width = Number(/"printWidth":\s*(\d+)/.exec(config)?.[1]);
  if (!width) throw new Error('lineWidth: no printWidth in .oxfmtrc.jsonc');
  const over = linesOver(width);
  for (const o of over) process.stdout.write(`${o.file}:${o.line}: ${o.length} columns (at most ${width})\n`);
  if (over.length) {
    process.stdout.write(`${over.length} line(s) over ${width} columns: split the string or comment (the formatter does not)\n`);
    process.exitCode = 1;
  }
}
