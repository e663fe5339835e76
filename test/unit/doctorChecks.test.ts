// The pure parts of `sitedeck doctor`: the clock against a host's Date header (the clock given, not
// read), the terminal from its facts, and the exit code and text from a list of checks.
import { describe, expect, it } from 'vitest';
import { doctorExitCode, doctorText, type DoctorCheck } from '../../src/commands/doctorCheck';
import { clock } from '../../src/commands/doctorHosts';
import { EXIT } from '../../src/commands/exitCodes';
import { terminalChecks } from '../../src/ui/terminalChecks';

const HOST_AT = Date.parse('Wed, 25 Nov 2026 10:00:00 GMT');
const date = new Date(HOST_AT).toUTCString();

describe('the clock check', () => {
  it('passes within 5 s either way, the header counting whole seconds', () => {
    expect(clock({ date, localAt: HOST_AT + 5_999 }).status).toBe('ok');
    expect(clock({ date, localAt: HOST_AT - 5_000 }).status).toBe('ok');
  });
  it('warns past 5 s, saying ahead or behind and by how much', () => {
    expect(clock({ date, localAt: HOST_AT + 91_000 })).toMatchObject({ status: 'warn', detail: expect.stringMatching(/^90 s ahead of the host's/), fix: expect.stringContaining('ntp') });
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
  it('names the screen reader mode', () => {
    expect(terminalChecks({ ...good, env: { ...good.env, INK_SCREEN_READER: 'true' } }).find((c) => c.id === 'terminal.screen_reader')!.detail).toMatch(/^on/);
  });
});

describe('the report', () => {
  const c = (id: string, status: DoctorCheck['status'], code?: DoctorCheck['code']): DoctorCheck => ({ id, group: id.split('.')[0], status, title: id, detail: 'd', fix: 'f', code });
  it('exits 0 with warnings, else with the code of the first failure', () => {
    expect(doctorExitCode([c('a.x', 'ok'), c('a.y', 'warn')])).toBe(EXIT.ok);
    expect(doctorExitCode([c('a.x', 'warn'), c('b.y', 'fail', EXIT.auth), c('c.z', 'fail', EXIT.server)])).toBe(EXIT.auth);
    expect(doctorExitCode([c('a.x', 'fail')])).toBe(EXIT.usage);
  });
  it('prints a heading per group, ✓ ! ✗, and the fix only under a warning or a failure', () => {
    expect(doctorText([c('config.a', 'ok'), c('config.b', 'warn'), c('seo.c', 'fail', EXIT.server)])).toBe(
      ['Config', '  ✓ config.a  d', '  ! config.b  d', '              fix: f', '', 'SEO host', '  ✗ seo.c     d', '              fix: f', '', '1 failure, 1 warning (exit 7).', ''].join('\n'),
    );
  });
});
