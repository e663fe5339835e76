// sitedeck's own output piped into `--ids -`: every format `list` writes (the piped lines, the
// table a terminal shows, --json, csv, tsv, json, ndjson) and a bulk run's own lines give back
// exactly the ids listed, to `update --dry-run` and `delete --dry-run`, with no write sent.
import { describe, expect, it } from 'vitest';
import { emulatorFixture, writes } from '../helpers';
import { runCommand } from '../inProcess';

/** How a list is written: its flags, and whether stdout is a terminal (the aligned table). */
const LIST_FORMATS: readonly { name: string; flags: string[]; terminal?: boolean }[] = [
  { name: 'piped lines', flags: [] },
  { name: 'the table on a terminal', flags: [], terminal: true },
  { name: '--json', flags: ['--json'] },
  { name: 'csv', flags: ['--format', 'csv'] },
  { name: 'tsv', flags: ['--format', 'tsv'] },
  { name: 'json', flags: ['--format', 'json'] },
  { name: 'ndjson', flags: ['--format', 'ndjson'] },
  { name: 'csv --all', flags: ['--format', 'csv', '--all'] },
];

/** The writes each resource is piped into, each a dry run. */
const TARGETS = {
  websites: [
    ['update', '--email', 'enabled'],
    ['delete', '--yes'],
  ],
  reports: [['update', '--privacy', 'public'], ['delete', '--yes'], ['rerun']],
} as const;

const dryRunIds = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { id: number; status: string })
    .map((l) => (expect(l.status).toMatch(/^would-(update|delete|rerun)$/), l.id));

describe('pipes between its own commands: list | … --ids - --dry-run', () => {
  for (const resource of ['websites', 'reports'] as const) {
    it(`${resource}: every list format pipes its ids, exactly, and nothing is written`, async () => {
      const fx = await emulatorFixture({ seed: 5 });
      try {
        const all = resource === 'websites' ? fx.emulator.websites() : fx.emulator.reports();
        const want = all
          .map((r) => r.id as number)
          .sort((a, b) => a - b)
          .slice(0, 5);
        for (const format of LIST_FORMATS) {
          const args = [resource, 'list', '--sort-by', 'id', '--sort', 'asc', '--per-page', '10', ...format.flags];
          const listed = format.terminal ? await runCommand(args, { env: fx.env, terminal: { columns: 200 } }) : await runCommand(args, { env: fx.env });
          expect(listed.code, `${format.name}: ${listed.stderr}`).toBe(0);
          for (const target of TARGETS[resource]) {
            const r = await runCommand([resource, ...target, '--ids', '-', '--dry-run', '--json'], { env: fx.env, input: listed.stdout });
            expect(r.code, `${format.name} | ${target.join(' ')}: ${r.stderr}`).toBe(0);
            expect(dryRunIds(r.stdout), `${format.name} | ${target.join(' ')}`).toEqual(want);
          }
        }
        expect(writes(fx.emulator)).toEqual([]);
      } finally {
        await fx.cleanup();
      }
    });
  }

  it("a bulk run's own output (piped lines, --json lines) pipes into the next, and CRLF, blanks and duplicates still read as before", async () => {
    const fx = await emulatorFixture({ seed: 4, seedReports: 0 });
    try {
      const ids = fx.emulator
        .websites()
        .map((w) => w.id as number)
        .sort((a, b) => a - b);
      const dry = (input: string) => runCommand(['websites', 'delete', '--ids', '-', '--dry-run', '--json'], { env: fx.env, input });
      const plain = await runCommand(['websites', 'update', '--ids', ids.join(','), '--dry-run', '--email', 'enabled'], { env: fx.env });
      const json = await runCommand(['websites', 'update', '--ids', ids.join(','), '--dry-run', '--email', 'enabled', '--json'], { env: fx.env });
      for (const out of [plain.stdout, json.stdout]) expect(dryRunIds((await dry(out)).stdout)).toEqual(ids);
      const crlf = `${ids[1]}\r\n\r\n${ids[0]}, ${ids[1]}\r\n  ${ids[2]}\t\r\n`;
      expect(dryRunIds((await dry(crlf)).stdout)).toEqual([ids[1], ids[0], ids[2]]);
      expect(dryRunIds((await dry(`id,domain\r\n"${ids[0]}","a, ""b"""\r\n${ids[0]},c\r\n`)).stdout)).toEqual([ids[0]]);
      expect(writes(fx.emulator)).toEqual([]);
    } finally {
      await fx.cleanup();
    }
  });

  it('refuses a line that is not a record of the list, naming it, and sends nothing', async () => {
    const fx = await emulatorFixture({ seed: 2, seedReports: 0 });
    try {
      const id = fx.emulator.websites()[0].id as number;
      const cases: [string, string][] = [
        [`${id}\ngrovefarm.com\tPrivate\n`, '--ids: ids are whole numbers from 1 (got "grovefarm.com")'],
        [`${id} banana\n`, '(got "banana")'],
        [`{"id": ${id}}\n{"domain": "x"}\n`, '--ids -: line 2 has no "id"; nothing was sent'],
        [`{"id": ${id}}\nnot json\n`, '--ids -: line 2 is not JSON (malformed)'],
      ];
      for (const [input, said] of cases) {
        const r = await runCommand(['websites', 'delete', '--ids', '-', '--yes'], { env: fx.env, input });
        expect(r.code, input).toBe(2);
        expect(r.stderr).toContain(said);
      }
      expect(writes(fx.emulator)).toEqual([]);
    } finally {
      await fx.cleanup();
    }
  });
});
