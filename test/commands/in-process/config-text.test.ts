// config.json as people edit it, through every `sitedeck config` subcommand (the list read from the
// program: a new subcommand fails here until it has its row). A file that begins with a byte-order
// mark (Windows editors) is read, and a rewrite keeps the mark and what it does not know; a file
// nested past the limit is refused in words naming it and the limit, exit 2, and left as it was.
// The file's reader itself: test/config/config.test.ts; the deck's start: test/bundle/config-text.test.ts.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/commands/exitCodes';
import { defineCommands } from '../../../src/commands/program';
import { rootProgram } from '../../../src/commands/root';
import { MAX_CONFIG_DEPTH } from '../../../src/config/configText';
import { runCommand } from '../inProcess';

const BOM = '\uFEFF';
const KEY = 'sd_live_0123456789abcdefWXYZ';
const WRITTEN = {
  current: 'work',
  profiles: { work: { base_url: 'https://a.example', theme: 'dark' } },
  keys: { list: { quit: 'x' } },
  mine: [1, 2],
};

interface Row {
  args: string[];
  input?: string;
  /** What the subcommand says of the file with a byte-order mark (it exits 0). */
  reads: (out: { stdout: string; stderr: string }, path: string) => void;
  /** What it changes in the file: the rest is kept as written. */
  writes?: (file: typeof WRITTEN) => object;
}

const work = (file: typeof WRITTEN, profile: Record<string, string>): object => ({ ...file, profiles: { work: profile } });

const ROWS: Record<string, Row> = {
  path: { args: ['path'], reads: ({ stdout }, path) => expect(stdout).toBe(path + '\n') },
  show: { args: ['show'], reads: ({ stdout }) => expect(stdout).toMatch(/^profile\s+work\n.*^theme\s+dark \(config file\)$/ms) },
  get: { args: ['get', 'base_url'], reads: ({ stdout }) => expect(stdout).toBe('https://a.example\n') },
  set: {
    args: ['set', 'theme', 'light'],
    reads: ({ stderr }) => expect(stderr).toMatch(/^Set theme of profile "work"/),
    writes: (f) => work(f, { base_url: 'https://a.example', theme: 'light' }),
  },
  unset: {
    args: ['unset', 'theme'],
    reads: ({ stderr }) => expect(stderr).toMatch(/^Unset theme of profile "work"/),
    writes: (f) => work(f, { base_url: 'https://a.example' }),
  },
  'set-key': {
    args: ['set-key'],
    input: `${KEY}\n`,
    reads: ({ stderr }) => expect(stderr).toContain('••••WXYZ'),
    writes: (f) => work(f, { base_url: 'https://a.example', theme: 'dark', api_key: KEY }),
  },
  profiles: { args: ['profiles'], reads: ({ stdout }) => expect(stdout).toMatch(/^\* work\thttps:\/\/a\.example/) },
  keys: { args: ['keys'], reads: ({ stdout }) => expect(stdout).toMatch(/^\* quit\s+x\s/m) },
  use: { args: ['use', 'work'], reads: ({ stderr }) => expect(stderr).toMatch(/^Now using profile "work"/), writes: (f) => f },
};

let root: string;
let dir: string;
let path: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sitedeck-config-text-'));
  dir = join(root, 'sd');
  mkdirSync(dir, { mode: 0o700 });
  path = join(dir, 'config.json');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const run = (row: Row) => runCommand(['config', ...row.args], { env: { HOME: root, SITEDECK_CONFIG_DIR: dir }, input: row.input });

describe('every config subcommand and config.json as people edit it', () => {
  it('the table has a row for every subcommand of `sitedeck config`', () => {
    const program = rootProgram(async () => {});
    defineCommands(program);
    const config = program.commands.find((c) => c.name() === 'config');
    expect(Object.keys(ROWS).sort()).toEqual(config!.commands.map((c) => c.name()).sort());
  });

  it.each(Object.keys(ROWS))('config %s reads a file that begins with a byte-order mark; a rewrite keeps the mark and all it does not know', async (name) => {
    const row = ROWS[name];
    const text = BOM + JSON.stringify(WRITTEN, null, 2) + '\n';
    writeFileSync(path, text, { mode: 0o600 });
    const r = await run(row);
    expect(r.code, r.stderr).toBe(EXIT.ok);
    row.reads(r, path);
    const after = readFileSync(path, 'utf8');
    if (!row.writes) return expect(after).toBe(text);
    expect(after.startsWith(BOM) && !after.startsWith(BOM + BOM)).toBe(true);
    expect(JSON.parse(after.slice(BOM.length))).toEqual(row.writes(WRITTEN));
  });

  /** A file `levels` deep inside a profile's views: objects or arrays. */
  const NESTED = {
    objects: (levels: number) => `{"profiles": {"work": {"views": ${'{"a": '.repeat(levels)}1${'}'.repeat(levels)}}}}`,
    arrays: (levels: number) => `{"current": "work", "profiles": {"work": {"views": {"v": ${'['.repeat(levels)}${']'.repeat(levels)}}}}}`,
  };

  it.each(Object.keys(ROWS))(`config %s refuses a file nested past ${MAX_CONFIG_DEPTH} levels in words, exit 2, and leaves it as it was`, async (name) => {
    for (const [kind, nested] of Object.entries(NESTED)) {
      for (const levels of [MAX_CONFIG_DEPTH, 100_000]) {
        const text = nested(levels);
        writeFileSync(path, text, { mode: 0o600 });
        const r = await run(ROWS[name]);
        expect(r.code, `${kind} ${levels}: ${r.stderr}`).toBe(EXIT.usage);
        expect(r.stderr, `${kind} ${levels}`).toMatch(
          new RegExp(
            `^sitedeck: ${path} nests \\{ and \\[ more than ${MAX_CONFIG_DEPTH} levels deep \\(at character \\d+; config\\.json is a few levels deep\\); ` +
              `fix or remove it\\n$`,
          ),
        );
        // Where the file is stays said: it is what to fix.
        expect(r.stdout).toBe(name === 'path' ? path + '\n' : '');
        expect(readFileSync(path, 'utf8')).toBe(text);
      }
    }
  });
});
