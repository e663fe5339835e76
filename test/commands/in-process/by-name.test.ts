// get/update/delete/rerun take a domain (websites) or URL (reports) as well as an id.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { comparableName, parseTarget } from '../../../src/commands/resolve';
import { REPORTS, WEBSITES } from '../../../src/domain';
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

const run = (args: string[]) => runCommand(args, { env: fx.env });

describe('naming a record', () => {
  it('digits are an id; anything else a name compared without scheme, www. or trailing slash', () => {
    expect(parseTarget(WEBSITES, '42')).toEqual({ kind: 'id', id: 42 });
    expect(parseTarget(WEBSITES, 'help.example.org')).toEqual({ kind: 'name', name: 'help.example.org' });
    expect(parseTarget(REPORTS, 'example.com/a')).toEqual({ kind: 'name', name: 'example.com/a' });
    expect(() => parseTarget(WEBSITES, '0')).toThrow(/whole number from 1/);
    // Neither an id nor a name: refused before any request.
    expect(() => parseTarget(WEBSITES, 'abc')).toThrow(/give an id \(a whole number from 1\) or a domain like example\.com \(got "abc"\)/);
    expect(() => parseTarget(REPORTS, 'ftp://x.example.com/')).toThrow(/a URL like/);
    expect(comparableName('https://www.Example.COM/Pricing/')).toBe('example.com/Pricing');
    expect(comparableName('example.com')).toBe('example.com');
  });

  it('websites get <domain> finds the one exact match (a longer domain containing it is not it)', async () => {
    const w = fx.emulator.websites()[3];
    const domain = String(w.domain);
    expect((await run(['websites', 'create', `blog.${domain}`])).code).toBe(0);
    fx.emulator.clearHits();
    const r = await run(['websites', 'get', `https://www.${domain.toUpperCase()}/`, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: w.id, domain });
    const gets = fx.emulator.hits.filter((h) => h.method === 'GET');
    expect(gets[0].query).toMatchObject({ search: domain, search_by: 'domain' });
    expect(gets).toHaveLength(2);
  });

  it('no match exits 4 naming what was searched; nothing else is sent', async () => {
    const r = await run(['websites', 'get', 'help.example.org']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('no website with the domain "help.example.org"');
    expect(r.stderr).toContain('list them with: sitedeck websites list --search help.example.org');
    expect(r.stderr).not.toMatch(/refresh/);
    expect(fx.emulator.hits).toHaveLength(1);
  });

  it('no exact match lists the near ones the search found, with their ids', async () => {
    const made = await run(['websites', 'create', 'shop.nearmiss-test.org', '--json']);
    expect(made.code).toBe(0);
    const id = (JSON.parse(made.stdout) as { id: number }).id;
    fx.emulator.clearHits();
    const r = await run(['websites', 'get', 'nearmiss-test.org']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('the search found one like it:');
    expect(r.stderr).toContain(`  ${id}  shop.nearmiss-test.org`);
    expect(r.stderr).toContain('list them with: sitedeck websites list --search nearmiss-test.org');
    expect(fx.emulator.hits.filter((h) => h.method !== 'GET')).toEqual([]);
  });

  it('a word that is neither an id nor a domain is refused before any request, pointing at list --search', async () => {
    const r = await run(['websites', 'get', 'deltalabs']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('to find it: sitedeck websites list --search deltalabs');
    expect(fx.emulator.hits).toHaveLength(0);
  });

  it('update and delete by domain act on that record only', async () => {
    const w = fx.emulator.websites()[5];
    const u = await run(['websites', 'update', String(w.domain), '--email', 'enabled', '--json']);
    expect(u.code).toBe(0);
    expect(writes(fx.emulator)).toEqual([expect.objectContaining({ method: 'PUT', path: expect.stringMatching(new RegExp(`/websites/${w.id}$`)) })]);
    fx.emulator.clearHits();
    const d = await run(['websites', 'delete', String(w.domain), '--yes']);
    expect(d.code).toBe(0);
    expect(d.stderr).toBe(`Deleted website ${String(w.domain)} (id ${w.id})\n`);
    expect(fx.emulator.websites().some((x) => x.id === w.id)).toBe(false);
  });

  it('reports by URL; several reports of one URL exit 2 and list their ids, sending no write', async () => {
    const created = await run(['reports', 'create', 'https://twice.example.net/page', '--json']);
    expect(created.code).toBe(0);
    const first = (JSON.parse(created.stdout) as { id: number }).id;
    const one = await run(['reports', 'get', 'twice.example.net/page', '--json']);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({ id: first });
    const again = JSON.parse((await run(['reports', 'create', 'https://twice.example.net/page', '--json'])).stdout) as { id: number };
    fx.emulator.clearHits();
    const r = await run(['reports', 'rerun', 'https://twice.example.net/page']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('2 reports have the URL "https://twice.example.net/page": give the id of one');
    expect(r.stderr).toContain(String(first));
    expect(r.stderr).toContain(String(again.id));
    expect(writes(fx.emulator)).toEqual([]);
  });
});
