// A release gate never passes on nothing: every `--fail-on` value (read from its table, so the next
// one is covered by being added) and `--max-failing`, each against every input that leaves it
// nothing to judge — no report on the host, none matching, none analysed, no earlier analysis —
// run in-process against the emulator, with and without --allow-empty; then a property over any
// mix of rules × those inputs. A check --max-failing does not know is refused, never a rule off.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAIL_ON, FAIL_ON_ROWS } from '../../../src/commands/audit/formats';
import { EXIT } from '../../../src/commands/exitCodes';
import { CHECKS } from '../../../src/domain';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

/** A host with no report at all, and one with reports of a few projects. */
let bare: Fixture;
let fx: Fixture;
const states = mkdtempSync(join(tmpdir(), 'sitedeck-gate-'));
let runs = 0;
/** A state folder of its own per run: no score history from an earlier one. */
const fresh = () => join(states, String(++runs));

const at = '2024-10-01T10:00:00.000000Z';
const report = (url: string, results: Record<string, unknown>) => ({
  url,
  // The page the emulator fetches on a re-run.
  _url: `https://${url}`,
  project: url.split('/')[0],
  result: 40,
  privacy: 0,
  generated_at: at,
  created_at: at,
  updated_at: at,
  results,
});

beforeAll(async () => {
  [bare, fx] = await Promise.all([emulatorFixture(), emulatorFixture()]);
  // Analysed once each (no older report): the title fails, the rest pass.
  for (const path of ['a', 'b'])
    fx.emulator.insertRaw(
      'reports',
      report(`once.example/${path}`, Object.fromEntries(CHECKS.map((c) => [c.name, { passed: c.name !== 'title', importance: c.importance }]))),
    );
  // Listed, but with no check's verdict yet.
  fx.emulator.insertRaw('reports', report('pending.example/a', {}));
});
afterAll(() => Promise.all([bare.cleanup(), fx.cleanup()]));

type Reads = 'verdicts' | 'history';

/** Each rule a gate can have: every --fail-on value from its table, and a budget. */
const RULES: { flags: string[]; reads: Reads }[] = [
  ...FAIL_ON.map((v) => ({ flags: ['--fail-on', v], reads: FAIL_ON_ROWS[v].reads as Reads })),
  // title fails on the pages read: a budget of 0 breaks when judged.
  { flags: ['--max-failing', 'title=0'], reads: 'verdicts' },
];

/** Each input that leaves a rule nothing to judge, and which rules can still judge on it. */
const INPUTS: { name: string; fx: () => Fixture; project?: string; judges: (r: Reads) => boolean }[] = [
  { name: 'no reports on the host', fx: () => bare, judges: () => false },
  { name: 'no report matching', fx: () => fx, project: 'none.example', judges: () => false },
  { name: 'no page analysed', fx: () => fx, project: 'pending.example', judges: () => false },
  // The title fails on both pages, so a rule that can judge here breaks (exit 9), never passes.
  { name: 'no earlier analysis', fx: () => fx, project: 'once.example', judges: (r) => r !== 'history' },
];

interface GateJson {
  meta: { gate: { passed: boolean; unjudged: { rule: string; why: string }[]; notes: string[] } };
}

const audit = (input: (typeof INPUTS)[number], flags: readonly string[], extra: readonly string[] = []) =>
  runCommand(['reports', 'audit', ...(input.project ? ['--project', input.project] : []), ...flags, ...extra], {
    env: { ...input.fx().env, XDG_STATE_HOME: fresh() },
  });

describe('a release gate that judged nothing', () => {
  for (const rule of RULES)
    for (const input of INPUTS) {
      const judges = input.judges(rule.reads);
      const outcome = judges ? `judges (exit ${EXIT.gate})` : `fails (exit ${EXIT.gateEmpty}); --allow-empty passes`;
      it(`${rule.flags.join(' ')} × ${input.name}: ${outcome}`, async () => {
        const r = await audit(input, rule.flags, ['--format', 'json']);
        const gate = (JSON.parse(r.stdout) as GateJson).meta.gate;
        expect(gate.passed).toBe(false);
        if (judges) {
          expect(r.code, r.stderr).toBe(EXIT.gate);
          expect(gate.unjudged).toEqual([]);
          return;
        }
        expect(r.code, r.stderr).toBe(EXIT.gateEmpty);
        expect(gate.unjudged).toHaveLength(1);
        expect(r.stderr).toMatch(/^✗ release gate failed: (no page read \(0 pages\)|judged nothing by a rule \(\d+ pages? read\))$/m);
        if (rule.reads === 'history' && input.project === 'once.example') {
          expect(gate.unjudged).toEqual([
            { rule: rule.flags.join(' '), why: 'no earlier analysis of the 2 pages read to compare with, so nothing was judged' },
          ]);
          // How a history starts, in one line.
          expect(r.stderr).toContain('  note: a score history starts with this run: every audit keeps the analyses it reads in $XDG_STATE_HOME/sitedeck');
        }
        const allowed = await audit(input, rule.flags, ['--allow-empty']);
        expect(allowed.code, allowed.stderr).toBe(EXIT.ok);
        expect(allowed.stderr + allowed.stdout).toMatch(/✓ release gate passed \(\d+ pages? read\)/);
      });
    }

  it('a history kept by one audit lets the next, after a re-analysis, judge what is new', async () => {
    const env = { ...fx.env, XDG_STATE_HOME: fresh() };
    const args = ['reports', 'audit', '--project', 'once.example', '--fail-on', 'new'];
    expect((await runCommand(args, { env })).code).toBe(EXIT.gateEmpty);
    const ids = fx.emulator
      .reports()
      .filter((x) => x.project === 'once.example')
      .map((x) => x.id);
    const rerun = await runCommand(['reports', 'rerun', '--ids', ids.join(',')], { env });
    expect(rerun.code, rerun.stderr).toBe(EXIT.ok);
    const again = await runCommand(args, { env });
    expect([EXIT.ok, EXIT.gate], again.stderr).toContain(again.code);
    expect(again.stderr).not.toContain('judged nothing');
    // It was the history that compared: a fresh state folder still has nothing to compare with.
    expect((await runCommand(args, { env: { ...env, XDG_STATE_HOME: fresh() } })).code).toBe(EXIT.gateEmpty);
  });

  it('refuses a check --max-failing does not know, with the nearest names or every name; --fail-on fixed is no value', async () => {
    const input = INPUTS[3];
    const cases: [string[], string][] = [
      [['--max-failing', 'nosuchcheck=5'], `sitedeck: --max-failing: no check 'nosuchcheck': the checks are ${CHECKS.map((c) => c.name).join(', ')}`],
      [['--max-failing', 'load_tme=2'], `sitedeck: --max-failing: no check 'load_tme': did you mean 'load_time'?`],
      [
        ['--max-failing', 'title=1,brand_new_check=0'],
        `sitedeck: --max-failing: no check 'brand_new_check': the checks are ${CHECKS.map((c) => c.name).join(', ')}`,
      ],
      [['--fail-on', 'fixed'], `sitedeck: --fail-on must be one of ${FAIL_ON.join(', ')} (got "fixed")`],
    ];
    for (const [flags, words] of cases) {
      fx.emulator.clearHits();
      const r = await audit(input, flags);
      expect([r.code, r.stderr.trim()], flags.join(' ')).toEqual([EXIT.usage, words]);
      expect(fx.emulator.hits).toHaveLength(0);
    }
  });

  it('property: any mix of rules never passes on an input that leaves one of them nothing to judge, unless --allow-empty', async () => {
    const rule = fc.constantFrom(...RULES);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(rule, { minLength: 1, maxLength: RULES.length }),
        fc.constantFrom(...INPUTS),
        fc.boolean(),
        async (rules, input, allow) => {
          const r = await audit(input, [...rules.flatMap((x) => x.flags), '--format', 'json'], allow ? ['--allow-empty'] : []);
          const unjudged = rules.filter((x) => !input.judges(x.reads));
          const judged = rules.length - unjudged.length;
          // A rule that judges here breaks; one that cannot fails the gate unless allowed.
          const want = judged ? EXIT.gate : allow ? EXIT.ok : EXIT.gateEmpty;
          expect(r.code, `${rules.map((x) => x.flags.join(' ')).join(' ')} × ${input.name}${allow ? ' --allow-empty' : ''}: ${r.stderr}`).toBe(want);
          expect((JSON.parse(r.stdout) as GateJson).meta.gate.passed).toBe(want === EXIT.ok);
        },
      ),
      { seed: 55, numRuns: 40 },
    );
  });
});
