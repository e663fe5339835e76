import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emulatorFixture, writes, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 23 });
});
afterAll(() => fx.cleanup());
beforeEach(() => {
  fx.emulator.clearHits();
  fx.emulator.clearFaults();
});

const run = (args: string[], input?: string, env: Record<string, string | undefined> = {}) => runCommand(args, { env: { ...fx.env, ...env }, input });

describe('websites list', () => {
  it('--json gives {data, meta} a consumer can parse', async () => {
    const r = await run(['websites', 'list', '--json']);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { data: { id: number; domain: string }[]; meta: { total: number; per_page: number; last_page: number } };
    expect(body.data).toHaveLength(10);
    expect(body.meta).toMatchObject({ total: 23, per_page: 10, page: 1, last_page: 3 });
    // A pipe consumer: the domains, in the server's default order (newest first).
    const ids = body.data.map((w) => w.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(r.stderr).toBe('');
  });

  it('prints tab-separated lines with labels when stdout is a pipe', async () => {
    const r = await run(['websites', 'list', '--per-page', '25']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(23);
    const stored = fx.emulator.websites();
    for (const line of lines) {
      const [id, domain, privacy, email, bots] = line.split('\t');
      const row = stored.find((w) => w.id === Number(id))!;
      expect(domain).toBe(row.domain);
      expect(['Public', 'Private', 'Password']).toContain(privacy);
      expect(['Enabled', 'Disabled']).toContain(email);
      expect(['Enabled', 'Disabled']).toContain(bots);
    }
  });

  it('sends every list flag, accepting labels and values', async () => {
    const r = await run([
      'websites',
      'list',
      '--search',
      'shop',
      '--search-by',
      'Domain',
      '--sort-by',
      'domain',
      '--sort',
      'Ascending',
      '--per-page',
      '50',
      '--page',
      '1',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(fx.emulator.hits.at(-1)?.query).toMatchObject({ search: 'shop', search_by: 'domain', sort_by: 'domain', sort: 'asc', per_page: '50', page: '1' });
    const domains = (JSON.parse(r.stdout) as { data: { domain: string }[] }).data.map((w) => w.domain);
    expect(domains.every((d) => d.includes('shop'))).toBe(true);
    expect(domains).toEqual([...domains].sort());
  });

  it('--all follows every page up to meta.last_page', async () => {
    const r = await run(['websites', 'list', '--all', '--per-page', '10', '--json']);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { data: { id: number }[]; meta: { total: number; pages_read: number; from: number; to: number } };
    expect(body.data).toHaveLength(23);
    expect(new Set(body.data.map((w) => w.id)).size).toBe(23);
    expect(body.meta).toEqual({ pages_read: 3, per_page: 10, total: 23, from: 1, to: 23 });
    expect(fx.emulator.hits.map((h) => h.query.page)).toEqual(['1', '2', '3']);
  });

  it('refuses values outside the tables before any request, listing the allowed ones (exit 2)', async () => {
    const r = await run(['websites', 'list', '--sort-by', 'url', '--per-page', '7']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('date created (id), domain');
    expect(r.stderr).toContain('10, 25, 50, 100');
    expect(r.stderr.trim().split('\n')).toHaveLength(2);
    expect(fx.emulator.hits).toHaveLength(0);
  });
});

describe('websites get, create, update, delete', () => {
  it('get prints every field with labels; --json the normalised record', async () => {
    const id = fx.emulator.websites()[0].id as number;
    const text = await run(['websites', 'get', String(id)]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^Domain\t/m);
    expect(text.stdout).toMatch(/^Privacy\t(Public|Private|Password)$/m);
    expect(text.stdout).toMatch(/^Password\t(set|not set)$/m);
    const json = await run(['websites', 'get', String(id), '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ id, domain: fx.emulator.websites()[0].domain });
  });

  it('create takes labels for every choice, the defaults fill the rest, and --password-stdin reads the password', async () => {
    const r = await run(
      [
        'websites',
        'create',
        'https://www.Created-One.example',
        '--privacy',
        'password',
        '--password-stdin',
        '--email',
        'enabled',
        '--exclude-params',
        'utm_source, fbclid',
        '--exclude-ips',
        '1.2.3.4 5.6.7.8',
        '--json',
      ],
      'hunter2-secret\n',
    );
    expect(r.code).toBe(0);
    const rec = JSON.parse(r.stdout) as { id: number; domain: string; privacy: number; password: boolean; email: number; exclude_bots: number };
    expect(rec).toMatchObject({ domain: 'created-one.example', privacy: 2, password: true, email: 1, exclude_bots: 1 });
    const body = writes(fx.emulator)[0].body;
    expect(body).toMatchObject({
      privacy: '2',
      password: 'hunter2-secret',
      email: '1',
      exclude_bots: '1',
      exclude_params: 'utm_source\nfbclid',
      exclude_ips: '1.2.3.4\n5.6.7.8',
    });
    expect(r.stdout + r.stderr).not.toContain('hunter2-secret');
  });

  it('create accepts numeric values too, and a 422 from the server exits 5 with each field on its own line', async () => {
    const ok = await run(['websites', 'create', 'numeric.example', '--privacy', '0', '--exclude-bots', '0']);
    expect(ok.code).toBe(0);
    expect(ok.stderr).toMatch(/Created website numeric\.example \(id \d+\)/);
    expect(writes(fx.emulator)[0].body).toMatchObject({ privacy: '0', email: '0', exclude_bots: '0' });
    const dup = await run(['websites', 'create', 'numeric.example']);
    expect(dup.code).toBe(5);
    const lines = dup.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^sitedeck: The analytics host 127\.0\.0\.1:\d+ rejected the values \(422\)/);
    expect(lines[1]).toMatch(/^ {2}domain: /);
  });

  it('invalid create values are refused before sending, each field on its own line', async () => {
    const r = await run(['websites', 'create', 'not a domain', '--privacy', 'secret', '--email', 'maybe']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('domain: Domain must be a domain name');
    expect(r.stderr).toContain('--privacy: Privacy must be one of: public (0), private (1), password (2)');
    expect(r.stderr).toContain('--email: Email reports must be one of: disabled (0), enabled (1)');
    expect(fx.emulator.hits).toHaveLength(0);
  });

  it('update sends only the fields given', async () => {
    const id = fx.emulator.websites()[1].id as number;
    const r = await run(['websites', 'update', String(id), '--email', 'Enabled', '--exclude-bots', 'disabled', '--json']);
    expect(r.code).toBe(0);
    expect(writes(fx.emulator)).toEqual([expect.objectContaining({ method: 'PUT', body: { email: '1', exclude_bots: '0' } })]);
    expect(JSON.parse(r.stdout)).toMatchObject({ id, email: 1, exclude_bots: 0 });
    const none = await run(['websites', 'update', String(id)]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('nothing to change');
  });

  it('update to privacy Password without a password is refused before the write when none is set', async () => {
    const bare = fx.emulator.websites().find((w) => !w.password)!;
    const r = await run(['websites', 'update', String(bare.id), '--privacy', 'password']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('nothing was sent');
    expect(r.stderr).toContain('--password: Password is required when privacy is Password and no password is set yet');
    // One read to learn whether a password is set; no write.
    expect(fx.emulator.hits.map((h) => h.method)).toEqual(['GET']);
    fx.emulator.clearHits();
    const given = await run(['websites', 'update', String(bare.id), '--privacy', 'password', '--password', 'pw-1']);
    expect(given.code).toBe(0);
    expect(writes(fx.emulator)).toEqual([expect.objectContaining({ body: { privacy: '2', password: 'pw-1' } })]);
    fx.emulator.clearHits();
    // Now one is set: becoming Password again needs no new one.
    const again = await run(['websites', 'update', String(bare.id), '--privacy', 'private']);
    expect(again.code).toBe(0);
    const back = await run(['websites', 'update', String(bare.id), '--privacy', 'password']);
    expect(back.code).toBe(0);
  });

  it('delete without --yes and without a terminal is refused before any request', async () => {
    const id = fx.emulator.websites()[2].id as number;
    const r = await run(['websites', 'delete', String(id)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--yes');
    expect(fx.emulator.hits).toHaveLength(0);
    expect(fx.emulator.websites().some((w) => w.id === id)).toBe(true);
  });

  it('delete --yes names what went; --json prints the delete body', async () => {
    const [a, b] = fx.emulator.websites().slice(-2);
    const r = await run(['websites', 'delete', String(a.id), '--yes']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`Deleted website ${String(a.domain)} (id ${String(a.id)})\n`);
    const j = await run(['websites', 'delete', String(b.id), '-y', '--json']);
    expect(JSON.parse(j.stdout)).toEqual({ id: b.id, object: 'website', deleted: true });
    expect(fx.emulator.websites().some((w) => w.id === a.id || w.id === b.id)).toBe(false);
  });

  it('a bad id is a usage error; an unknown one exits 4 naming the host', async () => {
    expect((await run(['websites', 'get', 'abc'])).code).toBe(2);
    const r = await run(['websites', 'get', '99999']);
    expect(r.code).toBe(4);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/analytics host 127\.0\.0\.1:\d+/);
  });
});
