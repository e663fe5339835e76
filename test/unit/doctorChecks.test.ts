// The pure parts of `sitedeck doctor`: the clock against a host's Date header (the clock given, not
// read), the terminal from its facts, and the exit code and text from a list of checks.
import { describe, expect, it } from 'vitest';
import { doctorExitCode, doctorText, type DoctorCheck } from '../../src/commands/doctorCheck';
import { ApiError, type ApiErrorInit } from '../../src/api/errors';
import { clock, hostChecks, type HostProbe } from '../../src/commands/doctorHosts';
import { EXIT } from '../../src/commands/exitCodes';
import { terminalChecks, type TerminalFacts } from '../../src/terminal/checks';

const HOST_AT = Date.parse('Wed, 25 Nov 2026 10:00:00 GMT');
const date = new Date(HOST_AT).toUTCString();

describe('the clock check', () => {
  it('passes within 5 s either way, the header counting whole seconds', () => {
    expect(clock({ date, localAt: HOST_AT + 5_999 }).status).toBe('ok');
    expect(clock({ date, localAt: HOST_AT - 5_000 }).status).toBe('ok');
  });
  it('warns past 5 s, saying ahead or behind and by how much', () => {
    expect(clock({ date, localAt: HOST_AT + 91_000 })).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/^90 s ahead of the host's/),
      fix: expect.stringContaining('ntp'),
    });
    expect(clock({ date, localAt: HOST_AT - 3_600_000 }).detail).toMatch(/^3600 s behind the host's/);
  });
  it('says so when the host sends no Date', () => {
    expect(clock({ date: undefined, localAt: HOST_AT })).toEqual({ status: 'ok', detail: 'not compared: the host sent no Date header' });
  });
});

describe('the terminal checks', () => {
  const status = (facts: Parameters<typeof terminalChecks>[0]) => Object.fromEntries(terminalChecks(facts).map((c) => [c.id, c.status]));
  const good = { env: { TERM: 'xterm-256color', LANG: 'en_GB.UTF-8' }, size: { columns: 120, rows: 40 }, mouseSetting: true };

  it('all pass on a large UTF-8 terminal outside tmux', () => {
    expect(Object.values(status(good)).every((s) => s === 'ok')).toBe(true);
  });
  it("warns below the deck's smallest size, without UTF-8, without colour, with tmux's set-clipboard off", () => {
    expect(status({ ...good, size: { columns: 59, rows: 40 } })['terminal.size']).toBe('warn');
    expect(status({ ...good, env: { ...good.env, LANG: 'C', LC_ALL: undefined } })['terminal.utf8']).toBe('warn');
    expect(status({ ...good, env: { ...good.env, LC_ALL: 'C.UTF-8', LANG: 'C' } })['terminal.utf8']).toBe('ok');
    expect(status({ ...good, env: { ...good.env, NO_COLOR: '1' } })['terminal.colour']).toBe('warn');
    const off = terminalChecks({ ...good, tmux: { setClipboard: 'off', mouse: 'on' } });
    expect(off.find((c) => c.id === 'terminal.tmux')).toMatchObject({ status: 'warn', fix: 'add `set -g set-clipboard on` to ~/.tmux.conf' });
    expect(off.find((c) => c.id === 'terminal.mouse')!.detail).toBe('on; tmux mouse on (hold Shift to select text)');
  });
  it('says the background the themes are for, and how to say it when the environment does not', () => {
    const line = (env: Record<string, string | undefined>) =>
      terminalChecks({ ...good, env: { ...good.env, ...env } }).find((c) => c.id === 'terminal.background');
    const unknown = line({})!.detail;
    expect(unknown).toMatch(/^unknown here \(COLORFGBG unset\): .*auto: dark, high-contrast: high-contrast-dark/);
    expect(unknown).toMatch(/`sitedeck config set theme light` or high-contrast-light\) or COLORFGBG=0;15$/);
    expect(line({ COLORFGBG: '0;15' })!.detail).toMatch(/^light \(COLORFGBG=0;15\)/);
    expect(line({ SITEDECK_THEME: 'High-Contrast-Light' })!.detail).toBe('not asked: SITEDECK_THEME=high-contrast-light names the theme');
    // Without colour there are no themes to choose.
    expect(line({ NO_COLOR: '1' })).toBeUndefined();
  });
  it('names the screen reader mode', () => {
    const reader = (f: TerminalFacts) => terminalChecks(f).find((c) => c.id === 'terminal.screen_reader')!.detail;
    expect(reader({ ...good, env: { ...good.env, INK_SCREEN_READER: 'true' } })).toBe('on (INK_SCREEN_READER=true): the deck speaks linear text');
    expect(reader({ ...good, screenReaderSetting: true })).toBe('on (setting screen_reader): the deck speaks linear text');
    expect(reader({ ...good, screenReaderSetting: false })).toMatch(/^off \(--screen-reader/);
  });
});

describe('the report', () => {
  const c = (id: string, status: DoctorCheck['status'], code?: DoctorCheck['code']): DoctorCheck => ({
    id,
    group: id.split('.')[0],
    status,
    title: id,
    detail: 'd',
    fix: 'f',
    code,
  });
  it('exits 0 with warnings, else with the code of the first failure', () => {
    expect(doctorExitCode([c('a.x', 'ok'), c('a.y', 'warn')])).toBe(EXIT.ok);
    expect(doctorExitCode([c('a.x', 'warn'), c('b.y', 'fail', EXIT.auth), c('c.z', 'fail', EXIT.server)])).toBe(EXIT.auth);
    expect(doctorExitCode([c('a.x', 'fail')])).toBe(EXIT.usage);
  });
  it('prints a heading per group, ✓ ! ✗, and the fix only under a warning or a failure', () => {
    expect(doctorText([c('config.a', 'ok'), c('config.b', 'warn'), c('seo.c', 'fail', EXIT.server)])).toBe(
      [
        'Config',
        '  ✓ config.a  d',
        '  ! config.b  d',
        '              fix: f',
        '',
        'SEO host',
        '  ✗ seo.c     d',
        '              fix: f',
        '',
        '1 failure, 1 warning (exit 7).',
        '',
      ].join('\n'),
    );
  });
});

describe('the checks of one host, from what its one request found', () => {
  const origin = 'https://stats.example.com';
  const answer = { host: 'analytics' as const, status: 200, date, limit: 60, remaining: 57, localAt: HOST_AT };
  const probe = (p: Partial<HostProbe> = {}): HostProbe => ({
    host: 'analytics',
    origin,
    address: { kind: 'resolved', name: 'stats.example.com', address: '192.0.2.7' },
    ms: 40,
    answer,
    ...p,
  });
  const err = (init: Partial<ApiErrorInit>) =>
    new ApiError({ kind: 'server', host: 'analytics', origin, method: 'GET', path: '/public/api/v1/websites', ...init }, `message for ${init.kind}`);
  const byId = (p: HostProbe) => Object.fromEntries(hostChecks(p).map((c) => [c.id.split('.')[1], c]));

  it('all pass on a good answer, naming the address, https and the budget', () => {
    const c = byId(probe());
    expect(Object.values(c).every((x) => x.status === 'ok')).toBe(true);
    expect(c.address.detail).toBe('stats.example.com is 192.0.2.7');
    expect(c.connection.detail).toBe('https://stats.example.com answered 200 in 40 ms, its certificate trusted');
    expect(c.budget.detail).toBe('57 of 60 requests left in this window');
  });
  it('a name not found: ✗ exit 7; through a proxy the proxy resolves it and is named, masked as given', () => {
    expect(
      byId(probe({ address: { kind: 'unresolved', name: 'stats.example.com', code: 'ENOTFOUND' }, answer: undefined, error: err({ kind: 'network' }) }))
        .address,
    ).toMatchObject({ status: 'fail', code: EXIT.server });
    const c = byId(probe({ address: { kind: 'proxy', name: 'stats.example.com' }, proxy: 'http://•••:•••@proxy:3128' }));
    expect(c.address.detail).toBe('stats.example.com, resolved by the proxy');
    expect(c.connection.detail).toContain('through the proxy http://•••:•••@proxy:3128');
  });
  it('a refused key is 3, no access 3, a list that is not there 4, a server error 7', () => {
    expect(byId(probe({ error: err({ kind: 'auth', status: 401 }) })).key).toMatchObject({ status: 'fail', detail: 'refused (401)', code: EXIT.auth });
    expect(byId(probe({ error: err({ kind: 'forbidden', status: 403 }) })).key).toMatchObject({ status: 'fail', code: EXIT.auth });
    expect(byId(probe({ error: err({ kind: 'notFound', status: 404 }) })).key).toMatchObject({ status: 'fail', code: EXIT.notFound });
    expect(byId(probe({ error: err({ kind: 'server', status: 500 }) })).key).toMatchObject({ status: 'fail', code: EXIT.server });
  });
  it('a low budget and a 429 are warnings, not failures; no limit announced passes', () => {
    expect(byId(probe({ answer: { ...answer, remaining: 5 } })).budget).toMatchObject({
      status: 'warn',
      detail: '5 of 60 requests left in this window: the next ones will wait',
    });
    const limited = byId(probe({ error: err({ kind: 'rateLimited', status: 429, retryAfter: 42 }) }));
    expect(limited.key.status).toBe('warn');
    expect(limited.budget).toMatchObject({ status: 'warn', detail: 'none left: requests wait 42 s for the next window' });
    expect(byId(probe({ answer: { ...answer, limit: undefined, remaining: undefined } })).budget.status).toBe('ok');
  });
  it('plain http to another machine warns; on this machine it does not', () => {
    expect(byId(probe({ origin: 'http://stats.example.com' })).encryption.status).toBe('warn');
    expect(byId(probe({ origin: 'http://127.0.0.1:8080', address: { kind: 'ip' } })).encryption.status).toBe('ok');
  });
  it('no answer: ✗ connection, the key not checked, no budget or clock', () => {
    const c = byId(probe({ answer: undefined, error: err({ kind: 'network' }) }));
    expect(c.connection).toMatchObject({ status: 'fail', detail: 'message for network', code: EXIT.server });
    expect(c.key.status).toBe('warn');
    expect(c.budget).toBeUndefined();
    expect(c.clock).toBeUndefined();
  });
});
