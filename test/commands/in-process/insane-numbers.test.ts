// Numbers no host should send, sent by the emulator over loopback to the real client and said as
// unknown in words: a wait past any sense (Retry-After, X-RateLimit-Reset) is never a garbled date
// nor waited for; a total that is not a count is `total unknown`, and no next page that cannot exist
// is offered (one page, --json, --all); a password echoed trimmed or re-cased is masked like an exact one.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/commands/exitCodes';
import { INSANE_WAIT } from '../../../src/domain/hostNumbers';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
const states = mkdtempSync(join(tmpdir(), 'sitedeck-numbers-'));
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 40 });
});
afterAll(() => fx.cleanup());
beforeEach(() => {
  fx.emulator.clearFaults();
  fx.emulator.clearHits();
});

let runs = 0;
/** A state folder of its own per run: the pace a 429 leaves is not the next run's. */
const run = (args: string[], input?: string) => {
  const dir = join(states, String(++runs));
  return runCommand(args, { env: { ...fx.env, XDG_STATE_HOME: dir, XDG_RUNTIME_DIR: dir }, input });
};
const listHits = () => fx.emulator.hits.filter((h) => h.method === 'GET' && /\/websites$/.test(h.path));

describe("a host's wait past any sense", () => {
  const waits: [string, string][] = [
    ['Retry-After', '99999999999999999999'],
    // 31,700 years: past the year 9999.
    ['Retry-After', String(1e12)],
    ['Retry-After', 'Thu, 01 Jan 1900 00:00:00 GMT'],
    ['X-RateLimit-Reset', '99999999999999'],
  ];
  for (const [name, value] of waits)
    it(`${name}: ${value} is said as not a sane time, not waited for, never a date`, async () => {
      fx.emulator.addFault({ host: 'analytics', method: 'GET', path: /\/websites$/, fault: { type: 'status', status: 429, headers: { [name]: value } } });
      const r = await run(['websites', 'list']);
      expect(r.code).toBe(EXIT.rateLimited);
      expect(r.stderr).toContain(`is limiting requests (429), but ${INSANE_WAIT} (${name}: ${value.slice(0, 40)})`);
      expect(r.stderr).not.toMatch(/UTC|\+0\d{5}/);
      // Asked once: a wait the host cannot mean is neither waited out nor asked again at once.
      expect(listHits()).toHaveLength(1);
    });

  it('a sane wait past max_wait still says when to try again, with its date', async () => {
    fx.emulator.addFault({ host: 'analytics', method: 'GET', path: /\/websites$/, fault: { type: 'status', status: 429, headers: { 'Retry-After': '3000' } } });
    const r = await run(['websites', 'list', '--max-wait', '5']);
    expect(r.code).toBe(EXIT.rateLimited);
    expect(r.stderr).toMatch(/try again after \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
  });
});

describe('a total that is not a count, a last page that cannot exist', () => {
  /** The host's own first page of websites, its meta replaced. */
  async function pageWith(meta: Record<string, unknown>) {
    const res = await fetch(`${fx.emulator.baseUrl}/api/v1/websites?per_page=10`, {
      headers: { Authorization: `Bearer ${fx.emulator.apiKey}`, Accept: 'application/json' },
    });
    const body = (await res.json()) as { data: unknown[]; meta: Record<string, unknown>; links?: unknown };
    return { ...body, links: {}, meta: { ...body.meta, ...meta } };
  }
  const serve = (body: unknown) =>
    fx.emulator.addFault({ host: 'analytics', method: 'GET', path: /\/websites$/, fault: { type: 'status', status: 200, body } });

  it('meta.total -5, last_page 1e9: one website shown, total unknown, no --page 2', async () => {
    const body = await pageWith({ total: -5, last_page: 1e9, current_page: 1 });
    body.data = body.data.slice(0, 1);
    serve(body);
    const r = await run(['websites', 'list']);
    expect(r.code, r.stderr).toBe(EXIT.ok);
    expect(r.stderr).toBe("1 website on page 1 · total unknown (the host's count is not one) · --all for every page\n");
    serve(body);
    const json = JSON.parse((await run(['websites', 'list', '--json'])).stdout) as { meta: { total: number | null; last_page: number } };
    expect([json.meta.total, json.meta.last_page]).toEqual([null, 1]);
    // --all reads the one page there is, not a billion; its count is what it read.
    fx.emulator.clearHits();
    serve(body);
    const all = await run(['websites', 'list', '--all', '--json']);
    expect(all.code, all.stderr).toBe(EXIT.ok);
    expect(listHits()).toHaveLength(1);
    expect((JSON.parse(all.stdout) as { meta: { total: number } }).meta.total).toBe(1);
  });

  it('a fraction, a negative or a string for the total is unknown; a full page may have a next one', async () => {
    for (const total of [2.5, -1, 'many', 1e300]) {
      serve(await pageWith({ total, last_page: 3, current_page: 1 }));
      const r = await run(['websites', 'list']);
      expect(r.stderr, String(total)).toBe(
        "10 websites on page 1 · total unknown (the host's count is not one) · --all for every page, --page 2 for the next\n",
      );
    }
  });

  it('a last page that disagrees with the total and the page size follows the total', async () => {
    serve(await pageWith({ total: 40, last_page: 1e9, current_page: 1 }));
    expect((await run(['websites', 'list'])).stderr).toBe('10 of 40 websites · --all for every page, --page 2 for the next\n');
    serve(await pageWith({ total: 40, last_page: 1e9, current_page: 4 }));
    const last = await run(['websites', 'list', '--page', '4', '--json']);
    expect((JSON.parse(last.stdout) as { meta: { last_page: number } }).meta.last_page).toBe(4);
  });
});

describe('a password echoed back changed', () => {
  const PW = 'Tr0ub4dor&3-horse';
  const echo = (said: string) =>
    fx.emulator.addFault({
      method: 'PUT',
      fault: { type: 'status', status: 422, body: { message: 'The given data was invalid.', errors: { password: [`The password ${said} is too common.`] } } },
    });
  for (const [how, sent, said] of [
    ['trimmed', `  ${PW}  `, PW],
    ['upper-cased', PW, PW.toUpperCase()],
    ['lower-cased and trimmed', ` ${PW} `, PW.toLowerCase()],
  ])
    it(`${how}: masked like an exact echo`, async () => {
      echo(said);
      const r = await run(['websites', 'update', '1', '--privacy', 'password', '--password-stdin'], `${sent}\n`);
      expect(r.code).toBe(EXIT.validation);
      expect((r.stdout + r.stderr).toLowerCase()).not.toContain(PW.toLowerCase());
      expect(r.stderr).toContain('The password ‹the password you set› is too common.');
    });
});

describe('a moment past sense, wherever a wait is said', () => {
  it('the wait line and the error words say it in words, never a garbled date', async () => {
    const { waitLine } = await import('../../../src/commands/waitNotice');
    const { messageFor } = await import('../../../src/api/messages');
    const now = Date.UTC(2026, 0, 1);
    expect(waitLine('analytics host h', now + 1e15, now)).toBe(`sitedeck: rate limit of the analytics host h · waiting, but ${INSANE_WAIT}; Ctrl+C stops\n`);
    const words = messageFor(
      {
        kind: 'rateLimited',
        host: 'analytics',
        origin: 'https://h.example',
        method: 'GET',
        path: '/',
        status: 429,
        retryAfter: 1e12,
        retryAt: now + 1e15,
        maxWaitSec: 300,
      },
      { noun: 'website' },
    );
    expect(words).toContain(INSANE_WAIT);
    expect(words).not.toMatch(/UTC/);
  });
});
