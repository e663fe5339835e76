// One JSON contract: every command that prints data (src/commands/format/outputs.ts, one row each)
// prints its JSON under the hosts' snake_case at every depth, the tree declares --json and --format
// exactly as that table says, and docs/json.md is checked against real output: each example there
// is run in-process against the emulator (the command in its fence's info string) and every field
// it shows is in the output, of a type the output has, a timestamp in the host's own form.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_COMMANDS, formatsOf, type OutputCommand } from '../../../src/commands/format/outputs';
import { defineCommands } from '../../../src/commands/program';
import { emulatorFixture, ROOT, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 12 });
  // A profile of its own, so `config profiles` has one to list.
  expect((await run(['config', 'set', 'theme', 'dark'])).code).toBe(0);
});
afterAll(() => fx.cleanup());

const run = (args: readonly string[]) => runCommand(args, { env: fx.env });

/** One run of each command that prints data (a row of outputs.ts without one here is a type error), and the other shapes it has. */
const RUNS: Record<OutputCommand, readonly (readonly string[])[]> = {
  'websites list': [
    ['websites', 'list', '--json'],
    ['websites', 'list', '--all', '--json'],
    ['websites', 'list', '--format', 'json'],
    ['websites', 'list', '--format', 'ndjson'],
  ],
  'websites get': [['websites', 'get', '1', '--json']],
  'websites create': [['websites', 'create', 'contract.example', '--json']],
  'websites update': [
    ['websites', 'update', '2', '--email', 'enabled', '--json'],
    ['websites', 'update', '--ids', '2,3,99999', '--email', 'disabled', '--json'],
    ['websites', 'update', '--ids', '2,3', '--email', 'disabled', '--dry-run', '--json'],
  ],
  'websites delete': [
    ['websites', 'delete', '11', '--yes', '--json'],
    ['websites', 'delete', '--ids', '10,99999', '--yes', '--json'],
  ],
  'reports list': [
    ['reports', 'list', '--json'],
    ['reports', 'list', '--all', '--json'],
    ['reports', 'list', '--format', 'ndjson'],
  ],
  'reports get': [['reports', 'get', '1', '--json']],
  'reports create': [['reports', 'create', 'https://contract.example/pricing', '--json']],
  'reports update': [['reports', 'update', '2', '--privacy', 'public', '--json']],
  'reports delete': [['reports', 'delete', '11', '--yes', '--json']],
  'reports rerun': [
    ['reports', 'rerun', '3', '--json'],
    ['reports', 'rerun', '--ids', '3,4', '--json'],
    ['reports', 'rerun', '--ids', '3,4', '--dry-run', '--json'],
  ],
  'reports projects': [['reports', 'projects', '--json']],
  'reports audit': [
    ['reports', 'audit', '--json'],
    ['reports', 'audit', '--json', '--fail-on', 'high', '--max-failing', 'title=0'],
    ['reports', 'audit', '--format', 'json'],
  ],
  'reports cover': [
    ['reports', 'cover', 'docs/examples/sitemap.xml', '--dry-run', '--json'],
    ['--demo', 'reports', 'cover', 'demo', '--prune', '--yes', '--json'],
  ],
  'config show': [['config', 'show', '--json']],
  'config profiles': [['config', 'profiles', '--json']],
  'config keys': [['config', 'keys', '--json']],
  api: [
    ['api', 'GET', '/websites', '--json'],
    ['api', 'GET', '/reports/1', '--host', 'seo', '--json'],
    ['api', 'GET', '/websites', '--paginate', '--json'],
    ['api', 'PUT', '/websites/2', '-f', 'email=1', '--dry-run', '--json'],
  ],
  doctor: [['doctor', '--json']],
};

/** What a command printed: one JSON value, or one a line (ndjson, a bulk run). */
function parsed(stdout: string): unknown[] {
  try {
    return [JSON.parse(stdout)];
  } catch {
    return stdout
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as unknown);
  }
}

/** Every key at every depth, with where it is (`data[].meta.last_page`). */
function keysOf(value: unknown, at = '$'): { key: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((v) => keysOf(v, `${at}[]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [{ key: k, at }, ...keysOf(v, `${at}.${k}`)]);
}

const SNAKE = /^[a-z0-9]+(_[a-z0-9]+)*$/;

describe('one naming style: the hosts’ snake_case at every depth of every command’s JSON', () => {
  it.each(OUTPUT_COMMANDS.flatMap((c) => RUNS[c].map((args) => [c, args.join(' ')] as const)))('%s: sitedeck %s', async (_command, line) => {
    const r = await run(line.split(' '));
    expect(r.stdout, r.stderr).not.toBe('');
    const keys = parsed(r.stdout).flatMap((v) => keysOf(v));
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((k) => !SNAKE.test(k.key)).map((k) => `${k.at}.${k.key}`)).toEqual([]);
  });
});

describe('--json and --format, from one table', () => {
  it('every command that prints data takes --json, and only those with more than one format take --format', () => {
    const program = new Command();
    defineCommands(program);
    const walk = (cmd: Command, path: string[]): { path: string; flags: string[] }[] =>
      cmd.commands.flatMap((c) => [{ path: [...path, c.name()].join(' '), flags: c.options.map((o) => o.long ?? '') }, ...walk(c, [...path, c.name()])]);
    const tree = walk(program, []);
    const taking = (flag: string) =>
      tree
        .filter((c) => c.flags.includes(flag))
        .map((c) => c.path)
        .sort();
    expect(taking('--json')).toEqual([...OUTPUT_COMMANDS].sort());
    expect(taking('--format')).toEqual(OUTPUT_COMMANDS.filter((c) => formatsOf(c) !== null).sort());
  });

  it('reports audit --json is --format json; given with another --format it is refused', async () => {
    const [json, format] = await Promise.all([run(['reports', 'audit', '--json']), run(['reports', 'audit', '--format', 'json'])]);
    expect(json.code, json.stderr).toBe(0);
    expect(json.stdout).toBe(format.stdout);
    const both = await run(['reports', 'audit', '--json', '--format', 'md']);
    expect([both.code, both.stdout, both.stderr]).toEqual([2, '', 'sitedeck: give --json or --format, not both (--json is --format json)\n']);
  });
});

describe('the host’s values as it sent them', () => {
  it('timestamps are the host’s own text in --json, ndjson and a bulk run’s lines; the table still shows them short', async () => {
    const sent = fx.emulator.websites().find((w) => w.id === 1)!;
    expect(String(sent.created_at)).toMatch(/\.\d{6}Z$/);
    const get = JSON.parse((await run(['websites', 'get', '1', '--json'])).stdout) as Record<string, unknown>;
    expect([get.created_at, get.updated_at]).toEqual([sent.created_at, sent.updated_at]);
    const ndjson = parsed((await run(['websites', 'list', '--all', '--format', 'ndjson'])).stdout) as Record<string, unknown>[];
    expect(ndjson.find((w) => w.id === 1)?.created_at).toBe(sent.created_at);
    const dry = await run(['websites', 'get', '1']);
    expect(dry.stdout).toContain(String(sent.created_at).slice(0, 10));
    expect(dry.stdout).not.toContain(String(sent.created_at));
  });

  it('--all says the whole read: pages read, the page size, every record from the first to the last; no page of it', async () => {
    const r = await run(['websites', 'list', '--all', '--json', '--per-page', '10']);
    const body = JSON.parse(r.stdout) as { data: unknown[]; meta: Record<string, unknown> };
    const total = fx.emulator.websites().length;
    expect(body.meta).toEqual({ pages_read: Math.ceil(total / 10), per_page: 10, total, from: 1, to: total });
  });

  it('a dry run says would-update (would-delete, would-rerun) in the table, the piped lines and --json alike', async () => {
    const args = ['websites', 'update', '--ids', '2', '--email', 'enabled', '--dry-run'];
    const [json, piped, table] = await Promise.all([run([...args, '--json']), run(args), runCommand(args, { env: fx.env, terminal: { columns: 100 } })]);
    expect(parsed(json.stdout)).toEqual([{ id: 2, status: 'would-update', name: expect.any(String), send: { email: 1 } }]);
    expect(piped.stdout.split('\t')[1]).toBe('would-update');
    expect(table.stdout).toContain('would-update');
    for (const [verb, more, word] of [
      ['delete', ['--yes'], 'would-delete'],
      ['rerun', [], 'would-rerun'],
    ] as const) {
      const r = await run(['reports', verb, '--ids', '5', ...more, '--dry-run', '--json']);
      expect(parsed(r.stdout)).toEqual([expect.objectContaining({ id: 5, status: word })]);
    }
  });

  it('csv joins a list with commas, quoted as csv needs', async () => {
    const all = JSON.parse((await run(['reports', 'list', '--all', '--json'])).stdout) as {
      data: { id: number; checks: { name: string; passed: boolean }[] }[];
    };
    const report = all.data.find((r) => r.checks.filter((c) => !c.passed).length > 1)!;
    const failed = report.checks.filter((c) => !c.passed).map((c) => c.name);
    const csv = (await run(['reports', 'list', '--all', '--format', 'csv'])).stdout.split('\r\n');
    expect(csv[0].split(',')).toContain('failed_checks');
    expect(csv.find((l) => l.startsWith(`${report.id},`))).toContain(`,"${failed.join(', ')}",`);
  });
});

/** Each example of docs/json.md: the command its fence names (```json websites get 1 --json), and the JSON it shows. */
function docExamples(): { args: string[]; text: string }[] {
  const doc = readFileSync(join(ROOT, 'docs', 'json.md'), 'utf8');
  return [...doc.matchAll(/^```json ([^\n]+)\n([\s\S]*?)^```$/gm)].map((m) => ({ args: m[1].trim().split(/\s+/), text: m[2] }));
}

type Shape = Map<string, Set<string>>;
const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
/** The digits of a timestamp as zeros: `2024-10-13T13:09:15.000000Z` → `0000-00-00T00:00:00.000000Z`. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}/;
const form = (v: unknown) => (typeof v === 'string' && TIMESTAMP.test(v) ? `${typeOf(v)}:${v.replace(/\d/g, '0')}` : typeOf(v));

/** What the host sends as it likes (a check's value and errors, what the tables do not describe): its own keys are not the contract's. */
const HOSTS_OWN = /\.(value|errors|extra)$/;

/** Every path of `value` (array items folded into `[]`) and the forms found there; inside a host's own object, only that it is one. */
function shapeOf(value: unknown, at = '$', into: Shape = new Map()): Shape {
  const forms = into.get(at) ?? new Set();
  into.set(at, forms.add(form(value)));
  if (HOSTS_OWN.test(at)) return into;
  if (Array.isArray(value)) for (const v of value) shapeOf(v, `${at}[]`, into);
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) shapeOf(v, `${at}.${k}`, into);
  return into;
}

describe('docs/json.md is the output', () => {
  const examples = docExamples();

  it('has an example for every command that prints data, and every example is JSON', () => {
    expect(examples.length).toBeGreaterThan(10);
    for (const e of examples) expect(() => parsed(e.text), e.args.join(' ')).not.toThrow();
    const documented = new Set(examples.map((e) => OUTPUT_COMMANDS.find((c) => e.args.join(' ').startsWith(`${c} `))));
    // One example for a row stands for its resource's twin (websites get and reports get print one record each).
    const twins = (c: OutputCommand) => [c, c.replace(/^websites /, 'reports '), c.replace(/^reports /, 'websites ')];
    for (const c of OUTPUT_COMMANDS.filter((c) => !/ (create|update|delete|rerun)$/.test(c)))
      expect(
        twins(c).some((t) => documented.has(t as OutputCommand)),
        c,
      ).toBe(true);
  });

  it('names no field in camelCase, in an example or the words around them', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'json.md'), 'utf8');
    // The error kinds are values, not fields: they keep the words scripts already match on.
    const KINDS = new Set(['notFound', 'rateLimited', 'badResponse']);
    const camel = [...doc.matchAll(/["`]([a-z]+[A-Z][A-Za-z]*)["`]/g)].map((m) => m[1]).filter((w) => !KINDS.has(w));
    expect(camel).toEqual([]);
  });

  it.each(docExamples().map((e) => [e.args.join(' '), e] as const))('sitedeck %s', async (_line, e) => {
    const r = await run(e.args);
    expect(r.stdout, r.stderr).not.toBe('');
    const out = shapeOf(parsed(r.stdout));
    const doc = shapeOf(parsed(e.text));
    const wrong: string[] = [];
    for (const [at, forms] of doc) {
      const found = out.get(at);
      if (!found) wrong.push(`${at}: not in the output`);
      // null in the output (or in the doc) stands for a field the data at hand leaves empty.
      else
        for (const f of forms) if (!found.has(f) && !found.has('null') && f !== 'null') wrong.push(`${at}: documented ${f}, printed ${[...found].join(' | ')}`);
    }
    expect(wrong).toEqual([]);
  });
});
