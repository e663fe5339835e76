// `sitedeck api METHOD PATH` against the emulator over loopback: any endpoint of either host through
// the one transport (the host's answer printed as JSON, its refusals in the usual words and exit
// codes, the pacer's 429 handling), --paginate into one array, paths that leave the API base refused
// before anything is sent, and read-only mode refusing writes unless --dry-run.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/commands/exitCodes';
import { emulatorFixture, writes, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 12 });
});
afterAll(() => fx.cleanup());
beforeEach(() => fx.emulator.clearHits());

const run = (args: string[], env: Record<string, string | undefined> = {}) => runCommand(['api', ...args], { env: { ...fx.env, ...env } });

describe('sitedeck api', () => {
  it('GET prints the host’s answer as JSON, as the host sent it', async () => {
    const r = await run(['GET', '/websites', '-f', 'per_page=10']);
    expect(r.code, r.stderr).toBe(EXIT.ok);
    const body = JSON.parse(r.stdout) as { data: { id: number }[]; meta: { last_page: number; per_page: number } };
    expect(body.data).toHaveLength(10);
    // The host echoes per_page as the string it was sent: passed on as it is.
    expect(body.meta).toMatchObject({ per_page: '10', last_page: 2 });
    expect(fx.emulator.hits).toEqual([
      expect.objectContaining({ host: 'analytics', method: 'GET', path: '/public/api/v1/websites', query: { per_page: '10' } }),
    ]);
    // The path may be written whole, and the SEO host is --host seo.
    const whole = await run(['get', '/public/api/v1/websites/2']);
    expect(JSON.parse(whole.stdout)).toMatchObject({ data: { id: 2 } });
    const seo = await run(['GET', 'reports/3', '--host', 'seo', '--json']);
    expect(seo.code, seo.stderr).toBe(EXIT.ok);
    expect(JSON.parse(seo.stdout)).toMatchObject({ data: { id: 3 } });
    expect(fx.emulator.hits.at(-1)).toMatchObject({ host: 'seo', path: '/api/v1/reports/3' });
  });

  it('--paginate follows the pages and prints one array', async () => {
    const r = await run(['GET', '/websites', '--paginate', '-f', 'per_page=10']);
    expect(r.code, r.stderr).toBe(EXIT.ok);
    const all = JSON.parse(r.stdout) as Record<string, unknown>[];
    const ids = (list: readonly Record<string, unknown>[]) => list.map((w) => w.id as number).sort((a, b) => a - b);
    expect(all).toHaveLength(fx.emulator.websites().length);
    expect(ids(all)).toEqual(ids(fx.emulator.websites()));
    expect(fx.emulator.hits.map((h) => h.query.page ?? '1')).toEqual(['1', '2']);
    expect(fx.emulator.hits.every((h) => h.query.per_page === '10')).toBe(true);
  });

  it('writes with -f fields: POST, PUT, DELETE, each answer printed', async () => {
    const created = await run(['POST', '/websites', '-f', 'domain=api.example.com', '-f', 'privacy=0']);
    expect(created.code, created.stderr).toBe(EXIT.ok);
    const id = (JSON.parse(created.stdout) as { data: { id: number } }).data.id;
    expect(fx.emulator.websites().find((w) => w.id === id)?.domain).toBe('api.example.com');
    const updated = await run(['PUT', `/websites/${id}`, '-f', 'email=1']);
    expect(updated.code, updated.stderr).toBe(EXIT.ok);
    expect(fx.emulator.websites().find((w) => w.id === id)?.email).toBe(1);
    const deleted = await run(['DELETE', `/websites/${id}`]);
    expect(deleted.code, deleted.stderr).toBe(EXIT.ok);
    expect(fx.emulator.websites().find((w) => w.id === id)).toBeUndefined();
    expect(writes(fx.emulator).map((h) => [h.method, h.body])).toEqual([
      ['POST', { domain: 'api.example.com', privacy: '0' }],
      ['PUT', { email: '1' }],
      ['DELETE', {}],
    ]);
  });

  it('a refusal of the host is said in the usual words with the usual exit code', async () => {
    const missing = await run(['GET', '/websites/99999']);
    expect(missing.code).toBe(EXIT.notFound);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/^sitedeck: The analytics host \S+ has no /);
    const invalid = await run(['POST', '/websites', '-f', 'domain=']);
    expect(invalid.code).toBe(EXIT.validation);
    expect(invalid.stderr).toMatch(/rejected the values \(422\)[\s\S]*domain: /);
    const key = await run(['GET', '/websites'], { SITEDECK_API_KEY: 'wrong-key' });
    expect(key.code).toBe(EXIT.auth);
    expect(key.stderr).not.toContain('wrong-key');
  });

  it('goes through the pacer: a 429 longer than --max-wait ends as every command does (exit 6, when to try again)', async () => {
    const limited = await emulatorFixture({ seed: 3, rateLimit: 1, rateWindow: 600 });
    try {
      const first = await runCommand(['api', 'GET', '/websites'], { env: limited.env });
      expect(first.code, first.stderr).toBe(EXIT.ok);
      const second = await runCommand(['--max-wait', '1', 'api', 'GET', '/websites'], { env: limited.env });
      expect(second.code).toBe(EXIT.rateLimited);
      expect(second.stderr).toMatch(/is limiting requests/);
    } finally {
      await limited.cleanup();
    }
  });

  it.each([
    ['/../../../etc/passwd'],
    ['/websites/../../../admin'],
    ['/websites/%2e%2e/%2e%2e/%2e%2e/admin'],
    ['/websites%2F..%2F..%2Fadmin'],
    ['http://evil.example/public/api/v1/websites'],
    ['//evil.example/websites'],
  ])('refuses %s: it leaves the API base; nothing is sent', async (path) => {
    const r = await run(['GET', path]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(/leaves the API base|not a path/);
    expect(fx.emulator.hits).toEqual([]);
  });

  it('refuses a method it does not know, and --paginate with anything but GET', async () => {
    expect((await run(['TRACE', '/websites'])).code).toBe(EXIT.usage);
    expect((await run(['POST', '/websites', '--paginate'])).code).toBe(EXIT.usage);
    expect((await run(['GET', '/websites', '-f', 'novalue'])).code).toBe(EXIT.usage);
    expect(fx.emulator.hits).toEqual([]);
  });

  it('read-only mode refuses every method but GET, unless --dry-run (which prints the request, a password named, and sends nothing)', async () => {
    const refused = await run(['--read-only', 'POST', '/websites', '-f', 'domain=ro.example.com'].slice(1), { SITEDECK_READ_ONLY: 'true' });
    expect(refused.code).toBe(EXIT.readOnly);
    expect(refused.stderr).toContain('refused: POST may change data and SITEDECK_READ_ONLY is set in the environment');
    const get = await runCommand(['--read-only', 'api', 'GET', '/websites/1'], { env: fx.env });
    expect(get.code, get.stderr).toBe(EXIT.ok);
    const dry = await runCommand(['--read-only', 'api', 'PUT', '/websites/1', '-f', 'privacy=2', '-f', 'password=s3cret-pw', '--dry-run', '--json'], {
      env: fx.env,
    });
    expect(dry.code, dry.stderr).toBe(EXIT.ok);
    expect(JSON.parse(dry.stdout)).toEqual({
      status: 'would-send',
      method: 'PUT',
      url: `${fx.emulator.baseUrl.replace(/\/$/, '')}/public/api/v1/websites/1`,
      send: { privacy: '2' },
      secret_fields: ['password'],
    });
    expect(dry.stdout + dry.stderr).not.toContain('s3cret-pw');
    expect(writes(fx.emulator)).toEqual([]);
  });
});
