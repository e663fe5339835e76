import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analyse } from '../../../src/emulator/scoring';
import { emulatorFixture, writes, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 30 });
});
afterAll(() => fx.cleanup());
beforeEach(() => fx.emulator.clearHits());

const run = (args: string[], input?: string) => runCommand(args, { env: fx.env, input });
type Rep = { id: number; url: string; project: string; result: number; result_class: string; generated_at: string };

describe('reports', () => {
  it('list filters by result (label or value) and project, sorting by score', async () => {
    const byLabel = await run(['reports', 'list', '--result', 'Bad', '--sort-by', 'result', '--sort', 'asc', '--per-page', '100', '--json']);
    expect(byLabel.code).toBe(0);
    const bad = (JSON.parse(byLabel.stdout) as { data: Rep[] }).data;
    expect(bad.length).toBeGreaterThan(0);
    expect(bad.every((r) => r.result < 49 && r.result_class === 'bad')).toBe(true);
    expect(bad.map((r) => r.result)).toEqual([...bad.map((r) => r.result)].sort((a, b) => a - b));
    expect(fx.emulator.hits[0].query).toMatchObject({ result: 'bad', sort_by: 'result', sort: 'asc', per_page: '100' });

    const project = bad[0].project;
    const byProject = await run(['reports', 'list', '--project', project, '--search', project.split('.')[0], '--search-by', 'url', '--json']);
    const rows = (JSON.parse(byProject.stdout) as { data: Rep[] }).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.project === project)).toBe(true);
  });

  it('TSV rows show the score with its class, labels for choices', async () => {
    const r = await run(['reports', 'list', '--sort-by', 'Date generated', '--per-page', '10']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(10);
    for (const line of lines) expect(line.split('\t')[3]).toMatch(/^\d{1,3} (good|decent|bad)$/);
    expect(fx.emulator.hits[0].query.sort_by).toBe('generated_at');
  });

  it('rejects an unknown result class with the allowed ones', async () => {
    const r = await run(['reports', 'list', '--result', 'great']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('good, decent, bad');
    expect(fx.emulator.hits).toHaveLength(0);
  });

  it('get lists failed checks first, by importance', async () => {
    // A report with passed checks and failed ones of more than one importance, so the order shows.
    const report = fx.emulator.reports().find((x) => {
      // The page itself (_url): the host keeps the URL without its scheme.
      const results = Object.values(analyse((x._url ?? x.url) as string, 0).results);
      return results.some((c) => c.passed) && new Set(results.filter((c) => !c.passed).map((c) => c.importance)).size > 1;
    })!;
    expect(report).toBeDefined();
    const r = await run(['reports', 'get', String(report.id)]);
    expect(r.code).toBe(0);
    const checks = r.stdout.split('\n').filter((l) => /^[✓✗] /.test(l));
    const firstPassed = checks.findIndex((l) => l.startsWith('✓'));
    expect(firstPassed).toBeGreaterThan(1);
    expect(checks.slice(0, firstPassed).every((l) => l.startsWith('✗'))).toBe(true);
    expect(checks.slice(firstPassed).every((l) => l.startsWith('✓'))).toBe(true);
    const rank = (l: string) => ['high', 'medium', 'low'].indexOf(/\t(?:passed|failed) \((\w+)\)/.exec(l)![1]);
    const failedRanks = checks.filter((l) => l.startsWith('✗')).map(rank);
    expect(failedRanks).toEqual([...failedRanks].sort((a, b) => a - b));
    expect(r.stdout).toMatch(/^Score\t\d{1,3} (good|decent|bad)$/m);
    // Each failed check says why, in words, from the server's value and errors.
    for (const l of checks.filter((x) => x.startsWith('✗'))) expect(l).toMatch(/\tfailed \((high|medium|low)\): [a-z0-9"]/);
  });

  it('create with the default privacy, update privacy, rerun with results=1', async () => {
    const c = await run(['reports', 'create', 'https://www.example.org/pricing', '--json']);
    expect(c.code).toBe(0);
    const rep = JSON.parse(c.stdout) as Rep & { privacy: number };
    // The host keeps the URL without scheme and www.; the privacy sent comes back as a string.
    expect(rep).toMatchObject({ url: 'example.org/pricing', privacy: 0 });
    expect(writes(fx.emulator)[0].body).toEqual({ url: 'https://www.example.org/pricing', privacy: '0' });

    const u = await run(['reports', 'update', String(rep.id), '--privacy', 'private', '--json']);
    expect(u.code).toBe(0);
    expect(JSON.parse(u.stdout)).toMatchObject({ id: rep.id, privacy: 1 });
    expect(writes(fx.emulator)[1].body).toEqual({ privacy: '1' });

    const again = await run(['reports', 'rerun', String(rep.id)]);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(new RegExp(`Re-ran report example\\.org/pricing \\(id ${rep.id}\\)`));
    expect(writes(fx.emulator)[2]).toMatchObject({ method: 'PUT', body: { results: '1' } });
    expect(again.stdout).toMatch(/^Score\t\d{1,3} (good|decent|bad)$/m);
  });

  it('a bad URL is refused before sending; delete --yes --json gives the report delete body', async () => {
    const bad = await run(['reports', 'create', 'ftp://nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('url: URL must be a full http:// or https:// address');
    const id = fx.emulator.reports()[0].id as number;
    const d = await run(['reports', 'delete', String(id), '--yes', '--json']);
    expect(d.code).toBe(0);
    expect(JSON.parse(d.stdout)).toEqual({ id, object: 'report', deleted: true });
  });

  it('--all over several pages of reports', async () => {
    const r = await run(['reports', 'list', '--all', '--per-page', '10', '--json']);
    const body = JSON.parse(r.stdout) as { data: Rep[]; meta: { total: number } };
    expect(body.data).toHaveLength(body.meta.total);
    expect(fx.emulator.hits.length).toBe(Math.ceil(body.meta.total / 10));
  });
});
