import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInert } from '../../src/text/sanitize';
import { EXIT } from '../../src/commands/exitCodes';
import { runCli, runInPty, startFixture, type Fixture } from './helpers';

// A record carrying a clear-screen, a window-title change, an OSC 52 clipboard write, a hyperlink
// and a bidi override.
const HOSTILE_DOMAIN =
  '\x1b[2J\x1b[Hevil\x1b]0;pwned\x07\x1b]52;c;cm0gLXJmIH4=\x07\x1b]8;;https://attacker.test\x1b\\link\x1b]8;;\x1b\\\u202egnp.example';
const HOSTILE_PROJECT = '\x9b31mproj\x1b]2;title\x1b\\';

let fx: Fixture;
let websiteId: number;
let reportId: number;
beforeAll(async () => {
  fx = await startFixture({ seed: 0 });
  websiteId = fx.emulator.insertRaw('websites', {
    domain: HOSTILE_DOMAIN,
    privacy: 0,
    email: 0,
    exclude_bots: 1,
    exclude_ips: '1.1.1.1\n\x1b[31m2.2.2.2',
    'x-\x1b]0;evil\x07note': 'extra \x1b[5mblink',
  });
  reportId = fx.emulator.insertRaw('reports', { url: 'https://ok.example/\x1b]52;c;ZXZpbA==\x07x', project: HOSTILE_PROJECT, result: 90, privacy: 0 });
});
afterAll(() => fx.cleanup());

const RAW = /\x1b|\x07|\x9b|\u202e/;

describe('hostile server strings', () => {
  it('come out inert in TSV (list and get), with the visible text kept', async () => {
    for (const args of [['websites', 'list'], ['websites', 'get', String(websiteId)], ['reports', 'list'], ['reports', 'get', String(reportId)]]) {
      const r = await runCli(args, { env: fx.env });
      expect(r.code, args.join(' ')).toBe(0);
      expect(RAW.test(r.stdout), args.join(' ')).toBe(false);
      for (const line of r.stdout.split('\n')) expect(isInert(line.replace(/\t/g, ' '))).toBe(true);
      expect(RAW.test(r.stderr)).toBe(false);
    }
    const list = await runCli(['websites', 'list'], { env: fx.env });
    expect(list.stdout).toContain('evil');
    expect(list.stdout).toContain('gnp.example');
  });

  it('stay exact in --json', async () => {
    const list = await runCli(['websites', 'list', '--json'], { env: fx.env });
    const body = JSON.parse(list.stdout) as { data: { id: number; domain: string }[] };
    expect(body.data.find((w) => w.id === websiteId)?.domain).toBe(HOSTILE_DOMAIN);
    const rep = JSON.parse((await runCli(['reports', 'get', String(reportId), '--json'], { env: fx.env })).stdout) as { project: string };
    expect(rep.project).toBe(HOSTILE_PROJECT);
    // JSON escapes control characters, so even --json never writes them raw to the terminal.
    expect(/\x1b|\x07/.test(list.stdout)).toBe(false);
  });

  it('come out inert in the aligned table on a terminal', async () => {
    const pty = runInPty(['--no-color', 'websites', 'list'], fx.env);
    expect(await pty.done).toBe(0);
    const out = pty.output();
    expect(out).toContain('DOMAIN');
    expect(out).toContain('evil');
    expect(RAW.test(out)).toBe(false);
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
    const r = await runCli(['reports', 'get', String(id)], { env: fx.env });
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
    const refused = await runCli(['reports', 'get', String(id)], { env: fx.env });
    expect(refused.code).toBe(EXIT.server);
    expect(refused.stderr).toContain('nested more than 64 levels deep (the limit, max_depth), refused unread');
    const deep = { ...fx.env, SITEDECK_MAX_DEPTH: '1000' };
    const get = await runCli(['reports', 'get', String(id)], { env: deep });
    expect(get.stderr).toBe('');
    expect(get.code).toBe(0);
    const json = await runCli(['reports', 'get', String(id), '--json'], { env: deep });
    expect(json.code).toBe(0);
    expect(json.stdout.split('"a":').length - 1).toBeGreaterThanOrEqual(900 * 2);
    const nd = await runCli(['reports', 'list', '--all', '--format', 'ndjson'], { env: deep });
    expect(nd.stderr).toBe('');
    expect(nd.code).toBe(0);
    expect(nd.stdout.trim().split('\n').some((l) => l.includes('deeper.example'))).toBe(true);
  }, 60_000);
});

describe('invisible characters', () => {
  it('are shown by name in the table and the detail, exact in --json', async () => {
    const id = fx.emulator.insertRaw('websites', { domain: 'exam\u200bple.com', privacy: 0, email: 0, exclude_bots: 1 });
    const pty = runInPty(['--no-color', 'websites', 'list'], fx.env);
    expect(await pty.done).toBe(0);
    expect(pty.output()).toContain('exam⟨U+200B⟩ple.com');
    const get = await runCli(['websites', 'get', String(id)], { env: fx.env });
    expect(get.stdout).toContain('exam⟨U+200B⟩ple.com');
    const json = JSON.parse((await runCli(['websites', 'get', String(id), '--json'], { env: fx.env })).stdout) as { domain: string };
    expect(json.domain).toBe('exam\u200bple.com');
  });
});
