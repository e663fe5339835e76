// A new setting is one row of the settings table. In a copy of the sources with one row added to
// src/config/settings.ts and nothing else changed, the new setting is resolved (flag > environment >
// config file > default) into the typed config object under its key and unit, is taken by
// `config set/get/show/unset`, has its global flag, and has its row in docs/configuration.md with
// the limits written from its limits.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyWithRow, type TableCopy } from './tableCopy';
import { testIo } from '../helpers/testIo';

const ROW = `  poll_every: {
    kind: 'seconds',
    description: (l) => \`seconds between two looks at a report being analysed (\${l.range})\`,
    default: 30,
    limits: { min: 0, max: 3600 },
    env: 'SITEDECK_POLL_EVERY',
    flag: '--poll-every <seconds>',
    settable: true,
    key: 'pollEveryMs',
    scale: 1000,
  },
`;

let copy: TableCopy;
let configDir: string;
type Copied = {
  config: typeof import('../../src/config');
  commands: typeof import('../../src/commands/config');
  root: typeof import('../../src/commands/root');
  docs: typeof import('../../scripts/docs/configuration');
};
let m: Copied;
const saved = { ...process.env };

beforeAll(async () => {
  copy = copyWithRow({
    name: 'new-setting',
    table: 'config/settings.ts',
    end: '} as const satisfies Record<string, SettingDef>;',
    row: ROW,
    extra: ['scripts/docs'],
  });
  configDir = join(copy.dir, 'home');
  m = {
    config: await copy.load('src/config/index.ts'),
    commands: await copy.load('src/commands/config.ts'),
    root: await copy.load('src/commands/root.ts'),
    docs: await copy.load('scripts/docs/configuration.ts'),
  };
}, 60_000);

afterAll(() => {
  process.env = { ...saved };
  copy?.remove();
});

/** The global options as the copied program parses them, as the config contract's flags. */
function flagsOf(argv: string[]) {
  const program = m.root.rootProgram(async () => {}).exitOverride();
  program.parse(argv, { from: 'user' });
  return m.config.configFlagsFrom(program.opts());
}

async function config(verb: 'show' | 'get' | 'set' | 'unset', args: string[] = [], opts: Record<string, unknown> = {}) {
  let stdout = '';
  const io = testIo({
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: () => true },
    stdin: new PassThrough(),
    env: process.env,
    cwd: process.cwd(),
    columns: 100,
    color: false,
  });
  const code = await m.commands.runConfig(verb, args, opts, io);
  return { code, stdout };
}

describe('a new setting is one row', () => {
  it('is resolved flag > environment > config file > default into the config object, under its key and unit', () => {
    const resolve = (flags: string[], env: Record<string, string>, file?: object) =>
      m.config.resolveConfig({ flags: flagsOf(flags), env, file: file && m.config.parseConfigFile(JSON.stringify(file), 'config.json'), configDir });
    const inFile = { profiles: { default: { poll_every: 12 } } };
    const at = (c: ReturnType<typeof resolve>) => [(c as Record<string, unknown>).pollEveryMs, c.sources['poll_every' as never]];
    expect(at(resolve([], {}))).toEqual([30_000, 'default']);
    expect(at(resolve([], {}, inFile))).toEqual([12_000, 'file']);
    expect(at(resolve([], { SITEDECK_POLL_EVERY: '5' }, inFile))).toEqual([5000, 'env']);
    expect(at(resolve(['--poll-every', '2'], { SITEDECK_POLL_EVERY: '5' }, inFile))).toEqual([2000, 'flag']);
    // The parser's limits are the row's.
    expect(() => resolve(['--poll-every', '4000'], {})).toThrow('--poll-every must be a number of seconds between 0 and 3600 (got "4000")');
  });

  it('is set, read, shown and unset by `config`', async () => {
    process.env = { ...saved, SITEDECK_CONFIG_DIR: join(copy.dir, 'cfg') };
    expect((await config('set', ['poll-every', '45'])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(copy.dir, 'cfg', 'config.json'), 'utf8')).profiles.default.poll_every).toBe(45);
    expect((await config('get', ['poll_every'])).stdout).toBe('45\n');
    expect((await config('show')).stdout).toMatch(/^poll_every +45 \(config file\)$/m);
    const json = JSON.parse((await config('show', [], { json: true })).stdout);
    expect([json.poll_every, json.sources.poll_every]).toEqual([45, 'file']);
    await expect(config('set', ['poll_every', '0'])).rejects.toThrow('poll_every must be a number of seconds between 0 and 3600 (got "0")');
    expect((await config('unset', ['poll_every'])).code).toBe(0);
    expect((await config('show')).stdout).toMatch(/^poll_every +30 \(default\)$/m);
  });

  it('has its global flag and its row in docs/configuration.md, the limits written from its limits', () => {
    expect(m.root.rootProgram(async () => {}).helpInformation()).toContain('--poll-every <seconds>');
    expect(m.docs.configurationMarkdown()).toContain(
      '| `poll_every` | seconds between two looks at a report being analysed (0 < s ≤ 3600) | `<seconds>` | 30 | ' +
        '`--poll-every` | `SITEDECK_POLL_EVERY` | `config set poll_every <seconds>` |',
    );
  });

  it("is in the config object's type, inferred from the row", () => {
    // The type checker over a probe of the copy: the key exists and is a number.
    expect(copy.typeCheck("import type { ResolvedConfig } from './config/types';\nexport const every = (c: ResolvedConfig): number => c.pollEveryMs;\n")).toBe(
      '',
    );
    // And the type is the row's: a number, not text.
    expect(
      copy.typeCheck("import type { ResolvedConfig } from './config/types';\nexport const every = (c: ResolvedConfig): string => c.pollEveryMs;\n"),
    ).toContain("src/probe.ts(2,53): error TS2322: Type 'number' is not assignable to type 'string'.");
  }, 60_000);
});
