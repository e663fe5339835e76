// Facts written once: an exit code only in the EXIT table (src/domain/exitCodes.ts), a flag's
// spelling of a domain name only in kebab()/flagOf() (src/commands/flags.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/domain/exitCodes';
import { SIGNAL_CODES } from '../../src/ui/start/signals';

const SRC = join(__dirname, '..', '..', 'src');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) ? [p] : [];
  });
const sources = files(SRC).map((p) => ({ path: relative(SRC, p), text: readFileSync(p, 'utf8') }));
const hits = (re: RegExp, except: string) =>
  sources
    .filter((f) => f.path !== except)
    .flatMap((f) => f.text.split('\n').flatMap((line, i) => (re.test(line) ? [`src/${f.path}:${i + 1}: ${line.trim()}`] : [])));

describe('facts written once', () => {
  it('an exit code is a name in the EXIT table, never a number where sitedeck exits', () => {
    // exit(130), exitCode = 2, `?? 0` after process.exitCode, "exits 6" in words.
    const literal = /\bexit(Code)?\s*(\(|=)\s*[^)]*?\b\d+\b|exitCode \?\? \d|\bexits? \d+\b|\?\s*\d+\s*:\s*\d+\s*,\s*SETUP_LEFT/;
    expect(hits(literal, 'domain/exitCodes.ts').filter((l) => !/code === 0|code !== 0|exit \$\{code\}|e\.exitCode ===/.test(l))).toEqual([]);
  });

  it('the signals that end the deck exit with codes of the table', () => {
    expect(SIGNAL_CODES).toEqual({ SIGINT: EXIT.interrupted, SIGTERM: EXIT.terminated, SIGHUP: EXIT.hungUp });
  });

  it('a domain name becomes a flag only through kebab() (src/commands/flags.ts)', () => {
    expect(hits(/replace\(\/_\/g, *'-'\)/, 'commands/flags.ts')).toEqual([]);
  });
});
