// What the commands print from hostile server strings and deep values, piped and --json, in-process (on a terminal: ./hostile-terminal.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInert } from '../../../src/text/sanitize';
import { EXIT } from '../../../src/commands/exitCodes';
import { emulatorFixture, type Fixture } from '../helpers';
import { HOSTILE_DOMAIN, HOSTILE_PROJECT, insertHostile, RAW } from '../hostileRecords';
import { runCommand } from '../inProcess';

let fx: Fixture;
let websiteId: number;
let reportId: number;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 0 });
  ({ websiteId, reportId } = insertHostile(fx.emulator));
});
afterAll(() => fx.cleanup());

describe('hostile server strings', () => {
  it('come out inert in TSV (list and get), with the visible text kept', async () => {
    for (const args of [
      ['websites', 'list'],
      ['websites', 'get', String(websiteId)],
      ['reports', 'list'],
      ['reports', 'get', String(reportId)],
    ]) {
      const r = await runCommand(args, { env: fx.env });
      expect(r.code, args.join(' ')).toBe(0);
      expect(RAW.test(r.stdout), args.join(' ')).toBe(false);
      for (const line of r.stdout.split('\n')) expect(isInert(line.replace(/\t/g, ' '))).toBe(true);
      expect(RAW.test(r.stderr)).toBe(false);
    }
    const list = await runCommand(['websites', 'list'], { env: fx.env });
    expect(list.stdout).toContain('evil');
    expect(list.stdout).toContain('gnp.example');
  });

  it('stay exact in --json', async () => {
    const list = await runCommand(['websites', 'list', '--json'], { env: fx.env });
    const body = JSON.parse(list.stdout) as { data: { id: number; domain: string }[] };
    expect(body.data.find((w) => w.id === websiteId)?.domain).toBe(HOSTILE_DOMAIN);
    const rep = JSON.parse((await runCommand(['reports', 'get', String(reportId), '--json'], { env: fx.env })).stdout) as { project: string };
    expect(rep.project).toBe(HOSTILE_PROJECT);
    // JSON escapes control characters, so even --json never writes them raw to the terminal.
    expect(/\x1b|\x07/.test(list.stdout)).toBe(false);
  });
});

/** `{a: {a: … 'bottom' …}}`, `depth` objects deep. */
function nested(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

describe('deep and huge server values', () => {
  it('reports get on a check value 24 objects deep answers, the reason cut at 32 levels', async () => {
    const id = fx.emulator.insertRaw('reports', {
      url: 'https://deep.example/',
      project: 'deep.example',
      result: 50,
      privacy: 0,
      results: { amp_page_link: { passed: false, importance: 'high', value: nested(24), errors: { weird: nested(40) } } },
    });
    const r = await runCommand(['reports', 'get', String(id)], { env: fx.env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('weird: a: a: a:');
    expect(r.stdout).toContain('…');
  }, 30_000);

  it('nesting past max_depth is refused in words; under a raised limit get, --json and ndjson answer (exact JSON kept)', async () => {
    const id = fx.emulator.insertRaw('reports', {
      url: 'https://deeper.example/',
      project: 'deeper.example',
      result: 40,
      privacy: 0,
      results: { title: { passed: false, importance: 'high', value: nested(900), errors: { weird: nested(900) } } },
      'x-deep': nested(900),
    });
    const refused = await runCommand(['reports', 'get', String(id)], { env: fx.env });
    expect(refused.code).toBe(EXIT.server);
    expect(refused.stderr).toContain('nested more than 64 levels deep (the limit, max_depth), refused unread');
    const deep = { ...fx.env, SITEDECK_MAX_DEPTH: '1000' };
    const get = await runCommand(['reports', 'get', String(id)], { env: deep });
    expect(get.stderr).toBe('');
    expect(get.code).toBe(0);
    const json = await runCommand(['reports', 'get', String(id), '--json'], { env: deep });
    expect(json.code).toBe(0);
    expect(json.stdout.split('"a":').length - 1).toBeGreaterThanOrEqual(900 * 2);
    const nd = await runCommand(['reports', 'list', '--all', '--format', 'ndjson'], { env: deep });
    expect(nd.stderr).toBe('');
    expect(nd.code).toBe(0);
    expect(
      nd.stdout
        .trim()
        .split('\n')
        .some((l) => l.includes('deeper.example')),
    ).toBe(true);
  }, 60_000);
});

describe('invisible characters', () => {
  it('are shown by name in the detail, exact in --json', async () => {
    const id = fx.emulator.insertRaw('websites', { domain: 'exam\u200bple.com', privacy: 0, email: 0, exclude_bots: 1 });
    const get = await runCommand(['websites', 'get', String(id)], { env: fx.env });
    expect(get.stdout).toContain('exam⟨U+200B⟩ple.com');
    const json = JSON.parse((await runCommand(['websites', 'get', String(id), '--json'], { env: fx.env })).stdout) as { domain: string };
    expect(json.domain).toBe('exam\u200bple.com');
  });
});
