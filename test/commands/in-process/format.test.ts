import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { WEBSITES, REPORTS } from '../../../src/domain';
import { renderDetail, renderList } from '../../../src/commands/format/records';
import { renderTable } from '../../../src/commands/format/table';
import { cut } from '../../../src/text/width';
import { listFlags, writeFlags } from '../../../src/commands/flags';

describe('table formatting', () => {
  it('cuts to the display width even across wide characters and emoji', () => {
    for (let w = 3; w < 30; w++) {
      expect(stringWidth(cut('路径路径路径🚀🚀abc路径路径路径路径', w))).toBeLessThanOrEqual(w);
    }
    expect(cut('short', 10)).toBe('short');
  });

  it('aligns columns by display width', () => {
    const out = renderTable(
      [
        { header: 'ID', max: 6 },
        { header: 'NAME', max: 10, flex: true },
        { header: 'X', max: 3 },
      ],
      [
        ['1', '日本語のドメイン.jp', 'a'],
        ['22', 'ab', 'b'],
      ],
      { termWidth: 20 },
    );
    // Wide characters take two columns each: the X column starts at the same place on every row.
    expect(out).toMatchInlineSnapshot(`
      "ID  NAME           X
      1   日本語のドメ…  a
      22  ab             b
      "
    `);
    const lines = out.trimEnd().split('\n');
    const xAt = lines.map((l) => stringWidth(l.slice(0, l.lastIndexOf(l.trimEnd().slice(-1)))));
    expect(new Set(xAt).size).toBe(1);
  });

  it('renders labels, not numbers, and the score with its class', () => {
    const site = {
      id: 1,
      domain: 'a.example',
      privacy: 2,
      password: true,
      email: 1,
      exclude_bots: 0,
      exclude_ips: '1.1.1.1\n2.2.2.2',
      created_at: null,
      updated_at: null,
      extra: {},
    };
    expect(renderList(WEBSITES, [site], { tty: false, color: false, columns: 80 })).toBe('1\ta.example\tPassword\tEnabled\tDisabled\n');
    const detail = renderDetail(WEBSITES, site, { tty: true, color: false, columns: 80 });
    expect(detail).toMatch(/^Password\s+set$/m);
    expect(detail).toMatch(/^Exclude IPs\s+1\.1\.1\.1, 2\.2\.2\.2$/m);
    const rep = {
      id: 2,
      url: 'https://b.example/',
      project: 'b.example',
      result: 87,
      result_class: 'good',
      privacy: 0,
      password: null,
      checks: [],
      generated_at: '2024-10-13T13:09:15.000000Z',
      created_at: null,
      updated_at: null,
      extra: {},
    };
    expect(renderList(REPORTS, [rep], { tty: false, color: false, columns: 80 })).toBe('2\thttps://b.example/\tb.example\t87 good\t2024-10-13 13:09\n');
  });

  it('generates one flag per list parameter and writable field', () => {
    expect(listFlags(WEBSITES).map((f) => f.flags.split(' ')[0])).toEqual(['--search', '--search-by', '--sort-by', '--sort', '--per-page', '--page']);
    expect(writeFlags(WEBSITES, 'create').map((f) => f.flags.split(' ')[0])).toEqual([
      '--privacy',
      '--password',
      '--password-stdin',
      '--email',
      '--exclude-bots',
      '--exclude-params',
      '--exclude-ips',
    ]);
    expect(writeFlags(REPORTS, 'update').map((f) => f.attr)).toEqual(['privacy', 'password', 'passwordStdin', 'results']);
  });
});
