// Tables and notes on a terminal (stdout and stderr one, in-process): scores coloured unless
// NO_COLOR, what a list left out, an empty answer, a page past the last, wide cells cut to fit; the
// notes piped go to stderr (the prompts and the deck on a real pty: ../../bundle/terminal.test.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 12 });
});
afterAll(() => fx.cleanup());
beforeEach(() => fx.emulator.clearHits());

const lines = (out: string) => out.replace(/\r/g, '').split('\n').filter(Boolean);
const onTerminal = (args: string[], env: Record<string, string> = fx.env, columns = 120) => runCommand(args, { env, terminal: { columns } });

describe('on a terminal', () => {
  it('reports list shows the score as "87 good", coloured unless NO_COLOR', async () => {
    const plain = await onTerminal(['reports', 'list', '--per-page', '10'], { ...fx.env, NO_COLOR: '1' });
    expect(plain.code).toBe(0);
    const [head, ...after] = lines(plain.screen);
    const rows = after.filter((l) => !/ of \d+ reports · /.test(l));
    expect(rows).toHaveLength(after.length - 1);
    // Every project is its URL's host, so the column that would repeat it is left out.
    expect(head).toMatch(/^ID\s+URL\s+SCORE\s+GENERATED$/);
    expect(rows.join('\n')).not.toMatch(/https:\/\/|www\./);
    const col = head.indexOf('SCORE');
    for (const row of rows) expect(row.slice(col)).toMatch(/^\d{1,3} (good|decent|bad)\s/);
    expect(plain.screen).not.toContain('\x1b[');
    const coloured = await onTerminal(['reports', 'list', '--per-page', '10']);
    expect(coloured.code).toBe(0);
    expect(coloured.screen).toMatch(/\x1b\[3[123]m\d{1,3} (good|decent|bad)/);
  });

  it('a list says what it left out, what an empty one was asked, and a page past the last; piped, the note goes to stderr', async () => {
    const empty = await onTerminal(['websites', 'list', '--search', 'no-such-site']);
    expect(empty.code).toBe(0);
    expect(lines(empty.screen)).toEqual(['No websites match "no-such-site".']);
    const pipedEmpty = await runCommand(['websites', 'list', '--search', 'no-such-site'], { env: fx.env });
    expect(pipedEmpty).toMatchObject({ code: 0, stdout: '', stderr: 'No websites match "no-such-site".\n' });
    const json = await runCommand(['websites', 'list', '--search', 'no-such-site', '--json'], { env: fx.env });
    expect(JSON.parse(json.stdout)).toMatchObject({ data: [], meta: { total: 0 } });
    expect(json.stderr).toBe('');
    const piped = await runCommand(['websites', 'list'], { env: fx.env });
    expect(piped.stdout.trim().split('\n')).toHaveLength(10);
    expect(piped.stderr).toBe('10 of 12 websites · --all for every page, --page 2 for the next\n');
    const csv = await runCommand(['websites', 'list', '--format', 'csv'], { env: fx.env });
    expect(csv.stderr).toContain('10 of 12 websites');
    const past = await runCommand(['websites', 'list', '--page', '99'], { env: fx.env });
    expect(past).toMatchObject({ code: 0, stdout: '', stderr: 'page 99 of 2: empty (12 websites in all; --page 2 is the last)\n' });
    const all = await runCommand(['websites', 'list', '--all'], { env: fx.env });
    expect(all.stderr).not.toContain(' of 12 ');
  });

  it('cuts wide cells to fit and keeps columns aligned', async () => {
    fx.emulator.insertRaw('reports', { url: `https://wide.example/${'路径'.repeat(40)}`, project: 'wide.example', result: 50, privacy: 0 });
    const table = await onTerminal(['--no-color', 'reports', 'list', '--per-page', '10'], fx.env, 90);
    expect(table.code).toBe(0);
    const [head, first] = lines(table.screen);
    expect(first).toContain('…');
    // SCORE starts at the same display column in the header and in the row with wide characters,
    // and the row fits the terminal; the URL keeps its host's start and its path's end.
    const { default: stringWidth } = await import('string-width');
    const at = (line: string, word: string) => stringWidth(line.slice(0, line.indexOf(word)));
    expect(at(first, '50 decent')).toBe(at(head, 'SCORE'));
    expect(stringWidth(first)).toBeLessThanOrEqual(90);
    expect(first).toMatch(/wide\.example\/路径.*….*路径/);
  });
});
