// Terminals as they are: every command that prints glyphs, run in a locale that cannot encode
// UTF-8 (LANG=C, LC_ALL=C, LC_ALL over a UTF-8 LANG), writes nothing but ASCII on stdout and stderr,
// on a terminal and piped; on TERM=dumb (stdout and stderr terminals) it writes no escape at all:
// no colour, no bold, progress a whole line at a time. In UTF-8 the same runs show the glyphs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
let ids: { website: number; report: number; reports: string; project: string };
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 25 });
  const reports = fx.emulator.reports();
  ids = {
    website: fx.emulator.websites()[0].id as number,
    report: reports[0].id as number,
    reports: reports.map((r) => r.id).join(','),
    project: reports[0].project as string,
  };
});
afterAll(() => fx.cleanup());

/** Every command that prints a glyph: ✓ ✗ ▲ ◆ ▽ · … — – • █ ▓ ░ ↑ (checks, gates, importance, cuts, empty cells, masks, bars, progress). */
const COMMANDS: readonly { name: string; args: () => string[]; input?: string }[] = [
  { name: 'websites list', args: () => ['websites', 'list', '--per-page', '25'] },
  { name: 'websites list --all --progress', args: () => ['websites', 'list', '--all', '--per-page', '10', '--progress'] },
  { name: 'websites get', args: () => ['websites', 'get', String(ids.website)] },
  { name: 'reports list', args: () => ['reports', 'list'] },
  { name: 'reports get', args: () => ['reports', 'get', String(ids.report)] },
  { name: 'reports projects', args: () => ['reports', 'projects', '--progress'] },
  { name: 'reports audit', args: () => ['reports', 'audit'] },
  { name: 'reports audit --format md', args: () => ['reports', 'audit', '--format', 'md'] },
  { name: 'reports audit --format html', args: () => ['reports', 'audit', '--format', 'html'] },
  { name: 'reports audit --format junit', args: () => ['reports', 'audit', '--format', 'junit'] },
  { name: 'reports audit --format json', args: () => ['reports', 'audit', '--format', 'json'] },
  { name: 'reports audit gate failed', args: () => ['reports', 'audit', '--fail-on', 'low'] },
  { name: 'reports audit gate passed', args: () => ['reports', 'audit', '--project', 'no-such.example', '--allow-empty'] },
  { name: 'reports get --json', args: () => ['reports', 'get', String(ids.report), '--json'] },
  { name: 'reports list --format ndjson', args: () => ['reports', 'list', '--format', 'ndjson'] },
  { name: 'bulk update', args: () => ['websites', 'update', '--ids', `${ids.website},999999`, '--email', 'enabled', '--progress'] },
  { name: 'bulk rerun --dry-run', args: () => ['reports', 'rerun', '--ids', ids.reports, '--dry-run'] },
  { name: 'doctor', args: () => ['doctor'] },
  { name: 'config show', args: () => ['config', 'show'] },
  { name: 'config show --json', args: () => ['config', 'show', '--json'] },
  { name: 'help', args: () => ['reports', 'audit', '--help'] },
  { name: 'a refusal', args: () => ['websites', 'update', '--ids', '-'], input: 'grovefarm.com\tPrivate\n' },
];

const run = (args: string[], env: Record<string, string>, terminal: boolean, input?: string) =>
  terminal ? runCommand(args, { env: { ...fx.env, ...env }, terminal: { columns: 100 }, input }) : runCommand(args, { env: { ...fx.env, ...env }, input });

const nonAscii = (s: string) => [...new Set(s.replace(/[\x00-\x7f]/g, ''))].join('');

describe('a locale that cannot encode UTF-8', () => {
  const LOCALES: readonly Record<string, string>[] = [
    { LANG: 'C' },
    { LC_ALL: 'C' },
    { LC_ALL: 'POSIX', LANG: 'en_GB.UTF-8' },
    { LANG: 'C.UTF-8', LC_CTYPE: 'C' },
  ];
  for (const terminal of [true, false]) {
    it(`every command writes ASCII only ${terminal ? 'on a terminal' : 'piped'}, in every such locale; in UTF-8 its glyphs`, async () => {
      const shown = new Set<string>();
      for (const c of COMMANDS) {
        const utf8 = await run(c.args(), { LANG: 'C.UTF-8' }, terminal, c.input);
        for (const ch of nonAscii(utf8.stdout + utf8.stderr)) shown.add(ch);
        for (const locale of LOCALES) {
          const r = await run(c.args(), locale, terminal, c.input);
          expect(r.code, `${c.name} ${JSON.stringify(locale)}`).toBe(utf8.code);
          expect(nonAscii(r.stdout), `${c.name} ${JSON.stringify(locale)}: stdout`).toBe('');
          expect(nonAscii(r.stderr), `${c.name} ${JSON.stringify(locale)}: stderr`).toBe('');
        }
      }
      // The runs above print the glyphs the issue names, so the fallback is what made them ASCII.
      for (const g of terminal ? '✓✗▲◆▽·…—█' : '✓✗▲·—') expect([...shown].join(''), g).toContain(g);
    });
  }

  it('--json stays exact: the glyphs a string holds are \\u escapes, the same value in every locale', async () => {
    const a = await run(['config', 'show', '--json'], { LANG: 'C.UTF-8', SITEDECK_API_KEY: 'k' }, false);
    const b = await run(['config', 'show', '--json'], { LANG: 'C', SITEDECK_API_KEY: 'k' }, false);
    expect(b.stdout).toBe(a.stdout);
    expect(JSON.parse(a.stdout)).toEqual(JSON.parse(b.stdout));
  });
});

describe('TERM=dumb', () => {
  it('on a terminal: no colour, bold or cursor control from any command; progress a whole line at a time', async () => {
    let escapesElsewhere = 0;
    for (const c of COMMANDS) {
      const dumb = await run(c.args(), { TERM: 'dumb' }, true, c.input);
      expect(dumb.stdout.includes('\x1b'), `${c.name}: stdout`).toBe(false);
      expect(dumb.stderr.includes('\x1b'), `${c.name}: stderr`).toBe(false);
      const xterm = await run(c.args(), { TERM: 'xterm-256color' }, true, c.input);
      if ((xterm.stdout + xterm.stderr).includes('\x1b')) escapesElsewhere++;
    }
    // The same runs on a terminal that takes them do write colour, bold and progress in place.
    expect(escapesElsewhere).toBeGreaterThan(3);
    const progress = await run(['websites', 'list', '--all', '--per-page', '10'], { TERM: 'dumb' }, true);
    expect(progress.stderr).toMatch(/^websites 10\/25\nwebsites 20\/25\nwebsites 25\/25\n/);
  });
});
